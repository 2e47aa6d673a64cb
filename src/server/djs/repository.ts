import { type Kysely, sql, type Transaction } from 'kysely';
import { rosterStats } from '@shared/plays.js';
import type { Dj, DjPlay } from '@shared/schemas/djs.js';
import type { RosterDj } from '@shared/schemas/djs.js';
import type { Database, DjRow } from '../db/schema.js';
import { toPlay } from './plays.js';
import { toCount } from '../db/values.js';
import { djFromRow } from './rows.js';
import type { Dialect } from '../db/open.js';

// DJ rows and their plays (one play definition: plays.ts).

type Db = Kysely<Database>;

/** The editable columns; the rest (id, avatar, notes, timestamps) are the repository's. */
export interface DjFields {
  discordId: string;
  publicName: string;
  djName: string;
  rtmpUrl: string;
  twitchUsername: string;
}

const columns = (fields: DjFields) => ({
  discord_id: fields.discordId,
  public_name: fields.publicName,
  dj_name: fields.djName,
  rtmp_url: fields.rtmpUrl,
  twitch_username: fields.twitchUsername,
});

/** Which DJs a roster page goes through: active ones unless asked, those the search matches. */
export interface RosterFilter {
  includeArchived: boolean;
  search: string;
}

/** `%text%` for LIKE, its own wildcards escaped with a backslash, lower-cased by the database as the columns are. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function filtered(db: Db, { includeArchived, search }: RosterFilter) {
  const pattern = containing(search);
  return db
    .selectFrom('djs')
    .$if(!includeArchived, (query) => query.where('djs.archived_at', 'is', null))
    .$if(search !== '', (query) =>
      query.where(({ or }) =>
        or(
          (['dj_name', 'public_name', 'discord_id'] as const).map(
            (column) => sql<boolean>`lower(${sql.ref(`djs.${column}`)}) like lower(${pattern}) escape '\\'`,
          ),
        ),
      ),
    );
}

/**
 * A page of the roster in Dj Name order (ignoring case, then id: the djs_roster_order index),
 * each DJ with their play statistics as of `now` (shared/plays.ts rosterStats): the ones kept on
 * their row (refreshDjStats: every play, booked ones too) with their newest play's event joined,
 * so a renamed or moved event shows as it is now. Those stats hold for a DJ whose plays are all
 * over; the few DJs booked for an event not over yet are counted from their plays.
 */
export async function listRoster(db: Db, filter: RosterFilter, page: { limit: number; offset: number }, now: number): Promise<RosterDj[]> {
  const rows = await filtered(db, filter)
    .leftJoin('events', 'events.id', 'djs.last_play_event_id')
    .selectAll('djs')
    .select(['events.id as event_id', 'events.name as event_name', 'events.start_at', 'events.end_at'])
    .orderBy(sql`lower(djs.dj_name)`)
    .orderBy('djs.id')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  const booked = await playsOfBookedDjs(db, rows.map((row) => row.id), now);
  return rows.map((row) => {
    const { notes: _notes, ...dj } = djFromRow(row);
    const newest =
      row.event_id === null || row.event_name === null || row.start_at === null || row.end_at === null
        ? null
        : toPlay({ event_id: row.event_id, event_name: row.event_name, start_at: row.start_at, end_at: row.end_at });
    const plays = booked.get(row.id);
    const stats = plays ? rosterStats(plays, now) : { totalPlays: row.play_count, mostRecentPlay: newest, nextPlay: null };
    return { ...dj, archived: row.archived_at !== null, ...stats };
  });
}

/**
 * Every play of those of these DJs booked for an event not over at `now` (few: the coming weeks'
 * lineups), found from the events not over yet, so a DJ with a long history costs nothing unless booked.
 */
async function playsOfBookedDjs(db: Db, djIds: readonly string[], now: number): Promise<Map<string, DjPlay[]>> {
  const plays = new Map<string, DjPlay[]>();
  if (djIds.length === 0) return plays;
  const booked = await db
    .selectFrom('events')
    .innerJoin('dj_plays', 'dj_plays.event_id', 'events.id')
    .select('dj_plays.dj_id')
    .distinct()
    .where('events.end_at', '>', now)
    .where('dj_plays.dj_id', 'in', [...djIds])
    .execute();
  if (booked.length === 0) return plays;
  const rows = await playsQuery(db)
    .select('dj_plays.dj_id')
    .where('dj_plays.dj_id', 'in', booked.map((row) => row.dj_id))
    .execute();
  for (const row of rows) plays.set(row.dj_id, [...(plays.get(row.dj_id) ?? []), toPlay(row)]);
  return plays;
}

/** dj_plays ⋈ events, newest first, with what a DjPlay shows. */
const playsQuery = (db: Db | Transaction<Database>) =>
  db
    .selectFrom('dj_plays')
    .innerJoin('events', 'events.id', 'dj_plays.event_id')
    .select(['events.id as event_id', 'events.name as event_name', 'events.start_at', 'events.end_at'])
    .orderBy('events.start_at', 'desc')
    .orderBy('events.id');

/** How many DJs the filter lets through. */
export async function countRoster(db: Db, filter: RosterFilter): Promise<number> {
  const row = await filtered(db, filter).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
  return toCount(row.n);
}

/** The earliest event that has any play recorded and is over by `now` (a play that happened). */
export async function findEarliestPlayedEvent(db: Db, now: number): Promise<DjPlay | null> {
  // A join, not `exists`: the planner then walks events by start and stops at the first with a
  // play, where `exists` read and sorted every event (10 ms at 5,000 events).
  const row = await db
    .selectFrom('events')
    .innerJoin('dj_plays', 'dj_plays.event_id', 'events.id')
    .select(['events.id as event_id', 'events.name as event_name', 'events.start_at', 'events.end_at'])
    .where('events.end_at', '<=', now)
    .orderBy('events.start_at')
    .orderBy('events.id')
    .limit(1)
    .executeTakeFirst();
  return row ? toPlay(row) : null;
}

export async function findDj(db: Db | Transaction<Database>, djId: string): Promise<(Dj & { archived: boolean }) | null> {
  const row = await db.selectFrom('djs').selectAll().where('id', '=', djId).executeTakeFirst();
  return row ? { ...djFromRow(row), archived: row.archived_at !== null } : null;
}

/** The DJ's plays, booked ones too, newest first. */
export async function listPlays(db: Db | Transaction<Database>, djId: string): Promise<DjPlay[]> {
  const rows = await playsQuery(db).where('dj_plays.dj_id', '=', djId).execute();
  return rows.map(toPlay);
}

export async function insertDj(db: Db, id: string, fields: DjFields, now: number): Promise<void> {
  await db
    .insertInto('djs')
    .values({ id, ...columns(fields), avatar_url: null, notes: '', archived_at: null, created_at: now, updated_at: now })
    .execute();
}

/** False when there is no such DJ. */
export async function updateDj(db: Db, id: string, fields: DjFields, now: number): Promise<boolean> {
  const result = await db
    .updateTable('djs')
    .set({ ...columns(fields), updated_at: now })
    .where('id', '=', id)
    .executeTakeFirst();
  return toCount(result.numUpdatedRows) > 0;
}

/** Archives (`at`) or restores (null) the DJ; false when there is no such DJ. */
export async function setArchived(db: Db, id: string, at: number | null, now: number): Promise<boolean> {
  const result = await db.updateTable('djs').set({ archived_at: at, updated_at: now }).where('id', '=', id).executeTakeFirst();
  return toCount(result.numUpdatedRows) > 0;
}

/**
 * These DJs' rows, locked until commit on PostgreSQL (in id order, so two merges cannot
 * deadlock): nobody edits, merges or signs up as them meanwhile.
 */
export async function lockDjRows(trx: Transaction<Database>, ids: readonly string[], dialect: Dialect): Promise<Map<string, DjRow>> {
  const rows = await trx
    .selectFrom('djs')
    .selectAll()
    .where('id', 'in', [...ids])
    .orderBy('id')
    .$if(dialect === 'postgres', (query) => query.forUpdate())
    .execute();
  return new Map(rows.map((row) => [row.id, row]));
}

/** The columns a merge settles on the kept record (djs/service.ts mergeDj). */
export type MergedColumns = Pick<DjRow, 'discord_id' | 'public_name' | 'dj_name' | 'rtmp_url' | 'twitch_username' | 'avatar_url' | 'notes' | 'archived_at'>;

export async function updateMergedDj(trx: Transaction<Database>, id: string, merged: MergedColumns, now: number): Promise<void> {
  await trx.updateTable('djs').set({ ...merged, updated_at: now }).where('id', '=', id).execute();
}

export async function deleteDj(trx: Transaction<Database>, id: string): Promise<void> {
  await trx.deleteFrom('djs').where('id', '=', id).execute();
}
