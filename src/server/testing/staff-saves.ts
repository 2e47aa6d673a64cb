import type { BodyOf } from '@shared/api/contract.js';
import { API } from '@shared/api/index.js';
import { slotForSignup } from '@shared/lineup.js';
import { type EventDetail, eventFieldsSchema, type SaveEventBody } from '@shared/schemas/events.js';
import { intake } from './fixtures.js';
import type { SignedIn, TestApp } from './harness.js';

// What staff do to an event, through the API as the event page does it: for tests that follow a
// change to wherever it shows (the public pages, another app instance).

/** Create Event: Sunday Service on 9 June 2030 at 20:00 London, hosted by Hal, signups open, unless `fields` say otherwise. */
export async function createEventAs(app: TestApp, host: SignedIn, fields: Partial<BodyOf<typeof API.events.createEvent>> = {}): Promise<string> {
  const body = { name: 'Sunday Service', startDatetime: '2030-06-09T19:00:00.000Z', host: 'Hal', signupsAreOpen: true, message: '', footer: '', ...fields };
  const created = await app.call(API.events.createEvent, { body }, { as: host });
  if (created.status !== 201) throw new Error(`Create Event answered ${created.status}: ${JSON.stringify(created.body)}`);
  return created.body.id;
}

/** The save body the event page sends for a loaded event, with these edits. */
export const draftOf = (event: EventDetail, edits: Partial<SaveEventBody> = {}): SaveEventBody => ({
  baseVersion: event.version,
  event: eventFieldsSchema.parse(event),
  resolvedUpdates: [],
  signups: event.signups,
  slots: event.slots,
  removedSignupUuids: [],
  ...edits,
});

/**
 * Each DJ signs up with their act's name, then staff save every signup into the lineup in the
 * acts' alphabetical order. Answers each act's signup uuid and the saved event's version.
 */
export async function lineupOfActs(app: TestApp, host: SignedIn, eventId: string, acts: ReadonlyArray<readonly [SignedIn, string]>): Promise<{ uuids: Record<string, string>; version: number }> {
  for (const [dj, act] of acts) {
    const sent = await app.call(API.signup.submitSignup, { body: intake(eventId, { name: act }) }, { as: dj });
    if (sent.status !== 200) throw new Error(`The signup of ${act} answered ${sent.status}: ${JSON.stringify(sent.body)}`);
  }
  const current = (await app.call(API.events.getEvent, { params: { eventId } }, { as: host })).body;
  const signups = [...current.signups].sort((a, b) => a.name.localeCompare(b.name));
  const saved = await app.call(API.events.saveEvent, {
    params: { eventId },
    body: { baseVersion: current.version, event: current, signups: current.signups, slots: signups.map((signup) => slotForSignup(signup)), removedSignupUuids: [] },
  }, { as: host });
  if (saved.status !== 200) throw new Error(`Save answered ${saved.status}: ${JSON.stringify(saved.body)}`);
  return { uuids: Object.fromEntries(signups.map((signup) => [signup.name, signup.uuid])), version: saved.body.version };
}

/** A Save of the event as it is stored, every signup in the lineup in order, with these changes. */
export async function saveEventAs(app: TestApp, host: SignedIn, eventId: string, change: { name?: string; debut?: boolean; act?: string } = {}): Promise<void> {
  const event = (await app.call(API.events.getEvent, { params: { eventId } }, { as: host })).body;
  const body: SaveEventBody = {
    baseVersion: event.version,
    event: { ...eventFieldsSchema.parse(event), ...(change.name !== undefined && { name: change.name }) },
    signups: event.signups.map(({ formData: _answers, ...signup }) => ({ ...signup, isDebut: change.debut ?? signup.isDebut, name: change.act ?? signup.name })),
    slots: event.signups.map((signup) => slotForSignup(signup)),
    removedSignupUuids: [],
    resolvedUpdates: [],
  };
  const saved = await app.call(API.events.saveEvent, { params: { eventId }, body }, { as: host });
  if (saved.status !== 200) throw new Error(`Save answered ${saved.status}: ${JSON.stringify(saved.body)}`);
}

/** Publish Event (anyway, whatever the preflight says), Unpublish or Cancel, at the stored version. */
export async function lifecycleAs(app: TestApp, host: SignedIn, eventId: string, step: 'publish' | 'unpublish' | 'cancel'): Promise<void> {
  const baseVersion = (await app.call(API.events.getEvent, { params: { eventId } }, { as: host })).body.version;
  const params = { eventId };
  const answer =
    step === 'publish'
      ? await app.call(API.events.publishEvent, { params, body: { baseVersion, anyway: true } }, { as: host })
      : await app.call(step === 'unpublish' ? API.events.unpublishEvent : API.events.cancelEvent, { params, body: { baseVersion } }, { as: host });
  if (answer.status !== 200) throw new Error(`${step} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
}
