import { randomUUID } from 'node:crypto';
import { type ExpressionBuilder, type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import { CONFIRMATIONS, type Confirmation, DEFAULT_SLOT_HOURS, SLOT_FIELDS, type SlotField } from '@shared/domain.js';
import type { DjUpdate, DjUpdateAfterAnswers, Played } from '@shared/dj-update.js';
import type { LineupChanges, SignupPlace } from '@shared/lineup-save.js';
import type { Signup, StaffSignup } from '@shared/schemas/lineup.js';
import { readStoredAnswers, type SignupFormData } from '@shared/schemas/signup-answers.js';
import { normaliseStreamLink } from '@shared/streams.js';
import { precompiled, type QueryTarget } from '../db/precompiled.js';
import type { Database, SignupsTable } from '../db/schema.js';
import { fromFlag, toFlag, toIso } from '../db/values.js';
import { storedSignupType, warnStoredData } from '../stored-data-log.js';

// The signups' tables: signups and the DJs they name (signup_djs). Staff saves (events/service.ts)
// and DJ submissions (signup/service.ts) both go through here, so each row has one mapping.
// Writes take a transaction: the services compose them.

type Db = Kysely<Database> | Transaction<Database>;

/**
 * The DJ's stored answers, read back through their schema: an answer the row lacks reads as its
 * default, and one that does not read as its shape too, logged, never hiding the others. The
 * stream link reads in its one form (shared/streams.ts), one no rule recognises as stored.
 */
export function parseFormData(json: string | null, signupUuid?: string): SignupFormData | null {
  if (json === null) return null;
  let stored: unknown;
  try {
    stored = JSON.parse(json);
  } catch {
    stored = undefined;
  }
  const { answers, unreadable } = readStoredAnswers(stored);
  if (unreadable.length > 0) warnStoredData({ signupUuid, unreadable }, 'a signup\'s stored answers do not all read: defaults shown for these');
  return { ...answers, stream_link: normaliseStreamLink(answers.stream_link) };
}

/** The fields a DJ's update concerns, as stored (JSON); unreadable data counts as none. */
export function parseUpdateFields(json: string | null): SlotField[] {
  if (json === null) return [];
  try {
    const parsed: unknown = JSON.parse(json);
    return Array.isArray(parsed) ? SLOT_FIELDS.filter((field) => parsed.includes(field)) : [];
  } catch {
    return [];
  }
}

/** A DJ's update as stored: waiting (update_pending_at), dismissed (update_dismissed_at), or none. */
export function storedDjUpdate(row: Pick<SignupsTable, 'update_fields' | 'update_pending_at' | 'update_dismissed_at'>): DjUpdate | null {
  if (row.update_pending_at === null && row.update_dismissed_at === null) return null;
  return { fields: parseUpdateFields(row.update_fields), dismissed: row.update_pending_at === null };
}

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

/** A stored length in hours; one that is no number reads as the default. */
const storedHours = (stored: number) => (Number.isFinite(Number(stored)) ? Number(stored) : DEFAULT_SLOT_HOURS);

/**
 * The answers the lineup goes by and, while a DJ's update waits, their new ones (decision 042): the
 * kept answers_in_use, else form_data (also for an update stored before there was a column for them).
 */
function djAnswers(row: Pick<SignupsTable, 'uuid' | 'form_data' | 'update_pending_at' | 'answers_in_use'>): Pick<Signup, 'formData' | 'updatedAnswers'> {
  const latest = parseFormData(row.form_data, row.uuid);
  if (row.update_pending_at === null) return { formData: latest, updatedAnswers: null };
  return { formData: row.answers_in_use === null ? latest : parseFormData(row.answers_in_use, row.uuid), updatedAnswers: latest };
}

const asConfirmation = (stored: string): Confirmation => ((CONFIRMATIONS as readonly string[]).includes(stored) ? (stored as Confirmation) : 'proposed');

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
 * The signup naming this DJ in this event (as main DJ or B2B partner): its name, who gave its
 * answers, the answers, and its slot's time when it is in the lineup.
 */
export async function findSignupNaming(db: Db, eventId: string, djId: string) {
  const row = await signupsWithSlot(db)
    .select([
      'signups.uuid',
      'signups.name',
      'signups.form_data',
      'signups.submitted_by',
      'signups.requested_duration',
      'signups.type',
      'signups.update_pending_at',
      'signups.update_fields',
      'signups.update_dismissed_at',
      'signups.standby',
      'signups.stream_tested_at',
      'signup_djs.confirmation',
      'slots.start_at',
      'slots.end_at',
    ])
    .where('signup_djs.event_id', '=', eventId)
    .where('signup_djs.dj_id', '=', djId)
    .executeTakeFirst();
  return (
    row && {
      uuid: row.uuid,
      name: row.name,
      submittedBy: row.submitted_by,
      formData: parseFormData(row.form_data),
      requestedDuration: storedHours(row.requested_duration),
      type: storedSignupType(row.type, `signup ${row.uuid}`),
      updatePending: row.update_pending_at !== null,
      update: storedDjUpdate(row),
      confirmation: asConfirmation(row.confirmation),
      standby: fromFlag(row.standby),
      streamTestedAt: row.stream_tested_at === null ? null : toIso(Number(row.stream_tested_at)),
      slot: row.start_at === null || row.end_at === null ? null : { startTime: toIso(row.start_at), endTime: toIso(row.end_at) },
    }
  );
}

/** Every signup naming the DJ (as main DJ or B2B partner) with its event and its slot, if any: the DJ home's and the DJ page's reads select from it. */
export function signupsNaming(db: Db, djId: string) {
  return signupsWithSlot(db).innerJoin('events', 'events.id', 'signup_djs.event_id').where('signup_djs.dj_id', '=', djId);
}

/** What the reads of signupsNaming select: the event, the signup's name, the DJ's answer and the slot. */
export const NAMING_COLUMNS = [
  'events.id as event_id',
  'events.name as event_name',
  'events.start_at as event_start',
  'events.cancelled_at as event_cancelled_at',
  'signups.name as signup_name',
  'signups.standby',
  'signup_djs.confirmation',
  'slots.start_at as slot_start',
  'slots.end_at as slot_end',
] as const;

/** A row of NAMING_COLUMNS as the DJ's pages show it. */
export const namedSignupOf = (row: {
  event_id: string;
  event_name: string;
  event_start: number;
  event_cancelled_at: number | null;
  signup_name: string;
  standby: number;
  confirmation: string;
  slot_start: number | null;
  slot_end: number | null;
}) => ({
  eventId: row.event_id,
  eventName: row.event_name,
  startDatetime: toIso(row.event_start),
  signupName: row.signup_name,
  cancelled: row.event_cancelled_at !== null,
  standby: fromFlag(row.standby as 0 | 1),
  confirmation: row.confirmation,
  slot: row.slot_start === null || row.slot_end === null ? null : { startTime: toIso(row.slot_start), endTime: toIso(row.slot_end) },
});

/** The DJs signups name (signup_djs) with their signup and its slot, if it is in the lineup. */
function signupsWithSlot(db: Db) {
  return db
    .selectFrom('signup_djs')
    .innerJoin('signups', 'signups.uuid', 'signup_djs.signup_uuid')
    .leftJoin('slots', (join) => join.onRef('slots.signup_uuid', '=', 'signups.uuid').onRef('slots.event_id', '=', 'signups.event_id'));
}

/** For the intake: the signup naming this DJ in this event, and who gave its answers. */
export async function findSignupOwner(db: QueryTarget, eventId: string, djId: string) {
  const [row] = (await selectSignupOwner(db, { eventId, djId })).rows;
  return row;
}

const selectSignupOwner = precompiled((db, { eventId, djId }: { eventId: string; djId: string }) =>
  signupsWithSlot(db)
    .select([
      'signups.uuid',
      'signups.name',
      'signups.submitted_by',
      'signups.requested_duration',
      'signups.type',
      'signups.form_data',
      'signups.update_pending_at',
      'signups.update_fields',
      'signups.update_dismissed_at',
      'signup_djs.confirmation',
      'signups.answers_in_use',
      'slots.signup_uuid as slotted',
    ])
    .where('signup_djs.event_id', '=', eventId)
    .where('signup_djs.dj_id', '=', djId),
);

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

/** How many DJs gave answers for the event and did not withdraw them: what a signup cap counts. */
export async function countDjSignups(db: QueryTarget, eventId: string): Promise<number> {
  const [row] = (await countSubmitted(db, { eventId })).rows;
  return Number(row!.n);
}

/**
 * Signups a DJ gave that they have not withdrawn (their own answer on it is not 'declined'): the
 * ones a cap counts. A withdrawn signup takes no place, so another DJ may take it.
 */
export const standingDjSignups = (eb: ExpressionBuilder<Database, 'signups'>) =>
  eb.and([
    eb('signups.submitted_by', 'is not', null),
    eb.not(
      eb.exists(
        eb
          .selectFrom('signup_djs as own')
          .select('own.dj_id')
          .whereRef('own.signup_uuid', '=', 'signups.uuid')
          .whereRef('own.dj_id', '=', 'signups.submitted_by')
          .where('own.confirmation', '=', 'declined'),
      ),
    ),
  ]);

const countSubmitted = precompiled((db, { eventId }: { eventId: string }) =>
  db
    .selectFrom('signups')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('signups.event_id', '=', eventId)
    .where(standingDjSignups),
);

/** A DJ who withdrew signs up again: their answer to it is proposed once more. Part of the intake. */
export async function proposeAgain(db: QueryTarget, eventId: string, djId: string): Promise<void> {
  await resetConfirmation(db, { eventId, djId });
}

const resetConfirmation = precompiled((db, { eventId, djId }: { eventId: string; djId: string }) =>
  db.updateTable('signup_djs').set({ confirmation: 'proposed' }).where('event_id', '=', eventId).where('dj_id', '=', djId),
);

/**
 * A DJ's new answers to a signup already in a saved lineup: the slot keeps playing what staff
 * saved and goes by the answers it had (`answersInUse`); what the DJ changed waits
 * (update_pending_at, update_fields) for staff to apply it, or stays dismissed (since
 * `dismissedAt`) when staff dismissed it and the DJ did not ask again.
 */
export async function updateAnswersOnly(
  db: QueryTarget,
  uuid: string,
  form: SignupFormData,
  djId: string,
  now: number,
  { update: state, answersInUse, dismissedAt }: DjUpdateAfterAnswers & { dismissedAt: number | null },
): Promise<void> {
  await updateAnswers(db, {
    uuid,
    formData: JSON.stringify(form),
    djId,
    pendingAt: state && !state.dismissed ? now : null,
    fields: state ? JSON.stringify(state.fields) : null,
    dismissedAt: state?.dismissed ? (dismissedAt ?? now) : null,
    answersInUse: answersInUse && JSON.stringify(answersInUse),
    now,
  });
}

const updateAnswers = precompiled(
  (
    db,
    values: { uuid: string; formData: string; djId: string; pendingAt: number | null; fields: string | null; dismissedAt: number | null; answersInUse: string | null; now: number },
  ) =>
    db
      .updateTable('signups')
      .set({
        form_data: values.formData,
        submitted_by: values.djId,
        update_pending_at: values.pendingAt,
        update_fields: values.fields,
        update_dismissed_at: values.dismissedAt,
        answers_in_use: values.answersInUse,
        updated_at: values.now,
      })
      .where('uuid', '=', values.uuid),
);

/**
 * The columns a DJ's submission sets; staff columns (is_debut, position) are left alone.
 * `played`: what the signup plays (an update keeps what staff set and the DJ did not change).
 */
const submittedColumns = (form: SignupFormData, djId: string, now: number, played?: Played): SubmittedColumns => ({
  name: played?.name ?? form.name,
  requestedDuration: played?.requestedDuration ?? form.requested_duration,
  type: played?.type ?? form.type,
  formData: JSON.stringify(form),
  djId,
  now,
});

interface SubmittedColumns {
  name: string;
  requestedDuration: number;
  type: SignupFormData['type'];
  formData: string;
  djId: string;
  now: number;
}

const submittedSet = (values: SubmittedColumns) => ({
  name: values.name,
  requested_duration: values.requestedDuration,
  type: values.type,
  form_data: values.formData,
  submitted_by: values.djId,
  update_pending_at: null,
  update_fields: null,
  update_dismissed_at: null,
  answers_in_use: null,
  updated_at: values.now,
});

export async function updateSignupForm(db: QueryTarget, uuid: string, form: SignupFormData, djId: string, now: number, played: Played): Promise<void> {
  await updateSubmitted(db, { uuid, ...submittedColumns(form, djId, now, played) });
}

const updateSubmitted = precompiled((db, values: SubmittedColumns & { uuid: string }) =>
  db.updateTable('signups').set(submittedSet(values)).where('uuid', '=', values.uuid),
);

/** A new signup at the end of the event's Signups column, naming the DJ as its main DJ. */
export async function insertSignup(db: QueryTarget, eventId: string, djId: string, form: SignupFormData, now: number): Promise<void> {
  const uuid = randomUUID();
  await insertSubmitted(db, { uuid, eventId, ...submittedColumns(form, djId, now) });
  await insertMainDj(db, { uuid, eventId, djId });
}

const insertSubmitted = precompiled((db, values: SubmittedColumns & { uuid: string; eventId: string }) =>
  db.insertInto('signups').values(({ selectFrom, fn }) => ({
    uuid: values.uuid,
    event_id: values.eventId,
    // The next position, read in the same statement as the insert.
    position: selectFrom('signups')
      .select(fn.coalesce(sql<number>`max(position) + 1`, sql<number>`0`).as('next'))
      .where('event_id', '=', values.eventId),
    is_debut: 0,
    hidden: 0,
    created_at: values.now,
    ...submittedSet(values),
  })),
);

const insertMainDj = precompiled((db, values: { uuid: string; eventId: string; djId: string }) =>
  db.insertInto('signup_djs').values({ signup_uuid: values.uuid, event_id: values.eventId, dj_id: values.djId, position: 0 }),
);

/**
 * The stream links this DJ gave in their own signups for other events, newest event first (at most
 * `limit` signups): their answers only, never those of a signup someone else submitted.
 */
export async function findOwnStreamLinks(db: Db, djId: string, exceptEventId: string, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('signups')
    .innerJoin('events', 'events.id', 'signups.event_id')
    .select('signups.form_data')
    .where('signups.submitted_by', '=', djId)
    .where('signups.event_id', '!=', exceptEventId)
    .where('signups.form_data', 'is not', null)
    .orderBy('events.start_at', 'desc')
    .orderBy('signups.updated_at', 'desc')
    .limit(limit)
    .execute();
  return rows.flatMap((row) => {
    const link = parseFormData(row.form_data)?.stream_link;
    return link ? [link] : [];
  });
}

/** Records when a signup's stream was tested (null: not yet). 'missing' when the event has no such signup; 'unchanged' when it already says so. */
export async function setStreamTested(trx: Transaction<Database>, eventId: string, uuid: string, at: number | null): Promise<'changed' | 'unchanged' | 'missing'> {
  const row = await trx.selectFrom('signups').select('stream_tested_at').where('event_id', '=', eventId).where('uuid', '=', uuid).executeTakeFirst();
  if (!row) return 'missing';
  if ((row.stream_tested_at === null) === (at === null)) return 'unchanged';
  await trx.updateTable('signups').set({ stream_tested_at: at }).where('event_id', '=', eventId).where('uuid', '=', uuid).execute();
  return 'changed';
}
