import { type Kysely, sql, type Transaction } from 'kysely';
import { OTHER_EVENTS_SHOWN, type Dj, type LineupEvent, type Signup, type SignupFormData, type SignupType, type Slot, type StreamSourceType } from '../../shared/domain.js';
import type { EventFormValues, EventList, EventSummary } from '../../shared/schemas/events.js';
import type { Database, EventsTable, SignupsTable, SlotsTable } from '../db/schema.js';
import { fromFlag, toCount, toFlag, toIso, toMillis } from '../db/values.js';
import type { OtherEvents } from '../../shared/plays.js';
import { djFromRow } from '../db/rows.js';
import { rankedPlays, toPlay } from '../db/plays.js';

// Event rows and their children (signups with their DJs, slots, derived dj_plays), mapped to and
// from the domain objects of shared/domain.ts. Writes take a transaction: the service composes them.

type Db = Kysely<Database> | Transaction<Database>;

const toSummary = (row: EventsTable, djs: string[]): EventSummary => ({
  id: row.id,
  name: row.name,
  startDatetime: toIso(row.start_at),
  endDatetime: toIso(row.end_at),
  host: row.host,
  published: fromFlag(row.published),
  signupsAreOpen: fromFlag(row.signups_open),
  djs,
});

function parseFormData(json: string | null): SignupFormData | null {
  if (json === null) return null;
  try {
    return JSON.parse(json) as SignupFormData;
  } catch {
    return null;
  }
}

const toSlot = (row: SlotsTable): Slot => ({
  signupUuid: row.signup_uuid,
  djName: row.dj_name,
  djRef: row.dj_id,
  startTime: toIso(row.start_at),
  duration: Number(row.duration),
  isDebut: fromFlag(row.is_debut),
  slotType: row.slot_type as SignupType,
  streamSourceUrl: row.stream_source_url,
  streamSourceType: row.stream_source_type as StreamSourceType,
});

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
  const names = await lineupNames(db, events.map((row) => row.id));
  return events.map((row) => toSummary(row, names.get(row.id) ?? []));
}

/** The current event (started, not ended), else the next one to start; null when neither exists. */
export async function findHomeEvent(db: Db, now: number): Promise<EventSummary | null> {
  const pick = (current: boolean) => {
    let query = db.selectFrom('events').selectAll().where('end_at', '>', now);
    if (current) query = query.where('start_at', '<=', now);
    return query.orderBy('start_at', 'asc').orderBy('id').limit(1).executeTakeFirst();
  };
  const row = (await pick(true)) ?? (await pick(false));
  if (!row) return null;
  const names = await lineupNames(db, [row.id]);
  return toSummary(row, names.get(row.id) ?? []);
}

/** Slot names in lineup order, per event: the signup's name, else the legacy name, else the DJ's. */
async function lineupNames(db: Db, eventIds: readonly string[]): Promise<Map<string, string[]>> {
  const names = new Map<string, string[]>();
  if (eventIds.length === 0) return names;
  const rows = await db
    .selectFrom('slots')
    .leftJoin('signups', 'signups.uuid', 'slots.signup_uuid')
    .leftJoin('djs', 'djs.id', 'slots.dj_id')
    .select(['slots.event_id', 'signups.name as signup_name', 'slots.dj_name', 'djs.dj_name as ref_name'])
    .where('slots.event_id', 'in', [...eventIds])
    .orderBy('slots.event_id')
    .orderBy('slots.position')
    .execute();
  for (const row of rows) {
    const name = row.signup_name ?? row.dj_name ?? row.ref_name;
    if (!name) continue;
    names.set(row.event_id, [...(names.get(row.event_id) ?? []), name]);
  }
  return names;
}

export async function insertEvent(
  db: Db,
  id: string,
  fields: EventFormValues,
  now: number,
): Promise<void> {
  const start = toMillis(fields.startDatetime);
  await db
    .insertInto('events')
    .values({
      id,
      name: fields.name,
      start_at: start,
      // No slots yet: the event ends where it starts until a lineup is saved (spec §4).
      end_at: start,
      published: 0,
      host: fields.host,
      message: fields.message,
      footer: fields.footer,
      signups_open: toFlag(fields.signupsAreOpen),
      version: 1,
      created_at: now,
      updated_at: now,
    })
    .execute();
}

/** The whole event: fields, slots in order, signups in order with their DJs, and its plays. */
export async function findEvent(db: Db, id: string): Promise<LineupEvent | undefined> {
  const row = await db.selectFrom('events').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  const [signups, slots, plays] = await Promise.all([
    findSignups(db, id),
    db.selectFrom('slots').selectAll().where('event_id', '=', id).orderBy('position').execute(),
    db.selectFrom('dj_plays').select('dj_id').where('event_id', '=', id).orderBy('dj_id').execute(),
  ]);
  return {
    id: row.id,
    name: row.name,
    startDatetime: toIso(row.start_at),
    endDatetime: toIso(row.end_at),
    host: row.host,
    message: row.message,
    footer: row.footer,
    signupsAreOpen: fromFlag(row.signups_open),
    published: fromFlag(row.published),
    slots: slots.map(toSlot),
    signups,
    djPlays: plays.map((play) => play.dj_id),
    version: row.version,
  };
}

export async function findSignups(db: Db, eventId: string): Promise<Signup[]> {
  const [rows, refs] = await Promise.all([
    db
      .selectFrom('signups')
      .selectAll()
      .where('event_id', '=', eventId)
      .orderBy('position')
      .orderBy('created_at')
      .orderBy('uuid')
      .execute(),
    db
      .selectFrom('signup_djs')
      .select(['signup_uuid', 'dj_id'])
      .where('event_id', '=', eventId)
      .orderBy('signup_uuid')
      .orderBy('position')
      .execute(),
  ]);
  const djRefs = new Map<string, string[]>();
  for (const ref of refs) djRefs.set(ref.signup_uuid, [...(djRefs.get(ref.signup_uuid) ?? []), ref.dj_id]);
  return rows.map((row: SignupsTable) => ({
    uuid: row.uuid,
    name: row.name,
    djRefs: djRefs.get(row.uuid) ?? [],
    isDebut: fromFlag(row.is_debut),
    requestedDuration: Number(row.requested_duration),
    type: row.type as SignupType,
    hidden: fromFlag(row.hidden),
    formData: parseFormData(row.form_data),
  }));
}

export async function findDjs(db: Db, ids: readonly string[]): Promise<Record<string, Dj>> {
  if (ids.length === 0) return {};
  const rows = await db.selectFrom('djs').selectAll().where('id', 'in', [...ids]).execute();
  return Object.fromEntries(rows.map((row) => [row.id, djFromRow(row)]));
}

/**
 * "Other Events" of each DJ for this event: their newest few other events and how many there are,
 * in one query over the ranked plays, so a busy event never loads whole histories.
 */
export async function findOtherEvents(db: Db, eventId: string, djIds: readonly string[]): Promise<Record<string, OtherEvents>> {
  const others: Record<string, OtherEvents> = Object.fromEntries(djIds.map((id) => [id, { shown: [], total: 0, hasMore: false }]));
  if (djIds.length === 0) return others;
  const ranked = rankedPlays(db, { djIds, exceptEventId: eventId });
  const rows = await db
    .selectFrom(ranked)
    .selectAll()
    .where('rank', '<=', OTHER_EVENTS_SHOWN)
    .orderBy('dj_id')
    .orderBy('rank')
    .execute();
  for (const row of rows) {
    const total = toCount(row.total);
    const entry = others[row.dj_id];
    if (!entry) continue;
    entry.shown.push(toPlay(row));
    entry.total = total;
    entry.hasMore = total > OTHER_EVENTS_SHOWN;
  }
  return others;
}

/**
 * Compare-and-swap on the version: writes the fields and bumps the version only if nobody saved
 * since `baseVersion`. On PostgreSQL the update also locks the row for the rest of the transaction.
 */
export async function updateEventIfVersion(
  trx: Transaction<Database>,
  id: string,
  baseVersion: number,
  changes: Partial<Pick<EventsTable, 'name' | 'start_at' | 'end_at' | 'host' | 'message' | 'footer' | 'signups_open' | 'published'>>,
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
  return row?.version;
}

export async function setEventEnd(trx: Transaction<Database>, id: string, endAt: number): Promise<void> {
  await trx.updateTable('events').set({ end_at: endAt }).where('id', '=', id).execute();
}

export async function existingDjIds(db: Db, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom('djs').select('id').where('id', 'in', [...ids]).execute();
  return new Set(rows.map((row) => row.id));
}

/** Which of these signup uuids exist, and in which event. */
export async function signupOwners(db: Db, uuids: readonly string[]): Promise<Map<string, string>> {
  if (uuids.length === 0) return new Map();
  const rows = await db.selectFrom('signups').select(['uuid', 'event_id']).where('uuid', 'in', [...uuids]).execute();
  return new Map(rows.map((row) => [row.uuid, row.event_id]));
}

/** DJs of this event named on signups other than `exceptUuids` (e.g. a DJ's own later submission). */
export async function djsOnOtherSignups(
  db: Db,
  eventId: string,
  djIds: readonly string[],
  exceptUuids: readonly string[],
): Promise<string[]> {
  if (djIds.length === 0) return [];
  let query = db.selectFrom('signup_djs').select('dj_id').where('event_id', '=', eventId).where('dj_id', 'in', [...djIds]);
  if (exceptUuids.length > 0) query = query.where('signup_uuid', 'not in', [...exceptUuids]);
  return (await query.execute()).map((row) => row.dj_id);
}

/** Writes the staff-owned columns of the draft's signups; form_data (the DJ's answers) is never touched. */
export async function upsertSignups(
  trx: Transaction<Database>,
  eventId: string,
  signups: readonly Signup[],
  existing: ReadonlySet<string>,
  now: number,
): Promise<void> {
  for (const [position, signup] of signups.entries()) {
    const staffColumns = {
      position,
      name: signup.name,
      is_debut: toFlag(signup.isDebut),
      requested_duration: signup.requestedDuration,
      type: signup.type,
      hidden: toFlag(signup.hidden),
      updated_at: now,
    };
    if (existing.has(signup.uuid)) {
      await trx.updateTable('signups').set(staffColumns).where('uuid', '=', signup.uuid).where('event_id', '=', eventId).execute();
    } else {
      await trx
        .insertInto('signups')
        .values({ uuid: signup.uuid, event_id: eventId, form_data: null, created_at: now, ...staffColumns })
        .execute();
    }
  }
}

export async function replaceSignupDjs(trx: Transaction<Database>, eventId: string, signups: readonly Signup[]): Promise<void> {
  const uuids = signups.map((signup) => signup.uuid);
  if (uuids.length === 0) return;
  await trx.deleteFrom('signup_djs').where('event_id', '=', eventId).where('signup_uuid', 'in', uuids).execute();
  const rows = signups.flatMap((signup) =>
    signup.djRefs.map((djId, position) => ({ signup_uuid: signup.uuid, event_id: eventId, dj_id: djId, position })),
  );
  if (rows.length > 0) await trx.insertInto('signup_djs').values(rows).execute();
}

export async function deleteSignups(trx: Transaction<Database>, eventId: string, uuids: readonly string[]): Promise<void> {
  if (uuids.length === 0) return;
  await trx.deleteFrom('signups').where('event_id', '=', eventId).where('uuid', 'in', [...uuids]).execute();
}

export async function replaceSlots(trx: Transaction<Database>, eventId: string, slots: readonly Slot[]): Promise<void> {
  await trx.deleteFrom('slots').where('event_id', '=', eventId).execute();
  if (slots.length === 0) return;
  await trx
    .insertInto('slots')
    .values(
      slots.map((slot, position) => ({
        event_id: eventId,
        position,
        signup_uuid: slot.signupUuid,
        dj_name: slot.djName,
        dj_id: slot.djRef,
        start_at: toMillis(slot.startTime),
        duration: slot.duration,
        is_debut: toFlag(slot.isDebut),
        slot_type: slot.slotType,
        stream_source_url: slot.streamSourceUrl,
        stream_source_type: slot.streamSourceType,
      })),
    )
    .execute();
}

export async function replaceDjPlays(trx: Transaction<Database>, eventId: string, djIds: readonly string[]): Promise<void> {
  await trx.deleteFrom('dj_plays').where('event_id', '=', eventId).execute();
  if (djIds.length === 0) return;
  await trx
    .insertInto('dj_plays')
    .values(djIds.map((djId) => ({ event_id: eventId, dj_id: djId })))
    .execute();
}
