import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { DiscordMessage } from '@shared/announcements.js';
import { cancellationMessages, djSlots, lineupChangeMessages, lineupChanges, plannedReminders, type PlannedReminder, type PostEvent, type PostLinks } from '@shared/dj-posts.js';
import { paths, signupLink } from '@shared/paths.js';
import { namedDjs } from '@shared/lineup-save.js';
import { REMINDER_KINDS, type DjPostKind } from '@shared/schemas/dj-posts.js';
import type { Dj } from '@shared/schemas/djs.js';
import type { Dialect, Store } from '../db/open.js';
import type { Database } from '../db/schema.js';
import { findDjsById } from '../djs/rows.js';
import { findEvent } from '../events/repository.js';
import { findSignups } from '../lineup/signups.js';
import { findSlots } from '../lineup/slots.js';
import * as repository from './repository.js';
import { readReminderSettings } from './settings.js';

// Keeping the schedule in step (docs/decisions/043-a-durable-schedule-of-posts.md): an event's
// reminders follow its lineup, the settings and the DJs' choices, written in the transaction of
// the change that moved them; a saved lineup change or a cancellation adds its post there too.

type Trx = Transaction<Database> | Kysely<Database>;

/** An event as the schedule reads it: its lineup, its DJs, whether it is off. */
export type ScheduledEvent = PostEvent & { id: string; cancelled: boolean; endDatetime: string; djs: Record<string, Dj> };

/** What a change brings to the schedule: the moment, and the app's address for the posts' links. */
export interface ScheduleMoment {
  now: number;
  /** PUBLIC_URL, or the address the request that made the change came to; null when neither is known. */
  origin: string | null;
}

/** What a service that changes a lineup needs of the schedule: the moment, the database's dialect (to lock), and a kick once it has committed. */
export interface PostsOfChange extends ScheduleMoment {
  dialect: Dialect;
  /** Sends what the change made due, once its transaction has committed. */
  kick(): void;
}

/** The links a post carries from `origin`. */
export const postLinks = (origin: string | null, eventId: string): PostLinks | null =>
  origin ? { signup: signupLink(origin, eventId), home: `${origin}${paths.home()}` } : null;

/**
 * Locks the event's row for the rest of the transaction (PostgreSQL; SQLite runs one writer at a
 * time), before anything else is written: a staff save and a DJ's intake take it first as well.
 */
export async function lockEvent(trx: Trx, dialect: Dialect, eventId: string): Promise<boolean> {
  return (await findEvent(trx, eventId, { dialect })) !== undefined;
}

/** The event as stored, for the schedule. */
export async function readScheduledEvent(trx: Trx, eventId: string): Promise<ScheduledEvent | undefined> {
  const [event, signups, slots] = await Promise.all([findEvent(trx, eventId), findSignups(trx, eventId), findSlots(trx, eventId)]);
  if (!event) return undefined;
  return { ...event, signups, slots, djs: await findDjsById(trx, namedDjs({ signups, slots })) };
}

/**
 * Brings the event's reminders in step with what it now calls for (shared/dj-posts.ts): new ones
 * scheduled, moved ones moved (a skipped or failed one too), those no longer called for dropped;
 * one already sent stays sent while its subject (the slot's or event's start) stays, and is sent
 * again for a new one. A post an instance is sending is left to it. True when a post it scheduled
 * is already due.
 */
export async function keepRemindersInStep(trx: Trx, event: ScheduledEvent, { now, origin }: ScheduleMoment): Promise<boolean> {
  const settings = await readReminderSettings(trx);
  const lineupDjs = Object.keys(event.djs);
  const [remindersOff, stored] = await Promise.all([
    repository.findRemindersOff(trx, lineupDjs),
    repository.findEventPosts(trx, event.id),
  ]);
  // One already too late for a slot that has begun is not worth a line on the list (a past event's lineup edited).
  const planned = plannedReminders({ event, djs: event.djs, settings, remindersOff }).filter((reminder) => reminder.sendUntil >= now || reminder.subjectAt > now);
  const key = (kind: string, djId: string | null) => `${kind}:${djId}`;
  const existing = new Map(stored.filter((post) => (REMINDER_KINDS as readonly string[]).includes(post.kind)).map((post) => [key(post.kind, post.djId), post]));
  let dueNow = false;
  const schedule = (reminder: PlannedReminder) => {
    dueNow ||= reminder.dueAt <= now;
    return { dueAt: reminder.dueAt, sendUntil: reminder.sendUntil, subjectAt: reminder.subjectAt };
  };

  for (const reminder of planned) {
    const post = existing.get(key(reminder.kind, reminder.djId));
    existing.delete(key(reminder.kind, reminder.djId));
    if (!post) {
      await repository.insertPost(trx, {
        id: randomUUID(),
        eventId: event.id,
        kind: reminder.kind,
        djId: reminder.djId,
        djIds: [reminder.djId],
        ...schedule(reminder),
        content: null,
        mentions: [],
        origin,
        now,
      });
    } else if (post.state === 'sent' ? post.subjectAt !== reminder.subjectAt : post.state !== 'sending' && !sameTimes(post, reminder)) {
      // Sent: again only for a new subject (the slot moved). Scheduled, skipped or failed: at its new time.
      await repository.reschedule(trx, post.id, schedule(reminder), origin ?? post.origin, now);
    }
  }
  // No longer called for: what was sent stays on the list; the rest goes.
  await repository.deletePosts(trx, [...existing.values()].filter((post) => post.state !== 'sent').map((post) => post.id));
  return dueNow;
}

const sameTimes = (post: repository.StoredPost, reminder: PlannedReminder) =>
  post.dueAt === reminder.dueAt && post.sendUntil === reminder.sendUntil && post.subjectAt === reminder.subjectAt;

/** The lineup change or cancellation staff saw and chose to send: one post per message, due now. */
export async function scheduleNotice(
  trx: Trx,
  { eventId, kind, messages, djIds, sendUntil, now, origin }: { eventId: string; kind: Extract<DjPostKind, 'lineup_change' | 'event_cancelled'>; messages: readonly DiscordMessage[]; djIds: readonly string[]; sendUntil: number } & ScheduleMoment,
): Promise<boolean> {
  for (const message of messages) {
    await repository.insertPost(trx, {
      id: randomUUID(),
      eventId,
      kind,
      djId: null,
      djIds,
      dueAt: now,
      sendUntil: Math.max(sendUntil, now),
      subjectAt: null,
      content: message.content,
      mentions: message.mentions.users,
      origin,
      now,
    });
  }
  return messages.length > 0;
}

/** One event's reminders brought in step in a transaction of their own, its row locked first. True when a post is due already. */
export function keepEventInStep(store: Pick<Store, 'db' | 'dialect'>, eventId: string, moment: ScheduleMoment): Promise<boolean> {
  return store.db.transaction().execute(async (trx) => {
    if (!(await lockEvent(trx, store.dialect, eventId))) return false;
    const event = await readScheduledEvent(trx, eventId);
    return event ? keepRemindersInStep(trx, event, moment) : false;
  });
}

/**
 * After a staff save, in its transaction: the reminders follow the lineup, and when staff chose
 * to tell them (they saw the post in the save bar), the DJs with a new or moved slot get one post.
 */
export async function afterLineupSaved(
  trx: Trx,
  { before, after, notify, posts }: { before: PostEvent; after: ScheduledEvent; notify: boolean; posts: PostsOfChange },
): Promise<boolean> {
  let due = await keepRemindersInStep(trx, after, posts);
  if (notify && !after.cancelled) {
    const { told } = lineupChanges(before, after, after.djs);
    const messages = lineupChangeMessages(after, told, postLinks(posts.origin, after.id));
    const djIds = told.map((change) => change.slot.djId);
    due = (await scheduleNotice(trx, { eventId: after.id, kind: 'lineup_change', messages, djIds, sendUntil: Date.parse(after.endDatetime), ...posts })) || due;
  }
  return due;
}

/**
 * After a cancellation or a restore, in its transaction: a cancelled event keeps no reminders (a
 * restored one gets them back), and when staff chose to, the lineup's DJs are told in one post.
 */
export async function afterCancelledOrRestored(trx: Trx, { event, notify, posts }: { event: ScheduledEvent; notify: boolean; posts: PostsOfChange }): Promise<boolean> {
  let due = await keepRemindersInStep(trx, event, posts);
  if (event.cancelled && notify) {
    const slots = [...djSlots(event, event.djs).values()];
    const messages = cancellationMessages(event, slots);
    const djIds = slots.filter((slot) => slot.discordId !== null).map((slot) => slot.djId);
    due = (await scheduleNotice(trx, { eventId: event.id, kind: 'event_cancelled', messages, djIds, sendUntil: Date.parse(event.startDatetime), ...posts })) || due;
  }
  return due;
}
