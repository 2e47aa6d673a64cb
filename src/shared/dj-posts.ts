// What the app posts DJs on its own (issue 35), as pure functions both sides share: which
// reminders an event's lineup calls for and when, what a saved lineup change tells whom (the save
// bar's preview and the server's post are the same text), and every text. Each text mentions
// exactly the DJs it addresses (the mentions a post lets ping), names what people typed with
// discordName, and gives times as Discord timestamps, which each reader sees in their own zone.
import { type AnnouncementEvent, type DiscordMessage, discordTime, Mentions, mentionableId } from './announcements.js';
import { DISCORD_MESSAGE_LIMIT } from './discord-webhooks.js';
import { discordName } from './discord-text.js';
import type { Confirmation } from './domain.js';
import { placeSlots } from './lineup.js';
import type { Dj } from './schemas/djs.js';
import type { ReminderKind, ReminderSettings } from './schemas/dj-posts.js';
import { toIsoUtc } from './time.js';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

export type PostEvent = Pick<AnnouncementEvent, 'name' | 'startDatetime' | 'slots' | 'signups'>;

/** A DJ's place in a lineup: their first slot (a DJ is on one signup per event). */
export interface DjSlot {
  djId: string;
  /** What a post may mention them by; null: they cannot be pinged. */
  discordId: string | null;
  slotName: string;
  /** Epoch milliseconds. */
  start: number;
  end: number;
  /** Their answer; null for a legacy slot, which nobody was asked to confirm. */
  confirmation: Confirmation | null;
}

/** Every DJ the lineup names, with their first slot. */
export function djSlots(event: PostEvent, djs: Record<string, Dj>): Map<string, DjSlot> {
  const slots = new Map<string, DjSlot>();
  for (const placed of placeSlots(event, djs)) {
    for (const djId of placed.djIds) {
      if (slots.has(djId)) continue;
      slots.set(djId, {
        djId,
        discordId: mentionableId(djs[djId]),
        slotName: placed.name ?? djs[djId]?.djName ?? '',
        start: Date.parse(placed.startTime),
        end: Date.parse(placed.endTime),
        confirmation: placed.signup ? (placed.signup.confirmations[djId] ?? 'proposed') : null,
      });
    }
  }
  return slots;
}

/** A reminder the lineup calls for. Times are epoch milliseconds. */
export interface PlannedReminder {
  kind: ReminderKind;
  djId: string;
  dueAt: number;
  /** Sent no later than this (a missed reminder is skipped after it): the lateness limit, and never after what it is about has begun. */
  sendUntil: number;
  /** The instant it is about (the slot's start, the event's start): a reminder already sent is not sent again while this stays. */
  subjectAt: number;
}

export interface ReminderPlanInput {
  event: PostEvent & { cancelled: boolean };
  djs: Record<string, Dj>;
  settings: ReminderSettings;
  /** DJs who turned their reminders off. */
  remindersOff: ReadonlySet<string>;
}

/**
 * The reminders an event calls for: each lineup DJ who can be mentioned, has not turned them off
 * and has not said they cannot make it is reminded before their slot; those who have not
 * answered yet, before the event as well. None for a cancelled event.
 */
export function plannedReminders({ event, djs, settings, remindersOff }: ReminderPlanInput): PlannedReminder[] {
  if (event.cancelled) return [];
  const late = settings.lateLimitMinutes * MINUTE_MS;
  const eventStart = Date.parse(event.startDatetime);
  const planned: PlannedReminder[] = [];
  for (const slot of djSlots(event, djs).values()) {
    if (slot.discordId === null || remindersOff.has(slot.djId) || slot.confirmation === 'declined') continue;
    if (settings.confirmReminder && slot.confirmation === 'proposed') {
      const dueAt = eventStart - settings.confirmReminderHours * HOUR_MS;
      planned.push({ kind: 'confirm_reminder', djId: slot.djId, dueAt, sendUntil: Math.min(dueAt + late, eventStart), subjectAt: eventStart });
    }
    if (settings.slotReminder) {
      const dueAt = slot.start - settings.slotReminderMinutes * MINUTE_MS;
      planned.push({ kind: 'slot_reminder', djId: slot.djId, dueAt, sendUntil: Math.min(dueAt + late, slot.start), subjectAt: slot.start });
    }
  }
  return planned;
}

/** A DJ a saved lineup gives a slot they did not have, or moves in time. */
export interface DjSlotChange {
  change: 'new' | 'moved';
  slot: DjSlot;
  /** Where a moved DJ was. */
  was: DjSlot | null;
}

/**
 * What a save changes for each DJ's slot, `before` to `after`: `told` are the DJs a post
 * mentions, `untold` the names of those it cannot (no Discord ID), for staff to tell themselves.
 */
export function lineupChanges(
  before: PostEvent,
  after: PostEvent,
  djs: Record<string, Dj>,
): { told: DjSlotChange[]; untold: string[] } {
  const was = djSlots(before, djs);
  const told: DjSlotChange[] = [];
  const untold: string[] = [];
  for (const slot of djSlots(after, djs).values()) {
    const earlier = was.get(slot.djId) ?? null;
    if (earlier && earlier.start === slot.start && earlier.end === slot.end) continue;
    if (slot.discordId === null) untold.push(djs[slot.djId]?.djName || djs[slot.djId]?.publicName || slot.slotName);
    else told.push({ change: earlier ? 'moved' : 'new', slot, was: earlier });
  }
  return { told, untold };
}

/** Absolute links a post may carry; null when the app's address is not known (no PUBLIC_URL, no request). */
export interface PostLinks {
  /** The event's signup page, where the DJ confirms. */
  signup: string;
  /** The DJ's Home, where they turn reminders off. */
  home: string;
}

/** A link Discord shows without a preview card (one per post is plenty). */
const bare = (url: string) => `<${url}>`;
const at = (ms: number, style: 'F' | 't' | 'R' | 'D') => discordTime(toIsoUtc(ms), style);
const span = (slot: Pick<DjSlot, 'start' | 'end'>) => `${at(slot.start, 't')}–${at(slot.end, 't')}`;
const eventLine = (event: Pick<PostEvent, 'name' | 'startDatetime'>) => `${discordName(event.name)} (${discordTime(event.startDatetime, 'F')})`;

/**
 * A header and lines as few Discord messages as fit (2000 characters each), every message with
 * the header and mentioning only the DJs of its own lines.
 */
function messagesOf(header: string, lines: ReadonlyArray<(mentions: Mentions) => string>): DiscordMessage[] {
  const messages: DiscordMessage[] = [];
  let mentions = new Mentions();
  let body: string[] = [];
  const flush = () => {
    if (body.length) messages.push(mentions.message([header, ...body].join('\n')));
    mentions = new Mentions();
    body = [];
  };
  for (const line of lines) {
    const probe = new Mentions();
    const text = line(probe);
    if (body.length && [header, ...body, text].join('\n').length > DISCORD_MESSAGE_LIMIT) flush();
    body.push(line(mentions));
  }
  flush();
  return messages;
}

/** The post a saved lineup change makes: one for the save (more only past Discord's length limit). */
export function lineupChangeMessages(event: PostEvent, changes: readonly DjSlotChange[], links: PostLinks | null): DiscordMessage[] {
  const confirm = links ? ` Confirm it here: ${bare(links.signup)}` : '';
  return messagesOf(
    `Lineup change for ${eventLine(event)}:`,
    changes.map(({ change, slot, was }) => (mentions: Mentions) => {
      const who = mentions.user(slot.discordId!);
      const name = discordName(slot.slotName);
      return change === 'new'
        ? `${who} you are in the lineup: ${name}, ${span(slot)}.${confirm}`
        : `${who} your slot moved: ${name}, now ${span(slot)} (was ${span(was!)}).`;
    }),
  );
}

/** The post a cancellation makes: every lineup DJ who can be mentioned. */
export function cancellationMessages(event: PostEvent, slots: readonly DjSlot[]): DiscordMessage[] {
  const mentioned = slots.filter((slot) => slot.discordId !== null);
  if (mentioned.length === 0) return [];
  return messagesOf(
    `${eventLine(event)} is cancelled: there is no slot to play. Thank you for signing up, and sorry for the change of plans.`,
    mentioned.map((slot) => (mentions: Mentions) => `${mentions.user(slot.discordId!)} ${discordName(slot.slotName)} (${span(slot)}) is off.`),
  );
}

/** The reminder before a DJ's slot: mentions only them, with their slot's times. */
export function slotReminderMessage(event: PostEvent, slot: DjSlot, links: PostLinks | null): DiscordMessage {
  const mentions = new Mentions();
  return mentions.message(
    [
      `${mentions.user(slot.discordId!)} your slot in ${discordName(event.name)} starts ${at(slot.start, 'R')}: ${discordName(slot.slotName)}, ${span(slot)} (${at(slot.start, 'D')}).`,
      ...(links ? [`Your signup: ${bare(links.signup)}`, `Reminders can be turned off on your Lineup home page: ${bare(links.home)}`] : []),
    ].join('\n'),
  );
}

/** The reminder to a DJ who has not confirmed yet: mentions only them. */
export function confirmReminderMessage(event: PostEvent, slot: DjSlot, links: PostLinks | null): DiscordMessage {
  const mentions = new Mentions();
  return mentions.message(
    [
      `${mentions.user(slot.discordId!)} please confirm your slot in ${eventLine(event)}: ${discordName(slot.slotName)}, ${span(slot)}.`,
      links ? `Confirm it here, or tell the hosts you can't make it: ${bare(links.signup)}` : "Confirm it on your Lineup signup page, or tell the hosts you can't make it.",
    ].join('\n'),
  );
}
