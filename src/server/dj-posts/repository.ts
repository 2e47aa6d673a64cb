import type { Kysely, Selectable, Transaction } from 'kysely';
import type { DjPostKind, DjPostOutcome, DjPostState } from '@shared/schemas/dj-posts.js';
import type { Dialect } from '../db/open.js';
import type { Database, ScheduledPostsTable } from '../db/schema.js';
import { fromFlag, toFlag } from '../db/values.js';

// The durable schedule (scheduled_posts) and DJs' own choices (dj_preferences). Every change of a
// post's state names the state it expects, so two app instances never both act on one post.

type Db = Kysely<Database> | Transaction<Database>;

export type PostRow = Selectable<ScheduledPostsTable>;

/** A post as the services read it: numbers as numbers, JSON parsed. */
export interface StoredPost {
  id: string;
  eventId: string;
  kind: DjPostKind;
  djId: string | null;
  djIds: string[];
  state: DjPostState;
  dueAt: number;
  sendUntil: number;
  subjectAt: number | null;
  content: string | null;
  mentions: string[];
  origin: string | null;
  outcome: DjPostOutcome | null;
  messageId: string | null;
  attempts: number;
  claimedBy: string | null;
  sentAt: number | null;
  createdAt: number;
}

const nullableNumber = (value: number | null) => (value === null ? null : Number(value));

export const postFromRow = (row: PostRow): StoredPost => ({
  id: row.id,
  eventId: row.event_id,
  kind: row.kind as DjPostKind,
  djId: row.dj_id,
  djIds: JSON.parse(row.dj_ids) as string[],
  state: row.state as DjPostState,
  dueAt: Number(row.due_at),
  sendUntil: Number(row.send_until),
  subjectAt: nullableNumber(row.subject_at),
  content: row.content,
  mentions: JSON.parse(row.mentions) as string[],
  origin: row.origin,
  outcome: row.outcome as DjPostOutcome | null,
  messageId: row.message_id,
  attempts: Number(row.attempts),
  claimedBy: row.claimed_by,
  sentAt: nullableNumber(row.sent_at),
  createdAt: Number(row.created_at),
});

export async function findEventPosts(db: Db, eventId: string): Promise<StoredPost[]> {
  const rows = await db.selectFrom('scheduled_posts').selectAll().where('event_id', '=', eventId).orderBy('due_at').orderBy('created_at').orderBy('id').execute();
  return rows.map(postFromRow);
}

export async function findPost(db: Db, eventId: string, id: string): Promise<StoredPost | undefined> {
  const row = await db.selectFrom('scheduled_posts').selectAll().where('event_id', '=', eventId).where('id', '=', id).executeTakeFirst();
  return row && postFromRow(row);
}

export interface NewPost {
  id: string;
  eventId: string;
  kind: DjPostKind;
  djId: string | null;
  djIds: readonly string[];
  dueAt: number;
  sendUntil: number;
  subjectAt: number | null;
  content: string | null;
  mentions: readonly string[];
  origin: string | null;
  now: number;
}

export async function insertPost(db: Db, post: NewPost): Promise<void> {
  await db
    .insertInto('scheduled_posts')
    .values({
      id: post.id,
      event_id: post.eventId,
      kind: post.kind,
      dj_id: post.djId,
      dj_ids: JSON.stringify(post.djIds),
      state: 'scheduled',
      due_at: post.dueAt,
      send_until: post.sendUntil,
      subject_at: post.subjectAt,
      content: post.content,
      mentions: JSON.stringify(post.mentions),
      origin: post.origin,
      outcome: null,
      message_id: null,
      attempts: 0,
      claimed_by: null,
      claimed_at: null,
      sent_at: null,
      created_at: post.now,
      updated_at: post.now,
    })
    .execute();
}

/** A reminder due at another time, or a new one for a new subject: scheduled again, its past outcome forgotten. */
export async function reschedule(db: Db, id: string, times: { dueAt: number; sendUntil: number; subjectAt: number | null }, origin: string | null, now: number): Promise<void> {
  await db
    .updateTable('scheduled_posts')
    .set({
      state: 'scheduled',
      due_at: times.dueAt,
      send_until: times.sendUntil,
      subject_at: times.subjectAt,
      origin,
      outcome: null,
      message_id: null,
      content: null,
      mentions: '[]',
      attempts: 0,
      claimed_by: null,
      claimed_at: null,
      sent_at: null,
      created_at: now,
      updated_at: now,
    })
    .where('id', '=', id)
    .where('state', '!=', 'sending')
    .execute();
}

export async function deletePosts(db: Db, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.deleteFrom('scheduled_posts').where('id', 'in', [...ids]).where('state', '!=', 'sending').execute();
}

/** Retry: a failed or skipped post is due now, with the lateness limit from now. */
export async function retryPost(db: Db, id: string, now: number, sendUntil: number): Promise<boolean> {
  const result = await db
    .updateTable('scheduled_posts')
    .set({ state: 'scheduled', due_at: now, send_until: sendUntil, outcome: null, attempts: 0, claimed_by: null, claimed_at: null, updated_at: now })
    .where('id', '=', id)
    .where('state', 'in', ['failed', 'skipped'])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Whether a run has anything to do: a post due by `now`, or one claimed before `staleBefore` and
 * never finished. A read, so an idle schedule writes nothing (every write moves the read caches'
 * data version and, on PostgreSQL, notifies every instance: db/read-cache.ts).
 */
export async function hasWork(db: Db, now: number, staleBefore: number): Promise<boolean> {
  const row = await db
    .selectFrom('scheduled_posts')
    .select('id')
    .where((eb) =>
      eb.or([
        eb.and([eb('state', '=', 'scheduled'), eb('due_at', '<=', now)]),
        eb.and([eb('state', '=', 'sending'), eb('claimed_at', '<', staleBefore)]),
      ]),
    )
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Posts due by `now` whose time to be sent has passed: skipped, never sent late. */
export async function skipMissed(db: Db, now: number): Promise<number> {
  const rows = await db
    .updateTable('scheduled_posts')
    .set((eb) => ({
      state: 'skipped',
      // Due before it was scheduled (a lineup saved after its reminder's time), or missed while Lineup was not running.
      outcome: eb.case().when('created_at', '>', eb.ref('due_at')).then('due_before_scheduled').else('missed').end(),
      updated_at: now,
    }))
    .where('state', '=', 'scheduled')
    .where('due_at', '<=', now)
    .where('send_until', '<', now)
    .returning('id')
    .execute();
  return rows.length;
}

/**
 * Posts an instance claimed and never finished (it stopped mid-send) since before `staleBefore`:
 * failed, since Discord may have taken the message; staff look and retry.
 */
export async function failInterrupted(db: Db, now: number, staleBefore: number): Promise<void> {
  await db
    .updateTable('scheduled_posts')
    .set({ state: 'failed', outcome: 'interrupted', claimed_by: null, updated_at: now })
    .where('state', '=', 'sending')
    .where('claimed_at', '<', staleBefore)
    .execute();
}

/**
 * Claims up to `limit` posts due by `now` for this run (`token`), soonest first: each goes to
 * exactly one instance. On PostgreSQL the rows are locked as they are picked and rows another
 * instance is claiming are passed over (FOR UPDATE SKIP LOCKED); SQLite runs one writer at a time.
 */
export async function claimDue(db: Db, dialect: Dialect, now: number, token: string, limit: number): Promise<StoredPost[]> {
  const rows = await db
    .updateTable('scheduled_posts')
    .set((eb) => ({ state: 'sending', claimed_by: token, claimed_at: now, attempts: eb('attempts', '+', 1), updated_at: now }))
    .where('state', '=', 'scheduled')
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('scheduled_posts')
        .select('id')
        .where('state', '=', 'scheduled')
        .where('due_at', '<=', now)
        .where('send_until', '>=', now)
        .orderBy('due_at')
        .orderBy('id')
        .limit(limit)
        .$if(dialect === 'postgres', (query) => query.forUpdate().skipLocked()),
    )
    .returningAll()
    .execute();
  return rows.map(postFromRow).sort((a, b) => a.dueAt - b.dueAt || (a.id < b.id ? -1 : 1));
}

export type Finish =
  | { state: 'sent'; messageId: string; content: string; mentions: readonly string[] }
  | { state: 'failed' | 'skipped'; outcome: DjPostOutcome; content?: string; mentions?: readonly string[] }
  /** Back on the schedule (a rate limit, Discord down for a moment): due again at `dueAt`. */
  | { state: 'scheduled'; dueAt: number; sendUntil: number };

/** What came of a claimed post; only the run that claimed it may say (false: it no longer had it). */
export async function finishPost(db: Db, id: string, token: string, now: number, finish: Finish): Promise<boolean> {
  const common = { claimed_by: null, claimed_at: null, updated_at: now };
  const columns =
    finish.state === 'sent'
      ? { state: 'sent', message_id: finish.messageId, content: finish.content, mentions: JSON.stringify(finish.mentions), outcome: null, sent_at: now }
      : finish.state === 'scheduled'
        ? { state: 'scheduled', due_at: finish.dueAt, send_until: finish.sendUntil }
        : {
            state: finish.state,
            outcome: finish.outcome,
            ...(finish.content === undefined ? {} : { content: finish.content, mentions: JSON.stringify(finish.mentions ?? []) }),
          };
  const result = await db
    .updateTable('scheduled_posts')
    .set({ ...common, ...columns })
    .where('id', '=', id)
    .where('state', '=', 'sending')
    .where('claimed_by', '=', token)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** When the next scheduled post is due, if any. */
export async function nextDueAt(db: Db): Promise<number | null> {
  const row = await db
    .selectFrom('scheduled_posts')
    .select((eb) => eb.fn.min('due_at').as('next'))
    .where('state', '=', 'scheduled')
    .executeTakeFirst();
  return row?.next === null || row?.next === undefined ? null : Number(row.next);
}

/** Of these DJs, those who turned their reminders off. */
export async function findRemindersOff(db: Db, djIds: readonly string[]): Promise<Set<string>> {
  if (djIds.length === 0) return new Set();
  const rows = await db.selectFrom('dj_preferences').select('dj_id').where('dj_id', 'in', [...djIds]).where('reminders_off', '=', 1).execute();
  return new Set(rows.map((row) => row.dj_id));
}

export async function findRemindersOn(db: Db, djId: string): Promise<boolean> {
  const row = await db.selectFrom('dj_preferences').select('reminders_off').where('dj_id', '=', djId).executeTakeFirst();
  return !row || !fromFlag(row.reminders_off);
}

export async function writeRemindersOn(db: Db, djId: string, on: boolean, now: number): Promise<void> {
  const values = { reminders_off: toFlag(!on), updated_at: now };
  await db
    .insertInto('dj_preferences')
    .values({ dj_id: djId, ...values })
    .onConflict((oc) => oc.column('dj_id').doUpdateSet(values))
    .execute();
}

/** Events not ended by `now`, soonest first: those whose reminders the schedule keeps (a cancelled one keeps none). */
export async function findUpcomingEventIds(db: Db, now: number): Promise<string[]> {
  const rows = await db.selectFrom('events').select('id').where('end_at', '>', now).orderBy('start_at').orderBy('id').execute();
  return rows.map((row) => row.id);
}

/** The upcoming events (as findUpcomingEventIds) that name this DJ on a signup. */
export async function findUpcomingEventIdsOf(db: Db, djId: string, now: number): Promise<string[]> {
  const rows = await db
    .selectFrom('signup_djs')
    .innerJoin('events', 'events.id', 'signup_djs.event_id')
    .select('events.id')
    .where('signup_djs.dj_id', '=', djId)
    .where('events.end_at', '>', now)
    .execute();
  return rows.map((row) => row.id);
}
