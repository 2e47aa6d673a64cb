import type { ExpressionBuilder, Selectable, Transaction } from 'kysely';
import type { Confirmation } from '@shared/domain.js';
import type { LineupChanges, SignupPlace } from '@shared/lineup-save.js';
import type { Signup, StaffSignup } from '@shared/schemas/lineup.js';
import type { Database, SignupsTable } from '../db/schema.js';
import { fromFlag, toFlag, toIso } from '../db/values.js';
import { storedSignupType } from '../stored-data-log.js';
import { asConfirmation, type Db, parseFormData, parseUpdateFields, storedHours } from './signup-rows.js';

// The lineup's signups (signups and the DJs they name, signup_djs) as staff read and save them:
// the event page and its live board (events/service.ts, live/service.ts, dj-posts/plan.ts) and the
// staff save's writes. A stored row reads through signup-rows.ts, as a DJ's own signup's does
// (dj-signup.ts). Writes take a transaction: the services compose them.

/** Where each staff-owned field of a signup is stored: a field added to the schema fails to compile here until it has a column. */
const STAFF_COLUMNS = {
  name: 'name',
  isDebut: 'is_debut',
  requestedDuration: 'requested_duration',
  type: 'type',
  standby: 'standby',
} as const satisfies Record<Exclude<keyof StaffSignup, 'uuid' | 'djRefs'>, keyof SignupsTable>;

type StaffColumns = Pick<Selectable<SignupsTable>, (typeof STAFF_COLUMNS)[keyof typeof STAFF_COLUMNS] | 'position'>;

/** A signup's staff-owned columns and position, in the order the save writes them (also the bench's ceiling's). */
export function staffColumns(signup: StaffSignup, position: number): StaffColumns {
  const columns: Record<string, unknown> = { position };
  for (const [field, column] of Object.entries(STAFF_COLUMNS) as Array<[keyof typeof STAFF_COLUMNS, string]>) {
    const value = signup[field];
    columns[column] = typeof value === 'boolean' ? toFlag(value) : value;
  }
  return columns as StaffColumns;
}

/** An event's signups in order, each with its DJs in order and the DJ's answers. */
export async function findSignups(db: Db, eventId: string): Promise<Signup[]> {
  return (await readSignups(db, eventId)).signups;
}

/** The signups in order, and where each sits (what orders them). */
export async function readSignups(db: Db, eventId: string): Promise<{ signups: Signup[]; places: Map<string, SignupPlace>; noShows: Set<string> }> {
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
      .select(['signup_uuid', 'dj_id', 'confirmation'])
      .where('event_id', '=', eventId)
      .orderBy('signup_uuid')
      .orderBy('position')
      .execute(),
  ]);
  const noShows = new Set(rows.filter((row) => row.live_mark === 'no_show').map((row) => row.uuid));
  return { ...signupsFromRows(rows, refs), noShows };
}

/**
 * Signup rows (in order) and their DJ reference rows (by signup, in order) as the event page
 * reads them, and where each signup sits. Also the bench's ceiling's mapping (scripts/bench/ceiling).
 */
export function signupsFromRows(
  rows: ReadonlyArray<Selectable<SignupsTable>>,
  refs: ReadonlyArray<{ signup_uuid: string; dj_id: string; confirmation: string }>,
): { signups: Signup[]; places: Map<string, SignupPlace> } {
  const djRefs = new Map<string, string[]>();
  const confirmations = new Map<string, Record<string, Confirmation>>();
  for (const ref of refs) {
    djRefs.set(ref.signup_uuid, [...(djRefs.get(ref.signup_uuid) ?? []), ref.dj_id]);
    confirmations.set(ref.signup_uuid, { ...confirmations.get(ref.signup_uuid), [ref.dj_id]: asConfirmation(ref.confirmation) });
  }
  const signups = rows.map((row) => ({
    uuid: row.uuid,
    name: row.name,
    djRefs: djRefs.get(row.uuid) ?? [],
    isDebut: fromFlag(row.is_debut),
    requestedDuration: storedHours(row.requested_duration),
    type: storedSignupType(row.type, `signup ${row.uuid}`),
    standby: fromFlag(row.standby),
    ...djAnswers(row),
    updatePendingAt: row.update_pending_at === null ? null : toIso(row.update_pending_at),
    updateFields: row.update_pending_at === null ? [] : parseUpdateFields(row.update_fields),
    confirmations: confirmations.get(row.uuid) ?? {},
    streamTestedAt: row.stream_tested_at === null ? null : toIso(row.stream_tested_at),
  }));
  const places = new Map(rows.map((row) => [row.uuid, { position: Number(row.position), createdAt: Number(row.created_at) }]));
  return { signups, places };
}

/**
 * The answers the lineup goes by and, while a DJ's update waits, their new ones (decision 042): the
 * kept answers_in_use, else form_data (also for an update stored before there was a column for them).
 */
function djAnswers(row: Pick<SignupsTable, 'uuid' | 'form_data' | 'update_pending_at' | 'answers_in_use'>): Pick<Signup, 'formData' | 'updatedAnswers'> {
  const latest = parseFormData(row.form_data, row.uuid);
  if (row.update_pending_at === null) return { formData: latest, updatedAnswers: null };
  return { formData: row.answers_in_use === null ? latest : parseFormData(row.answers_in_use, row.uuid), updatedAnswers: latest };
}

/** Which of these signup uuids exist, and in which event. */
export async function signupOwners(db: Db, uuids: readonly string[]): Promise<Map<string, string>> {
  if (uuids.length === 0) return new Map();
  const rows = await db.selectFrom('signups').select(['uuid', 'event_id']).where('uuid', 'in', [...uuids]).execute();
  return new Map(rows.map((row) => [row.uuid, row.event_id]));
}

/**
 * A save's signup writes (shared/lineup-save.ts): removed signups go (their DJ references with
 * them), changed ones get their staff-owned columns and position, new ones are inserted, then
 * DJ references follow the draft, leaving first so a DJ can move between signups. form_data
 * (the DJ's answers) is never touched; a DJ who stays keeps their confirmation.
 */
export async function writeSignups(trx: Transaction<Database>, eventId: string, changes: LineupChanges, now: number): Promise<void> {
  if (changes.deleteSignups.length > 0) {
    await trx.deleteFrom('signups').where('event_id', '=', eventId).where('uuid', 'in', changes.deleteSignups).execute();
  }
  for (const { signup, position } of changes.updateSignups) {
    await trx
      .updateTable('signups')
      .set({ ...staffColumns(signup, position), updated_at: now })
      .where('uuid', '=', signup.uuid)
      .where('event_id', '=', eventId)
      .execute();
  }
  if (changes.insertSignups.length > 0) {
    await trx
      .insertInto('signups')
      .values(
        changes.insertSignups.map(({ signup, position }) => ({
          uuid: signup.uuid,
          event_id: eventId,
          form_data: null,
          // Retired (decision 042), kept at 0 for instances of the previous version.
          hidden: 0,
          created_at: now,
          ...staffColumns(signup, position),
          updated_at: now,
        })),
      )
      .execute();
  }
  for (const ref of changes.removeRefs) {
    await trx.deleteFrom('signup_djs').where('signup_uuid', '=', ref.signupUuid).where('dj_id', '=', ref.djId).execute();
  }
  for (const ref of changes.moveRefs) {
    await trx.updateTable('signup_djs').set({ position: ref.position }).where('signup_uuid', '=', ref.signupUuid).where('dj_id', '=', ref.djId).execute();
  }
  if (changes.addRefs.length > 0) {
    await trx
      .insertInto('signup_djs')
      .values(changes.addRefs.map((ref) => ({ signup_uuid: ref.signupUuid, event_id: eventId, dj_id: ref.djId, position: ref.position })))
      .execute();
  }
  // A DJ update staff applied leaves nothing behind; one they dismissed is kept for the DJ to read.
  for (const { uuid, dismissed } of changes.clearUpdates) {
    await trx
      .updateTable('signups')
      .set({ update_pending_at: null, update_fields: dismissed ? JSON.stringify(dismissed) : null, update_dismissed_at: dismissed ? now : null, answers_in_use: null })
      .where('event_id', '=', eventId)
      .where('uuid', '=', uuid)
      .execute();
  }
}

/**
 * Records a DJ's answer to the slot proposed to them: 'missing' when the DJ is on no signup of
 * the event, or (`inLineupOnly`) when their signup is not in the lineup; 'unchanged' when that was
 * already their answer (a replay records nothing). The update itself decides, so two identical
 * answers racing on PostgreSQL change the row once (the second re-reads it after the first commits).
 */
export async function setConfirmation(db: Db, eventId: string, djId: string, confirmation: Confirmation, inLineupOnly: boolean): Promise<'changed' | 'unchanged' | 'missing'> {
  const inLineup = (eb: ExpressionBuilder<Database, 'signup_djs'>) =>
    eb.exists(eb.selectFrom('slots').select('slots.position').whereRef('slots.signup_uuid', '=', 'signup_djs.signup_uuid').where('slots.event_id', '=', eventId));
  const result = await db
    .updateTable('signup_djs')
    .set({ confirmation })
    .where('event_id', '=', eventId)
    .where('dj_id', '=', djId)
    .where('confirmation', '<>', confirmation)
    .$if(inLineupOnly, (query) => query.where(inLineup))
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) > 0) return 'changed';
  const already = await db
    .selectFrom('signup_djs')
    .select('signup_djs.dj_id')
    .where('event_id', '=', eventId)
    .where('dj_id', '=', djId)
    .$if(inLineupOnly, (query) => query.where(inLineup))
    .executeTakeFirst();
  return already ? 'unchanged' : 'missing';
}
