import { randomUUID } from 'node:crypto';
import { type APIRequestContext, type APIResponse, expect } from '@playwright/test';
import type { CallInput, Contract } from '@shared/api/contract';
import { API } from '@shared/api/index';
import { setTestClock as setTestClockContract } from '@shared/api/testing';
import type { Confirmation, SignupType } from '@shared/domain';
import type { Dj } from '@shared/schemas/djs';
import type { Signup, Slot } from '@shared/schemas/lineup';
import { slotForSignup } from '@shared/lineup';
import { djToInput, type RosterDj } from '@shared/schemas/djs';
import {
  type CreateEventRequest,
  type EventDetail,
  eventFieldsSchema,
  type EventFormValues,
  type SaveEventBody,
  saveEventSchema,
} from '@shared/schemas/events';
import type { Settings } from '@shared/schemas/settings';
import { SIGNUP_ANSWER_DEFAULTS } from '@shared/schemas/signup-answers';
import type { SignupIntake } from '@shared/schemas/signup-intake';
import { type Answer, callContract } from '@shared/testing/api-client';

// Every piece of test data the end-to-end tests make through the API, as small named steps.
// The tests start on an empty database (no demo data) and build what they need with these;
// no spec builds a request body itself, so a change to the API's request shapes is fixed here.
//
// `request` is a signed-in page's `page.request` (it shares the page's session cookie): staff
// for events, DJs, lineups and publishing; the DJ themselves for `submitSignup`.

/**
 * Calls an endpoint through its contract as `as` (a page's request context, signed in or not):
 * typed from the contract, and checked against it, as the server's tests call (testing/harness.ts).
 * An answer's `body` is the success (reading it off an error throws, naming the error).
 */
export function call<C extends Contract>(contract: C, input: CallInput<C>, { as }: { as: APIRequestContext }): Promise<Answer<C>> {
  return callContract(
    async ({ method, url, headers, body }) => {
      const response = await as.fetch(url, { method, headers, data: body });
      // headersArray: headers() joins repeated ones (Set-Cookie) with a newline, which Headers refuses.
      const answered = new Headers(response.headersArray().map(({ name, value }): [string, string] => [name, value]));
      return { status: response.status(), headers: answered, text: await response.text() };
    },
    contract,
    input,
  );
}

// ---- Times -------------------------------------------------------------------------------

/** `days` days from now (negative: ago) at `utcHour`:00 UTC, as an ISO instant. From the test's own clock. */
export function daysFromNow(days: number, utcHour = 19): string {
  const at = new Date(Date.now() + days * 24 * 3_600_000);
  at.setUTCHours(utcHour, 0, 0, 0);
  return at.toISOString();
}

/** `minutes` minutes ago, to the minute, as an ISO instant: a start that makes an event in progress now. */
export function minutesAgo(minutes: number): string {
  const at = new Date(Date.now() - minutes * 60_000);
  at.setUTCSeconds(0, 0);
  return at.toISOString();
}

// ---- Events --------------------------------------------------------------------------------

export interface EventInput {
  name: string;
  /** ISO instant. */
  start: string;
  host?: string;
  message?: string;
  footer?: string;
  /** Default true. */
  signupsAreOpen?: boolean;
  /** The public watch links (Setup tab); default none. */
  publicLinks?: EventFormValues['publicLinks'];
}

/**
 * Creates an event (as Create Event does) and returns its id. Tests running at once share days,
 * so the same-day question is answered yes in advance.
 */
export async function createEvent(request: APIRequestContext, input: EventInput): Promise<string> {
  const body: CreateEventRequest = {
    name: input.name,
    startDatetime: input.start,
    host: input.host ?? 'E2E Host',
    message: input.message ?? '',
    footer: input.footer ?? '',
    signupsAreOpen: input.signupsAreOpen ?? true,
    confirmSameDay: true,
    signupsCloseAt: null,
    signupCap: null,
    publicLinks: input.publicLinks ?? [],
  };
  return (await call(API.events.createEvent, { body }, { as: request })).body.id;
}

export async function getEvent(request: APIRequestContext, eventId: string): Promise<EventDetail> {
  return (await call(API.events.getEvent, { params: { eventId } }, { as: request })).body;
}

/** What a save changes; everything else stays as stored. */
interface Draft {
  fields: EventFormValues;
  signups: Signup[];
  /** The lineup: signup uuids in slot order. */
  lineup: string[];
}

/**
 * Saves the event as the event page does (the whole draft against the version it read), after
 * `edit` changed the stored state. Slots already in the lineup are kept as stored (stream
 * details included); a signup new to the lineup gets the slot the lineup builder makes for it.
 */
async function saveEvent(
  request: APIRequestContext,
  eventId: string,
  edit: (draft: Draft) => Draft,
  editSlot: (slot: Slot) => Slot = (slot) => slot,
): Promise<EventDetail> {
  const stored = await getEvent(request, eventId);
  const storedSlots = new Map(stored.slots.flatMap((slot) => (slot.signupUuid ? [[slot.signupUuid, slot] as const] : [])));
  const draft = edit({
    fields: eventFieldsSchema.parse(stored),
    signups: stored.signups,
    lineup: stored.slots.flatMap((slot) => (slot.signupUuid ? [slot.signupUuid] : [])),
  });
  const kept = new Set(draft.signups.map((signup) => signup.uuid));
  const body: SaveEventBody = {
    baseVersion: stored.version,
    event: draft.fields,
    signups: draft.signups,
    slots: draft.lineup.map((uuid) => {
      const signup = draft.signups.find((candidate) => candidate.uuid === uuid);
      if (!signup) throw new Error(`saveEvent: no signup ${uuid} for the lineup`);
      return editSlot(storedSlots.get(uuid) ?? slotForSignup(signup));
    }),
    removedSignupUuids: stored.signups.filter((signup) => !kept.has(signup.uuid)).map((signup) => signup.uuid),
    resolvedUpdates: [],
  };
  // The save's own schema picks what a client sends (e.g. not the DJs' answers).
  return (await call(API.events.saveEvent, { params: { eventId }, body: saveEventSchema.parse(body) }, { as: request })).body;
}

/** Changes the event's own fields (name, start, host, signups open, …). */
export function updateEvent(request: APIRequestContext, eventId: string, fields: Partial<EventFormValues>): Promise<EventDetail> {
  return saveEvent(request, eventId, (draft) => ({ ...draft, fields: { ...draft.fields, ...fields } }));
}

/** Staff give the event its public watch links (Setup's "Public links"). */
export function setPublicLinks(request: APIRequestContext, eventId: string, links: EventFormValues['publicLinks']): Promise<EventDetail> {
  return updateEvent(request, eventId, { publicLinks: links });
}

/** Staff open or close the event's signups. */
export function setSignupsOpen(request: APIRequestContext, eventId: string, open: boolean): Promise<EventDetail> {
  return updateEvent(request, eventId, { signupsAreOpen: open });
}

export interface SignupInput {
  /** The DJs, the first being the signup's main DJ (more: back to back). */
  djs: Dj[];
  /** Default: the DJs' names joined with ' b2b '. */
  name?: string;
  isDebut?: boolean;
  /** Hours; default 1. */
  requestedDuration?: Signup['requestedDuration'];
  type?: SignupType;
}

/**
 * Staff add signups to the event (as 'Add DJ to Signups' does), in the Signups column, not in
 * the lineup. Returns the new signups' uuids, in order.
 */
export async function addSignups(request: APIRequestContext, eventId: string, inputs: SignupInput[]): Promise<string[]> {
  const added: Signup[] = inputs.map((input) => ({
    uuid: randomUUID(),
    name: input.name ?? input.djs.map((dj) => dj.djName).join(' b2b '),
    djRefs: input.djs.map((dj) => dj.id),
    isDebut: input.isDebut ?? false,
    requestedDuration: input.requestedDuration ?? 1,
    type: input.type ?? 'LIVE',
    formData: null,
    updatePendingAt: null,
    updateFields: [],
    updatedAnswers: null,
    confirmations: {},
    standby: false, streamTestedAt: null,
  }));
  await saveEvent(request, eventId, (draft) => ({ ...draft, signups: [...draft.signups, ...added] }));
  return added.map((signup) => signup.uuid);
}

/** Puts the event's signups (by uuid) at the end of its lineup, in this order (as 'Add to Lineup' does). */
export function putInLineup(request: APIRequestContext, eventId: string, signupUuids: string[]): Promise<EventDetail> {
  return saveEvent(request, eventId, (draft) => ({ ...draft, lineup: [...draft.lineup, ...signupUuids] }));
}

/** Staff add a DJ to a signup as a back-to-back partner ('Add DJ to Slot (B2B)'). */
export function addPartner(request: APIRequestContext, eventId: string, signupUuid: string, djId: string): Promise<EventDetail> {
  return saveEvent(request, eventId, (draft) => ({
    ...draft,
    signups: draft.signups.map((signup) => (signup.uuid === signupUuid ? { ...signup, djRefs: [...signup.djRefs, djId] } : signup)),
  }));
}

/** Staff rename a signup (its name in the lineup). */
export function renameSignup(request: APIRequestContext, eventId: string, signupUuid: string, name: string): Promise<EventDetail> {
  return saveEvent(request, eventId, (draft) => ({
    ...draft,
    signups: draft.signups.map((signup) => (signup.uuid === signupUuid ? { ...signup, name } : signup)),
  }));
}

/** Adds signups for these DJs and puts them all in the lineup, in order. */
export async function saveLineup(request: APIRequestContext, eventId: string, inputs: SignupInput[]): Promise<EventDetail> {
  return putInLineup(request, eventId, await addSignups(request, eventId, inputs));
}

/** Every slot without a stream source streams from this link (a preflight requirement). */
export function fillStreamSources(request: APIRequestContext, eventId: string, url = 'rtmp://stream.example/live/e2e'): Promise<EventDetail> {
  return saveEvent(request, eventId, (draft) => draft, (slot) => (slot.streamSourceUrl || slot.streamSourceType === 'PRERECORD' ? slot : { ...slot, streamSourceUrl: url }));
}

/** Staff record a DJ's answer to their proposed slot. */
export async function setConfirmation(request: APIRequestContext, eventId: string, djId: string, confirmation: Confirmation): Promise<EventDetail> {
  return (await call(API.events.setConfirmation, { params: { eventId }, body: { djId, confirmation } }, { as: request })).body;
}

/** Staff tick an optional preflight step off (or on again), as the Preflight tab does. */
export async function setPreflightStep(request: APIRequestContext, eventId: string, done: boolean): Promise<EventDetail> {
  return (await call(API.events.setPreflightStep, { params: { eventId }, body: { step: 'textsCopied', done } }, { as: request })).body;
}

/**
 * Publishes the event ('Publish Event') after doing what its preflight requires, as a host
 * would: every slot gets a stream source and every DJ in the lineup is confirmed.
 */
export async function publish(request: APIRequestContext, eventId: string): Promise<EventDetail> {
  const stored = await fillStreamSources(request, eventId);
  const inLineup = new Set(stored.slots.map((slot) => slot.signupUuid));
  for (const signup of stored.signups.filter((candidate) => inLineup.has(candidate.uuid))) {
    for (const djId of signup.djRefs) await setConfirmation(request, eventId, djId, 'confirmed');
  }
  const current = await getEvent(request, eventId);
  return (await call(API.events.publishEvent, { params: { eventId }, body: { baseVersion: current.version } }, { as: request })).body;
}

// ---- DJs -----------------------------------------------------------------------------------

let discordIds = 0;
/** A Discord ID no other test uses: 19 digits (the dev accounts' are 18, starting with 9). */
export function uniqueDiscordId(): string {
  discordIds = (discordIds + 1) % 100;
  return `${Date.now()}`.padStart(13, '1') + String(discordIds).padStart(2, '0') + String(Math.floor(Math.random() * 1e4)).padStart(4, '0');
}

export interface DjInput {
  djName: string;
  /** Default: the Dj Name followed by ' pub'. */
  publicName?: string;
  /** Default: a fresh unique one. */
  discordId?: string;
  rtmpUrl?: string;
  twitchUsername?: string;
}

/** Creates a roster DJ (as Create Dj does). */
export async function createDj(request: APIRequestContext, input: DjInput): Promise<Dj> {
  const body = {
    discordId: input.discordId ?? uniqueDiscordId(),
    publicName: input.publicName ?? `${input.djName} pub`,
    djName: input.djName,
    rtmpUrl: input.rtmpUrl ?? '',
    twitchUsername: input.twitchUsername ?? '',
  };
  return (await call(API.djs.createDj, { body }, { as: request })).body;
}

/** `count` roster DJs named `${prefix} 001`, `${prefix} 002`, … (a grown community). */
export async function createDjs(request: APIRequestContext, prefix: string, count: number): Promise<Dj[]> {
  const djs: Dj[] = [];
  for (let i = 1; i <= count; i++) djs.push(await createDj(request, { djName: `${prefix} ${String(i).padStart(3, '0')}` }));
  return djs;
}

/** The signed-in person's own roster entry, as signing in made it. */
export async function myDjId(request: APIRequestContext): Promise<string> {
  const me = (await call(API.auth.getMe, {}, { as: request })).body;
  if (!me.djId) throw new Error('myDjId: the signed-in person has no roster entry');
  return me.djId;
}

/** Staff put a stream link on a roster DJ (as editing Dj Details does): where their slot streams from. */
export async function setDjStreamLink(request: APIRequestContext, djId: string, rtmpUrl: string): Promise<Dj> {
  const { dj } = (await call(API.djs.getDj, { params: { djId } }, { as: request })).body;
  return (await call(API.djs.updateDj, { params: { djId }, body: { ...djToInput(dj), rtmpUrl } }, { as: request })).body;
}

/** Every active DJ on the roster (it comes in pages: read them all), or those the search matches. */
export async function roster(request: APIRequestContext, search = ''): Promise<RosterDj[]> {
  const djs: RosterDj[] = [];
  for (let offset = 0; ; offset += 100) {
    const page = (await call(API.djs.getRoster, { query: { search, limit: 100, offset } }, { as: request })).body;
    djs.push(...page.djs);
    if (djs.length >= page.meta.matching || page.djs.length === 0) return djs;
  }
}

/** The roster's Total Plays of one DJ; -1 if the DJ is not on the roster. */
export async function totalPlays(request: APIRequestContext, djId: string): Promise<number> {
  return (await roster(request)).find((dj) => dj.id === djId)?.totalPlays ?? -1;
}

/** The event the roster shows a DJ booked for next (not yet a play: decision 040), or null. */
export async function nextBooking(request: APIRequestContext, djId: string): Promise<string | null> {
  return (await roster(request)).find((dj) => dj.id === djId)?.nextPlay?.eventId ?? null;
}

// ---- The DJ's own signup ---------------------------------------------------------------------

/**
 * The signed-in DJ submits (or updates) their signup for the event through the intake call the
 * wizard uses. Defaults: their answers for a one-hour prerecorded set, any time.
 */
export async function submitSignup(
  request: APIRequestContext,
  eventId: string,
  answers: Partial<Omit<SignupIntake, 'event_id'>> & { name: string },
): Promise<void> {
  // Each answer's default (decision 006: a new answer needs nothing here), a prerecorded set.
  const body: SignupIntake = {
    ...(SIGNUP_ANSWER_DEFAULTS as SignupIntake),
    event_id: eventId,
    type: 'PRERECORD',
    confirm_expectations: true,
    ...answers,
  };
  void (await call(API.signup.submitSignup, { body }, { as: request })).body;
}

/** Whether staff can still open the event (false once it is deleted). */
export async function eventExists(request: APIRequestContext, eventId: string): Promise<boolean> {
  const answer = await call(API.events.getEvent, { params: { eventId } }, { as: request });
  if (answer.status === 404) return false;
  void answer.body;
  return true;
}

// ---- The fake Discord (global-setup.ts) ------------------------------------------------------

interface FakeWebhook {
  id: string;
  url: string;
}

/** What the fake Discord holds of a message: the webhook's latest content and allowed_mentions. */
export interface FakeDiscordMessage {
  id: string;
  webhookId: string;
  content: string;
  allowedMentions: unknown;
  edits: number;
}

const fakeDiscord = (path: string) => `${process.env.E2E_DISCORD_URL}${path}`;

/** The fake's answer as JSON, once it said yes. */
async function fakeAnswer<T>(response: APIResponse, what: string): Promise<T> {
  expect(response.ok(), `${what}: ${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/** A new webhook the fake Discord knows, its URL under the origin the servers accept. */
export async function newFakeWebhook(request: APIRequestContext): Promise<FakeWebhook> {
  return fakeAnswer<FakeWebhook>(await request.post(fakeDiscord('/_fake/webhooks')), 'make a fake webhook');
}

/** The messages posted through the webhook, as Discord keeps them. */
export async function fakeDiscordMessages(request: APIRequestContext, webhookId: string): Promise<FakeDiscordMessage[]> {
  const messages = await fakeAnswer<FakeDiscordMessage[]>(await request.get(fakeDiscord('/_fake/messages')), 'read the fake Discord');
  return messages.filter((message) => message.webhookId === webhookId);
}

/** The signed-in DJ confirms the slot proposed to them (as 'Confirm' on their signup does). */
export async function confirmSlot(request: APIRequestContext, eventId: string): Promise<void> {
  void (await call(API.signup.confirmSlot, { body: { event_id: eventId, confirmation: 'confirmed' } }, { as: request })).body;
}

/** Staff put this DJ's signup for the event (the one naming them) at the end of its lineup. */
export async function putDjInLineup(request: APIRequestContext, eventId: string, djId: string): Promise<EventDetail> {
  const stored = await getEvent(request, eventId);
  const signup = stored.signups.find((candidate) => candidate.djRefs.includes(djId));
  if (!signup) throw new Error(`putDjInLineup: no signup names DJ ${djId}`);
  return putInLineup(request, eventId, [signup.uuid]);
}

// ---- Global Settings -------------------------------------------------------------------------

/** Staff set the scheduling webhook (Global Settings → Discord webhooks); a partial save keeps the rest. */
export async function setSchedulingWebhook(request: APIRequestContext, url: string): Promise<void> {
  void (await call(API.settings.saveSettings, { body: { discordWebhookChanges: { scheduling: url } } }, { as: request })).body;
}

/**
 * An app started with TEST_CLOCK=on (README): its schedule of posts to DJs now runs at `at`, and
 * what is due then is sent before this answers. As an admin.
 */
export async function setTestClock(request: APIRequestContext, at: string | number) {
  return (await call(setTestClockContract, { body: { now: new Date(at).toISOString() } }, { as: request })).body;
}

/** Staff set whom a member without roles asks for one (Global Settings); a partial save keeps the rest. */
export async function setContact(request: APIRequestContext, contactHostName: string, chatServerUrl: string): Promise<Settings> {
  return (await call(API.settings.saveSettings, { body: { contactHostName, chatServerUrl } }, { as: request })).body;
}
