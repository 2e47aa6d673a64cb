import { randomUUID } from 'node:crypto';
import { otherEventsFromRows } from '@server/djs/plays.js';
import { djFromRow } from '@server/djs/rows.js';
import type { DjsTable, EventsTable, SignupsTable, SlotsTable } from '@server/db/schema.js';
import type { Selectable } from 'kysely';
import type { DjDetailsCache } from '@server/events/dj-details-cache.js';
import { eventColumns, eventFromRow } from '@server/events/repository.js';
import { signupsFromRows, staffColumns } from '@server/lineup/signups.js';
import { slotColumns, slotFromRow } from '@server/lineup/slots.js';
import { OTHER_EVENTS_SHOWN } from '@shared/domain.js';
import type { Dj } from '@shared/schemas/djs.js';
import { diffLineup, type LineupChanges, namedDjs, savedDetail, type StoredLineup } from '@shared/lineup-save.js';
import { saveChanges } from '@shared/history.js';
import type { EventDetail, LineupEvent, SaveEventBody } from '@shared/schemas/events.js';
import type { Actor } from './db.js';
import { Refusal } from './session.js';
import { EVENT_SAVE_SQL as SQL } from './sql.js';

// The event save's transaction and the event page's read, once for both drivers: the app's
// statements (sql.ts, each prepared once by the driver), the app's diff and answer
// (shared/lineup-save.ts) and its row mappings (the repositories' pure functions).

/** One open transaction (or connection) of a ceiling driver. */
export interface Tx {
  all<T>(sql: string, params: readonly unknown[]): Promise<T[]>;
  run(sql: string, params: readonly unknown[]): Promise<void>;
}

const NOT_FOUND = 'Event not found.';
const STALE_VERSION =
  'This event was changed by someone else since you loaded it. Reload to see their changes, then make your edits again.';
const CANCELLED = 'This event is cancelled: restore it to change it.';
const TAKEN = 'already signed up for this event on another signup (it may have just arrived). Reload to see it, then edit that signup instead.';

type Known = Pick<EventDetail, 'djs' | 'otherEventsByDj'>;

async function findDjs(tx: Tx, djIds: readonly string[]): Promise<Record<string, Dj>> {
  if (djIds.length === 0) return {};
  const rows = await tx.all<Selectable<DjsTable>>(SQL.djs(djIds.length), djIds);
  return Object.fromEntries(rows.map((row) => [row.id, djFromRow(row)]));
}

async function otherEvents(tx: Tx, eventId: string, djIds: readonly string[], eventStart: number): Promise<EventDetail['otherEventsByDj']> {
  if (djIds.length === 0) return {};
  const plays = await tx.all<Parameters<typeof otherEventsFromRows>[1][number]>(SQL.otherEvents(djIds.length), [eventStart, ...djIds, eventId, OTHER_EVENTS_SHOWN, eventStart, 1]);
  return otherEventsFromRows(djIds, plays, eventStart);
}

const djDetails = async (tx: Tx, eventId: string, djIds: readonly string[], eventStart: number): Promise<Known> => ({
  djs: await findDjs(tx, djIds),
  otherEventsByDj: await otherEvents(tx, eventId, djIds, eventStart),
});

async function storedLineup(tx: Tx, eventId: string, row: Selectable<EventsTable>, cached?: Known): Promise<StoredLineup & Known> {
  const { signups, places } = signupsFromRows(
    await tx.all<Selectable<SignupsTable>>(SQL.signups, [eventId]),
    await tx.all<{ signup_uuid: string; dj_id: string; confirmation: string }>(SQL.signupDjs, [eventId]),
  );
  const slotRows = await tx.all<SlotsTable>(SQL.slots, [eventId]);
  const djPlays = (await tx.all<{ dj_id: string }>(SQL.djPlays, [eventId])).map((play) => play.dj_id);
  const stored: StoredLineup = {
    signups,
    places,
    slots: slotRows.map(slotFromRow),
    slotTimes: slotRows.map((slot) => ({ startAt: Number(slot.start_at), endAt: Number(slot.end_at) })),
    djPlays,
    endAt: Number(row.end_at),
  };
  const unknown = namedDjs(stored).filter((id) => !cached?.djs[id] || !cached.otherEventsByDj[id]);
  const read = await djDetails(tx, eventId, unknown, Number(row.start_at));
  return { ...stored, djs: { ...cached?.djs, ...read.djs }, otherEventsByDj: { ...cached?.otherEventsByDj, ...read.otherEventsByDj } };
}

/** GET /api/events/:eventId, as the app's getEventDetail reads it. */
export async function readEventDetail(tx: Tx, eventId: string): Promise<EventDetail> {
  const [row] = await tx.all<Selectable<EventsTable>>(SQL.event, [eventId]);
  if (!row) throw new Refusal(404, NOT_FOUND);
  const stored = await storedLineup(tx, eventId, row);
  return savedDetail(eventFromRow(row), { signups: [...stored.signups], slots: [...stored.slots], djPlays: [...stored.djPlays], endAt: stored.endAt }, stored);
}

/**
 * The app's saveEvent inside one transaction (the caller checked the draft alone first), with the
 * app's DJ details cache where the driver keeps its version (SQLite). Returns the answer and the
 * version to stamp its DJ details with once committed.
 */
export async function saveEventInTx(tx: Tx, actor: Actor, eventId: string, body: SaveEventBody, now: number, cache?: DjDetailsCache): Promise<{ saved: EventDetail; version: string | undefined }> {
  const [row] = await tx.all<Selectable<EventsTable>>(SQL.bumpVersion, [now, eventId, body.baseVersion]);
  if (!row) {
    const [current] = await tx.all<{ version: number | string }>(SQL.version, [eventId]);
    if (!current) throw new Refusal(404, NOT_FOUND);
    throw new Refusal(409, STALE_VERSION);
  }
  if (row.cancelled_at !== null) throw new Refusal(409, CANCELLED);
  const before = await storedLineup(tx, eventId, row, cache?.get(eventId));
  const diff = diffLineup(before, body, now);

  const newDjs = await findDjs(tx, diff.newlyNamed);
  const missing = diff.newlyNamed.filter((id) => !newDjs[id]);
  if (missing.length > 0) throw new Refusal(404, `DJ not found: ${missing.join(', ')}. Reload the event and try again.`);
  if (diff.taken.length > 0) {
    const djs = { ...before.djs, ...newDjs };
    throw new Refusal(409, `${diff.taken.map((id) => djs[id]?.djName || djs[id]?.publicName || id).join(', ')} ${TAKEN}`);
  }
  const inserted = diff.insertSignups.map(({ signup }) => signup.uuid);
  if (inserted.length > 0) {
    for (const owner of await tx.all<{ uuid: string; event_id: string }>(SQL.signupOwners(inserted.length), inserted)) {
      if (owner.event_id !== eventId) throw new Refusal(400, `The signup ${owner.uuid} belongs to another event.`);
    }
  }

  await writeSignups(tx, eventId, diff, now);
  if (before.slots.length > diff.slotCount) await tx.run(SQL.deleteSlotsFrom, [eventId, diff.slotCount]);
  if (diff.writeSlots.length > 0) {
    await tx.run(SQL.upsertSlots(diff.writeSlots.length), diff.writeSlots.flatMap((slot) => [eventId, slot.position, ...Object.values(slotColumns(slot))]));
  }
  const columns = eventColumns(body.event);
  const fieldsChanged = (Object.keys(columns) as Array<keyof typeof columns>).some((column) => columns[column] !== row[column]);
  const endMoved = diff.endAt !== null;
  if (fieldsChanged || endMoved) {
    await tx.run(SQL.updateEvent(fieldsChanged, endMoved), [...(fieldsChanged ? Object.values(columns) : []), ...(endMoved ? [diff.endAt] : []), eventId]);
  }
  if (diff.removePlays.length > 0) await tx.run(SQL.deletePlays(diff.removePlays.length), [eventId, ...diff.removePlays]);
  if (diff.addPlays.length > 0) await tx.run(SQL.insertPlays(diff.addPlays.length), diff.addPlays.flatMap((djId) => [eventId, djId]));
  const event = eventFromRow({ ...row, ...(fieldsChanged ? columns : {}), ...(endMoved ? { end_at: diff.endAt! } : {}) });
  const startMoved = event.startDatetime !== eventFromRow(row).startDatetime;
  const statsOf = [...diff.removePlays, ...diff.addPlays, ...(startMoved ? diff.after.djPlays : [])];
  if (statsOf.length > 0) {
    const unique = [...new Set(statsOf)];
    await tx.run(SQL.refreshStats(unique.length), [1, ...unique]);
  }

  const added = await otherEvents(tx, eventId, startMoved ? namedDjs(diff.after) : diff.newlyNamed, Date.parse(event.startDatetime));
  const saved = savedDetail(event, diff.after, { djs: { ...before.djs, ...newDjs }, otherEventsByDj: { ...before.otherEventsByDj, ...added } });
  await recordSave(tx, actor, { ...eventFromRow(row), version: body.baseVersion, signups: [...before.signups], slots: [...before.slots], djPlays: [...before.djPlays] }, saved, body);
  return { saved, version: cache?.version() };
}

/** The save's history entry, as the app's recordSave (src/server/history/record.ts) writes it. */
async function recordSave(tx: Tx, actor: Actor, before: LineupEvent, after: EventDetail, body: SaveEventBody): Promise<void> {
  const gone = before.signups.flatMap((signup) => signup.djRefs).filter((id) => !after.djs[id]);
  const djs = { ...(await findDjs(tx, [...new Set(gone)])), ...after.djs };
  const lines = saveChanges(before, after, djs, new Set(body.signups.map((signup) => signup.uuid)));
  if (lines.length === 0) return;
  await tx.run(SQL.recordChange, [randomUUID(), after.id, Date.now(), actor.djId, actor.publicName, 'saved', after.version, JSON.stringify(lines)]);
}

async function writeSignups(tx: Tx, eventId: string, diff: LineupChanges, now: number): Promise<void> {
  if (diff.deleteSignups.length > 0) await tx.run(SQL.deleteSignups(diff.deleteSignups.length), [eventId, ...diff.deleteSignups]);
  for (const { signup, position } of diff.updateSignups) {
    await tx.run(SQL.updateSignup, [...Object.values(staffColumns(signup, position)), now, signup.uuid, eventId]);
  }
  if (diff.insertSignups.length > 0) {
    await tx.run(
      SQL.insertSignups(diff.insertSignups.length),
      diff.insertSignups.flatMap(({ signup, position }) => [signup.uuid, eventId, null, 0, now, ...Object.values(staffColumns(signup, position)), now]),
    );
  }
  for (const ref of diff.removeRefs) await tx.run(SQL.deleteSignupDj, [ref.signupUuid, ref.djId]);
  for (const ref of diff.moveRefs) await tx.run(SQL.moveSignupDj, [ref.position, ref.signupUuid, ref.djId]);
  if (diff.addRefs.length > 0) {
    await tx.run(SQL.insertSignupDjs(diff.addRefs.length), diff.addRefs.flatMap((ref) => [ref.signupUuid, eventId, ref.djId, ref.position]));
  }
  if (diff.clearUpdates.length > 0) await tx.run(SQL.clearUpdates(diff.clearUpdates.length), [null, eventId, ...diff.clearUpdates]);
}
