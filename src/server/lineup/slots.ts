import type { Kysely, Transaction } from 'kysely';
import { STREAM_SOURCE_TYPES, type StreamSourceType } from '@shared/domain.js';
import type { SlotRow, SlotTimes } from '@shared/lineup-save.js';
import type { Slot } from '@shared/schemas/lineup.js';
import { readStreamLink, streamSourceOf } from '@shared/streams.js';
import type { Database, SlotsTable } from '../db/schema.js';
import { fromFlag, toFlag } from '../db/values.js';
import { storedSignupType, warnStoredDataOnce } from '../stored-data-log.js';

// The lineup's slots and the plays derived from them (dj_plays, kept in step at every save), as
// staff saves write them and every page reads them. Writes take a transaction: the services
// compose them.

type Db = Kysely<Database> | Transaction<Database>;

/**
 * A slot row as the event page reads it (also the bench's ceiling's mapping). Its stream source
 * reads in its one form (shared/streams.ts: an imported `vrcdn:NAME` or `PRERECORD` as the
 * operator pulls it); a link no rule recognises reads as stored, for the page to ask to fix.
 */
export function slotFromRow(row: SlotsTable): Slot {
  const source = readStreamLink(row.stream_source_url);
  const legacyDuration = Number(row.legacy_duration);
  return {
    signupUuid: row.signup_uuid,
    legacy:
      row.legacy_duration === null
        ? null
        : {
            djName: row.legacy_dj_name,
            djRef: row.legacy_dj_id,
            duration: Number.isFinite(legacyDuration) ? legacyDuration : 0,
            isDebut: fromFlag(row.legacy_is_debut ?? 0),
            slotType: storedSignupType(row.legacy_slot_type ?? 'LIVE', `slot ${row.event_id}/${row.position}`),
          },
    streamSourceUrl: source?.link ?? '',
    streamSourceType: source?.service === 'prerecord' ? 'PRERECORD' : storedSourceType(row),
  };
}

const isSourceType = (type: string): type is StreamSourceType => (STREAM_SOURCE_TYPES as readonly string[]).includes(type);

/** The stored source type; one this version does not know reads as its link's (logged once). */
function storedSourceType(row: SlotsTable): StreamSourceType {
  if (isSourceType(row.stream_source_type)) return row.stream_source_type;
  warnStoredDataOnce(`slot-source:${row.event_id}:${row.position}:${row.stream_source_type}`, { eventId: row.event_id, position: row.position, field: 'stream_source_type' }, 'a slot\'s stored stream source type is not one this version knows: its link\'s type is shown');
  return streamSourceOf(row.stream_source_url).streamSourceType;
}

export async function findSlots(db: Db, eventId: string): Promise<Slot[]> {
  return (await readSlots(db, eventId)).slots;
}

/** The slots by position, and their stored times. */
export async function readSlots(db: Db, eventId: string): Promise<{ slots: Slot[]; times: SlotTimes[] }> {
  const rows = await db.selectFrom('slots').selectAll().where('event_id', '=', eventId).orderBy('position').execute();
  return { slots: rows.map(slotFromRow), times: rows.map((row) => ({ startAt: Number(row.start_at), endAt: Number(row.end_at) })) };
}

export async function findDjPlays(db: Db, eventId: string): Promise<string[]> {
  const rows = await db.selectFrom('dj_plays').select('dj_id').where('event_id', '=', eventId).orderBy('dj_id').execute();
  return rows.map((row) => row.dj_id);
}

/** A slot's columns but its key, in the order the save writes them (also the bench's ceiling's). */
export const slotColumns = ({ slot, startAt, endAt }: SlotRow) => ({
  signup_uuid: slot.signupUuid,
  start_at: startAt,
  end_at: endAt,
  legacy_dj_name: slot.legacy?.djName ?? null,
  legacy_dj_id: slot.legacy?.djRef ?? null,
  legacy_duration: slot.legacy?.duration ?? null,
  legacy_is_debut: slot.legacy ? toFlag(slot.legacy.isDebut) : null,
  legacy_slot_type: slot.legacy?.slotType ?? null,
  stream_source_url: slot.streamSourceUrl,
  stream_source_type: slot.streamSourceType,
});

/** The slots that changed (written by position) and none beyond the lineup's length. */
export async function writeSlots(trx: Transaction<Database>, eventId: string, rows: readonly SlotRow[], slotCount: number, storedCount: number): Promise<void> {
  if (storedCount > slotCount) await trx.deleteFrom('slots').where('event_id', '=', eventId).where('position', '>=', slotCount).execute();
  if (rows.length === 0) return;
  await trx
    .insertInto('slots')
    .values(rows.map((row) => ({ event_id: eventId, position: row.position, ...slotColumns(row) })))
    .onConflict((conflict) =>
      conflict.columns(['event_id', 'position']).doUpdateSet((eb) => {
        const columns = Object.keys(slotColumns(rows[0]!)) as Array<keyof ReturnType<typeof slotColumns>>;
        return Object.fromEntries(columns.map((column) => [column, eb.ref(`excluded.${column}`)]));
      }),
    )
    .execute();
}

/** dj_plays follows the lineup: returns the DJs whose plays changed. */
export async function writeDjPlays(trx: Transaction<Database>, eventId: string, add: readonly string[], remove: readonly string[]): Promise<string[]> {
  if (remove.length > 0) await trx.deleteFrom('dj_plays').where('event_id', '=', eventId).where('dj_id', 'in', [...remove]).execute();
  if (add.length > 0) await trx.insertInto('dj_plays').values(add.map((djId) => ({ event_id: eventId, dj_id: djId }))).execute();
  return [...remove, ...add];
}
