import { type Kysely, type Selectable, sql, type Transaction, type Updateable } from 'kysely';
import {
  type EventFormValues,
  type EventList,
  type EventSummary,
  type LineupEvent,
  preflightSchema,
  type PublicLink,
  publicLinkSchema,
} from '@shared/schemas/events.js';
import type { Dialect } from '../db/open.js';
import { precompiled, type QueryTarget } from '../db/precompiled.js';
import type { Database, EventsTable } from '../db/schema.js';
import { fromFlag, toCount, toFlag, toIso, toMillis } from '../db/values.js';
import { SLOT_NAME_COLUMNS, slotNameOf } from '../lineup/slot-names.js';
import { warnStoredDataOnce } from '../stored-data-log.js';

// Event rows, mapped to and from the shapes of shared/schemas/events.ts. An event's signups and
// slots are the lineup's (lineup/signups.ts, lineup/dj-signup.ts, lineup/slots.ts). Writes take a transaction:
// services compose them.

type Db = Kysely<Database> | Transaction<Database>;

/** An event's own fields: everything but its lineup. */
export type EventRecord = Omit<LineupEvent, 'signups' | 'slots' | 'djPlays'>;

/** An event row as the event page reads it (also the bench's ceiling's mapping). */
export const eventFromRow = (row: Selectable<EventsTable>): EventRecord => ({
  id: row.id,
  name: row.name,
  startDatetime: toIso(row.start_at),
  endDatetime: toIso(row.end_at),
  host: row.host,
  message: row.message,
  footer: row.footer,
  signupsAreOpen: fromFlag(row.signups_open),
  signupsCloseAt: row.signups_close_at === null ? null : toIso(row.signups_close_at),
  signupCap: row.signup_cap === null ? null : Number(row.signup_cap),
  publicLinks: storedPublicLinks(row.public_links),
  published: fromFlag(row.published),
  cancelled: row.cancelled_at !== null,
  version: Number(row.version),
  preflight: parsePreflight(row.preflight),
});

/** Built once: a schema made per call is compiled anew by zod each time (most requests read an event). */
const storedPreflightSchema = preflightSchema.partial();

/** The preflight steps staff ticked off, read through their schema (none when unreadable). */
function parsePreflight(json: string): EventRecord['preflight'] {
  try {
    const parsed = storedPreflightSchema.safeParse(JSON.parse(json));
    if (parsed.success) return { textsCopied: null, streamDetailsChecked: null, ...parsed.data };
  } catch {
    // Unreadable: as if nothing was ticked off.
  }
  return { textsCopied: null, streamDetailsChecked: null };
}

/**
 * The public links as staff read them: each stored entry that has a label and a URL, also one
 * today's rules refuse (the event page shows it with its problem, so staff fix it rather than
 * lose it on their next save); none when unreadable.
 */
export function storedPublicLinks(json: string): PublicLink[] {
  try {
    const list: unknown = JSON.parse(json);
    if (!Array.isArray(list)) return [];
    return list.flatMap((entry: unknown) => {
      const { label, url } = (entry ?? {}) as Record<string, unknown>;
      return typeof label === 'string' && typeof url === 'string' ? [{ label, url }] : [];
    });
  } catch {
    return [];
  }
}

/**
 * The public links the public pages may show: only those today's rules accept (an address that is
 * not https never becomes a link on a public page); one left out is logged once.
 */
export function parsePublicLinks(json: string, eventId?: string): PublicLink[] {
  return storedPublicLinks(json).flatMap((entry, index) => {
    const parsed = publicLinkSchema.safeParse(entry);
    if (!parsed.success) warnStoredDataOnce(`public-link:${eventId}:${index}:${entry.url.length}`, { eventId, publicLink: index + 1 }, 'a stored public link no longer passes the rules: left off the public pages');
    return parsed.success ? [parsed.data] : [];
  });
}

/** What the lists show of an event's lineup. */
interface Lineup {
  /** Slot names in lineup order. */
  names: string[];
  slotCount: number;
}

const EMPTY_LINEUP: Lineup = { names: [], slotCount: 0 };

const toSummary = (row: Selectable<EventsTable>, { names, slotCount }: Lineup = EMPTY_LINEUP): EventSummary => ({
  id: row.id,
  name: row.name,
  startDatetime: toIso(row.start_at),
  endDatetime: toIso(row.end_at),
  host: row.host,
  published: fromFlag(row.published),
  cancelled: row.cancelled_at !== null,
  signupsAreOpen: fromFlag(row.signups_open),
  djs: names,
  slotCount,
});

/**
 * The event's own fields. With `lock` (PostgreSQL only; SQLite transactions are already serial)
 * the row stays locked until commit, so signups to one event queue up and never read a stale
 * "open" flag or position.
 */
export async function findEvent(db: QueryTarget, id: string, lock?: { dialect: Dialect }): Promise<EventRecord | undefined> {
  const [row] = (await (lock?.dialect === 'postgres' ? selectEventForUpdate : selectEvent)(db, { id })).rows;
  return row && eventFromRow(row);
}

// Read on most requests (the signup intake among them).
const selectEvent = precompiled((db, { id }: { id: string }) => db.selectFrom('events').selectAll().where('id', '=', id));
const selectEventForUpdate = precompiled((db, { id }: { id: string }) => db.selectFrom('events').selectAll().where('id', '=', id).forUpdate());

/**
 * Upcoming: not yet ended (an event in progress stays upcoming), soonest first. Past: ended,
 * newest first. Each row carries its lineup's names, read for the whole list in one query.
 */
export async function listEvents(db: Db, when: EventList, now: number): Promise<EventSummary[]> {
  const events = await db
    .selectFrom('events')
    .selectAll()
    .where('end_at', when === 'upcoming' ? '>' : '<=', now)
    .orderBy('start_at', when === 'upcoming' ? 'asc' : 'desc')
    .orderBy('id')
    .execute();
  const lineupOf = await lineups(db, events.map((row) => row.id));
  return events.map((row) => toSummary(row, lineupOf.get(row.id)));
}

/** The current event (started, not ended), else the next one to start; null when neither exists. */
export async function findHomeEvent(db: Db, now: number): Promise<EventSummary | null> {
  // The event in progress, else the next one: an event in progress started before any upcoming
  // one does, so the first of those not yet ended is it. Searched by end (few events have not
  // ended), never by start: walking events by start passes every past event first, which
  // PostgreSQL's planner chose at 5,000 events. A materialized CTE keeps the two steps apart.
  const row = await db
    .with((cte) => cte('not_ended').materialized(), (query) => query.selectFrom('events').selectAll().where('end_at', '>', now))
    .selectFrom('not_ended')
    .selectAll()
    .orderBy('start_at', 'asc')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  if (!row) return null;
  return toSummary(row, (await lineups(db, [row.id])).get(row.id));
}

/** Events starting in [from, to] (epoch ms), soonest first. */
export async function findEventsStartingBetween(db: Db, from: number, to: number): Promise<Array<Pick<EventRecord, 'id' | 'name' | 'startDatetime'>>> {
  const rows = await db
    .selectFrom('events')
    .select(['id', 'name', 'start_at'])
    .where('start_at', '>=', from)
    .where('start_at', '<=', to)
    .orderBy('start_at')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ id: row.id, name: row.name, startDatetime: toIso(row.start_at) }));
}

/** Per event: its slots' names in lineup order (slotName) and how many slots it has. */
async function lineups(db: Db, eventIds: readonly string[]): Promise<Map<string, Lineup>> {
  const lineupOf = new Map<string, Lineup>();
  if (eventIds.length === 0) return lineupOf;
  const rows = await db
    .selectFrom('slots')
    .leftJoin('signups', 'signups.uuid', 'slots.signup_uuid')
    .leftJoin('djs as legacy_dj', 'legacy_dj.id', 'slots.legacy_dj_id')
    .select(['slots.event_id', ...SLOT_NAME_COLUMNS])
    .where('slots.event_id', 'in', [...eventIds])
    .orderBy('slots.event_id')
    .orderBy('slots.position')
    .execute();
  for (const row of rows) {
    const lineup = lineupOf.get(row.event_id) ?? { names: [], slotCount: 0 };
    lineup.slotCount += 1;
    const name = slotNameOf(row);
    if (name) lineup.names.push(name);
    lineupOf.set(row.event_id, lineup);
  }
  return lineupOf;
}

export async function insertEvent(db: Db, id: string, fields: EventFormValues, now: number): Promise<void> {
  const start = toMillis(fields.startDatetime);
  await db
    .insertInto('events')
    .values({
      id,
      ...eventColumns(fields),
      // No slots yet: the event ends where it starts until a lineup is saved (spec §4).
      end_at: start,
      published: 0,
      version: 1,
      created_at: now,
      updated_at: now,
    })
    .execute();
}

/** Where each field of the event form is stored: a field added to the form fails to compile until it has a column. */
type ColumnsOf<T extends Record<keyof EventFormValues, keyof EventsTable>> = T;
type EventColumns = ColumnsOf<{
  name: 'name';
  startDatetime: 'start_at';
  host: 'host';
  message: 'message';
  footer: 'footer';
  signupsAreOpen: 'signups_open';
  signupsCloseAt: 'signups_close_at';
  signupCap: 'signup_cap';
  publicLinks: 'public_links';
}>;

/** The event form's values as columns. */
export const eventColumns = (fields: EventFormValues) =>
  ({
    name: fields.name,
    start_at: toMillis(fields.startDatetime),
    host: fields.host,
    message: fields.message,
    footer: fields.footer,
    signups_open: toFlag(fields.signupsAreOpen),
    signups_close_at: fields.signupsCloseAt === null ? null : toMillis(fields.signupsCloseAt),
    signup_cap: fields.signupCap,
    public_links: JSON.stringify(fields.publicLinks),
  }) satisfies Record<EventColumns[keyof EventFormValues], unknown>;

/**
 * Compare-and-swap on the version: writes the fields and bumps the version only if nobody saved
 * since `baseVersion`. On PostgreSQL the update also locks the row for the rest of the transaction.
 */
export async function updateEventIfVersion(
  trx: Transaction<Database>,
  id: string,
  baseVersion: number,
  changes: Pick<
    Updateable<EventsTable>,
    'name' | 'start_at' | 'end_at' | 'host' | 'message' | 'footer' | 'signups_open' | 'signups_close_at' | 'signup_cap' | 'public_links' | 'published' | 'cancelled_at'
  >,
  now: number,
): Promise<boolean> {
  const result = await trx
    .updateTable('events')
    .set({ ...changes, version: sql`version + 1`, updated_at: now })
    .where('id', '=', id)
    .where('version', '=', baseVersion)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function findVersion(db: Db, id: string): Promise<number | undefined> {
  const row = await db.selectFrom('events').select('version').where('id', '=', id).executeTakeFirst();
  return row === undefined ? undefined : Number(row.version);
}

/** The versions of these events, by id (those that exist). */
export async function findVersions(db: Db, ids: readonly string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('events').select(['id', 'version']).where('id', 'in', [...ids]).execute();
  return new Map(rows.map((row) => [row.id, Number(row.version)]));
}

/**
 * The start of a save: bumps the version if nobody saved since `baseVersion` (on PostgreSQL
 * this locks the row until commit, so DJ signups to the event wait) and returns the row as it
 * now is; undefined when stale or missing.
 */
export async function bumpVersionIfCurrent(trx: Transaction<Database>, id: string, baseVersion: number, now: number): Promise<Selectable<EventsTable> | undefined> {
  return trx
    .updateTable('events')
    .set({ version: sql`version + 1`, updated_at: now })
    .where('id', '=', id)
    .where('version', '=', baseVersion)
    .returningAll()
    .executeTakeFirst();
}

/**
 * The event form's fields and the end a save gives the row: written only when they differ from
 * it. Returns the event as it reads back afterwards.
 */
export async function writeEventFields(
  trx: Transaction<Database>,
  row: Selectable<EventsTable>,
  fields: EventFormValues,
  endAt: number | null,
): Promise<EventRecord> {
  const columns = eventColumns(fields);
  const changed = (Object.keys(columns) as Array<keyof typeof columns>).some((column) => columns[column] !== row[column]);
  const set = { ...(changed ? columns : {}), ...(endAt === null ? {} : { end_at: endAt }) };
  if (Object.keys(set).length > 0) await trx.updateTable('events').set(set).where('id', '=', row.id).execute();
  return eventFromRow({ ...row, ...set });
}

export async function updatePreflight(trx: Transaction<Database>, id: string, preflight: EventRecord['preflight']): Promise<void> {
  await trx.updateTable('events').set({ preflight: JSON.stringify(preflight) }).where('id', '=', id).execute();
}

/** What deleting the event would lose besides its own row: signups and lineup slots. */
export async function countLineup(db: Db, id: string): Promise<{ signups: number; slots: number }> {
  const [signups, slots] = await Promise.all([
    db.selectFrom('signups').select((eb) => eb.fn.countAll().as('n')).where('event_id', '=', id).executeTakeFirstOrThrow(),
    db.selectFrom('slots').select((eb) => eb.fn.countAll().as('n')).where('event_id', '=', id).executeTakeFirstOrThrow(),
  ]);
  return { signups: toCount(signups.n), slots: toCount(slots.n) };
}

export async function deleteEvent(trx: Transaction<Database>, id: string): Promise<void> {
  await trx.deleteFrom('events').where('id', '=', id).execute();
}
