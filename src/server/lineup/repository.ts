import { randomUUID } from 'node:crypto';
import { type Kysely, sql, type Transaction } from 'kysely';
import { CONFIRMATIONS, type Confirmation, type SignupType, type StreamSourceType } from '@shared/domain.js';
import type { PlacedSlot } from '@shared/lineup.js';
import type { Signup, Slot, StaffSignup } from '@shared/schemas/lineup.js';
import { type SignupFormData, signupFormDataSchema } from '@shared/schemas/signup.js';
import { precompiled } from '../db/precompiled.js';
import type { Database, SignupsTable, SlotsTable } from '../db/schema.js';
import { fromFlag, toFlag, toIso, toMillis } from '../db/values.js';

// The lineup's tables: signups (with the DJs they name), slots and the derived dj_plays. Staff
// saves (events/service.ts) and DJ submissions (signup/service.ts) both go through here, so each
// row has one mapping. Writes take a transaction: the services compose them.

type Db = Kysely<Database> | Transaction<Database>;

/** The DJ's stored answers, read back through their schema; unreadable data counts as none. */
export function parseFormData(json: string | null): SignupFormData | null {
  if (json === null) return null;
  try {
    const parsed = signupFormDataSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Where each staff-owned field of a signup is stored: a field added to the schema fails to compile here until it has a column. */
const STAFF_COLUMNS = {
  name: 'name',
  isDebut: 'is_debut',
  requestedDuration: 'requested_duration',
  type: 'type',
  hidden: 'hidden',
} as const satisfies Record<Exclude<keyof StaffSignup, 'uuid' | 'djRefs'>, keyof SignupsTable>;

type StaffColumns = Pick<SignupsTable, (typeof STAFF_COLUMNS)[keyof typeof STAFF_COLUMNS] | 'position'>;

function staffColumns(signup: StaffSignup, position: number): StaffColumns {
  const columns: Record<string, unknown> = { position };
  for (const [field, column] of Object.entries(STAFF_COLUMNS) as Array<[keyof typeof STAFF_COLUMNS, string]>) {
    const value = signup[field];
    columns[column] = typeof value === 'boolean' ? toFlag(value) : value;
  }
  return columns as StaffColumns;
}

/** An event's signups in order, each with its DJs in order and the DJ's answers. */
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
      .select(['signup_uuid', 'dj_id', 'confirmation'])
      .where('event_id', '=', eventId)
      .orderBy('signup_uuid')
      .orderBy('position')
      .execute(),
  ]);
  const djRefs = new Map<string, string[]>();
  const confirmations = new Map<string, Record<string, Confirmation>>();
  for (const ref of refs) {
    djRefs.set(ref.signup_uuid, [...(djRefs.get(ref.signup_uuid) ?? []), ref.dj_id]);
    confirmations.set(ref.signup_uuid, { ...confirmations.get(ref.signup_uuid), [ref.dj_id]: asConfirmation(ref.confirmation) });
  }
  return rows.map((row) => ({
    uuid: row.uuid,
    name: row.name,
    djRefs: djRefs.get(row.uuid) ?? [],
    isDebut: fromFlag(row.is_debut),
    requestedDuration: Number(row.requested_duration) as Signup['requestedDuration'],
    type: row.type as SignupType,
    hidden: fromFlag(row.hidden),
    formData: parseFormData(row.form_data),
    updatePendingAt: row.update_pending_at === null ? null : toIso(row.update_pending_at),
    confirmations: confirmations.get(row.uuid) ?? {},
  }));
}

const asConfirmation = (stored: string): Confirmation => ((CONFIRMATIONS as readonly string[]).includes(stored) ? (stored as Confirmation) : 'proposed');

const toSlot = (row: SlotsTable): Slot => ({
  signupUuid: row.signup_uuid,
  legacy:
    row.legacy_duration === null
      ? null
      : {
          djName: row.legacy_dj_name,
          djRef: row.legacy_dj_id,
          duration: Number(row.legacy_duration),
          isDebut: fromFlag(row.legacy_is_debut ?? 0),
          slotType: (row.legacy_slot_type ?? 'LIVE') as SignupType,
        },
  streamSourceUrl: row.stream_source_url,
  streamSourceType: row.stream_source_type as StreamSourceType,
});

export async function findSlots(db: Db, eventId: string): Promise<Slot[]> {
  const rows = await db.selectFrom('slots').selectAll().where('event_id', '=', eventId).orderBy('position').execute();
  return rows.map(toSlot);
}

export async function findDjPlays(db: Db, eventId: string): Promise<string[]> {
  const rows = await db.selectFrom('dj_plays').select('dj_id').where('event_id', '=', eventId).orderBy('dj_id').execute();
  return rows.map((row) => row.dj_id);
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
export async function upsertStaffSignups(
  trx: Transaction<Database>,
  eventId: string,
  signups: readonly StaffSignup[],
  existing: ReadonlySet<string>,
  now: number,
): Promise<void> {
  for (const [position, signup] of signups.entries()) {
    const columns = { ...staffColumns(signup, position), updated_at: now };
    if (existing.has(signup.uuid)) {
      await trx.updateTable('signups').set(columns).where('uuid', '=', signup.uuid).where('event_id', '=', eventId).execute();
    } else {
      await trx
        .insertInto('signups')
        .values({ uuid: signup.uuid, event_id: eventId, form_data: null, created_at: now, ...columns })
        .execute();
    }
  }
}

/**
 * Makes the signups name exactly their DJs, in order, touching only what changed: a DJ who
 * stays keeps their answer to the proposed slot (confirmation).
 */
export async function replaceSignupDjs(trx: Transaction<Database>, eventId: string, signups: readonly StaffSignup[]): Promise<void> {
  const uuids = signups.map((signup) => signup.uuid);
  if (uuids.length === 0) return;
  const stored = await trx
    .selectFrom('signup_djs')
    .select(['signup_uuid', 'dj_id', 'position'])
    .where('event_id', '=', eventId)
    .where('signup_uuid', 'in', uuids)
    .execute();
  const key = (signupUuid: string, djId: string) => `${signupUuid} ${djId}`;
  const wanted = new Map(signups.flatMap((signup) => signup.djRefs.map((djId, position) => [key(signup.uuid, djId), { signupUuid: signup.uuid, djId, position }] as const)));
  const have = new Map(stored.map((row) => [key(row.signup_uuid, row.dj_id), row]));
  // Removals first: a DJ moved from one signup to another must leave before arriving.
  for (const [k, row] of have) {
    if (!wanted.has(k)) await trx.deleteFrom('signup_djs').where('signup_uuid', '=', row.signup_uuid).where('dj_id', '=', row.dj_id).execute();
  }
  const added = [...wanted].filter(([k]) => !have.has(k)).map(([, ref]) => ({ signup_uuid: ref.signupUuid, event_id: eventId, dj_id: ref.djId, position: ref.position }));
  if (added.length > 0) await trx.insertInto('signup_djs').values(added).execute();
  for (const [k, ref] of wanted) {
    const row = have.get(k);
    if (row && Number(row.position) !== ref.position) {
      await trx.updateTable('signup_djs').set({ position: ref.position }).where('signup_uuid', '=', ref.signupUuid).where('dj_id', '=', ref.djId).execute();
    }
  }
}

export async function deleteSignups(trx: Transaction<Database>, eventId: string, uuids: readonly string[]): Promise<void> {
  if (uuids.length === 0) return;
  await trx.deleteFrom('signups').where('event_id', '=', eventId).where('uuid', 'in', [...uuids]).execute();
}

/** The lineup as placed: each slot's pointer, stream source and derived times. */
export async function replaceSlots(trx: Transaction<Database>, eventId: string, placed: readonly PlacedSlot[]): Promise<void> {
  await trx.deleteFrom('slots').where('event_id', '=', eventId).execute();
  if (placed.length === 0) return;
  await trx
    .insertInto('slots')
    .values(
      placed.map(({ slot, startTime, endTime }, position) => ({
        event_id: eventId,
        position,
        signup_uuid: slot.signupUuid,
        start_at: toMillis(startTime),
        end_at: toMillis(endTime),
        legacy_dj_name: slot.legacy?.djName ?? null,
        legacy_dj_id: slot.legacy?.djRef ?? null,
        legacy_duration: slot.legacy?.duration ?? null,
        legacy_is_debut: slot.legacy ? toFlag(slot.legacy.isDebut) : null,
        legacy_slot_type: slot.legacy?.slotType ?? null,
        stream_source_url: slot.streamSourceUrl,
        stream_source_type: slot.streamSourceType,
      })),
    )
    .execute();
}

/**
 * The event's plays become `djIds`'. Answers every DJ who played it before or after: their stats
 * may change (the event's start may have moved too), for refreshDjStats.
 */
export async function replaceDjPlays(trx: Transaction<Database>, eventId: string, djIds: readonly string[]): Promise<string[]> {
  const before = await trx.deleteFrom('dj_plays').where('event_id', '=', eventId).returning('dj_id').execute();
  if (djIds.length > 0) {
    await trx
      .insertInto('dj_plays')
      .values(djIds.map((djId) => ({ event_id: eventId, dj_id: djId })))
      .execute();
  }
  return [...new Set([...before.map((row) => row.dj_id), ...djIds])];
}

/**
 * The signup naming this DJ in this event (as main DJ or B2B partner): its name, who gave its
 * answers, the answers, and its slot's time when it is in the lineup.
 */
export async function findSignupNaming(db: Db, eventId: string, djId: string) {
  const row = await db
    .selectFrom('signup_djs')
    .innerJoin('signups', 'signups.uuid', 'signup_djs.signup_uuid')
    .leftJoin('slots', (join) => join.onRef('slots.signup_uuid', '=', 'signups.uuid').onRef('slots.event_id', '=', 'signups.event_id'))
    .select([
      'signups.uuid',
      'signups.name',
      'signups.form_data',
      'signups.submitted_by',
      'signups.update_pending_at',
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
      updatePending: row.update_pending_at !== null,
      confirmation: asConfirmation(row.confirmation),
      slot: row.start_at === null || row.end_at === null ? null : { startTime: toIso(row.start_at), endTime: toIso(row.end_at) },
    }
  );
}

/** For the intake: the signup naming this DJ in this event, and who gave its answers. */
export async function findSignupOwner(db: Db, eventId: string, djId: string) {
  const [row] = (await selectSignupOwner(db, { eventId, djId })).rows;
  return row;
}

const selectSignupOwner = precompiled((db, { eventId, djId }: { eventId: string; djId: string }) =>
  db
    .selectFrom('signup_djs')
    .innerJoin('signups', 'signups.uuid', 'signup_djs.signup_uuid')
    .leftJoin('slots', (join) => join.onRef('slots.signup_uuid', '=', 'signups.uuid').onRef('slots.event_id', '=', 'signups.event_id'))
    .select(['signups.uuid', 'signups.name', 'signups.submitted_by', 'signups.requested_duration', 'signups.type', 'signups.form_data', 'slots.signup_uuid as slotted'])
    .where('signup_djs.event_id', '=', eventId)
    .where('signup_djs.dj_id', '=', djId),
);

/**
 * Records a DJ's answer to the slot proposed to them. False when the DJ is on no signup of the
 * event, or (`inLineupOnly`) when their signup is not in the lineup.
 */
export async function setConfirmation(db: Db, eventId: string, djId: string, confirmation: Confirmation, inLineupOnly: boolean): Promise<boolean> {
  const result = await db
    .updateTable('signup_djs')
    .set({ confirmation })
    .where('event_id', '=', eventId)
    .where('dj_id', '=', djId)
    .$if(inLineupOnly, (query) =>
      query.where((eb) =>
        eb.exists(eb.selectFrom('slots').select('slots.position').whereRef('slots.signup_uuid', '=', 'signup_djs.signup_uuid').where('slots.event_id', '=', eventId)),
      ),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** How many DJs gave answers for the event: what a signup cap counts. */
export async function countDjSignups(db: Db, eventId: string): Promise<number> {
  const [row] = (await countSubmitted(db, { eventId })).rows;
  return Number(row!.n);
}

const countSubmitted = precompiled((db, { eventId }: { eventId: string }) =>
  db
    .selectFrom('signups')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('event_id', '=', eventId)
    .where('submitted_by', 'is not', null),
);

/**
 * A DJ's new answers to a signup already in a saved lineup: the slot keeps playing what staff
 * saved; when the answers would change it, they wait (update_pending_at) for staff to apply them.
 */
export async function updateAnswersOnly(db: Db, uuid: string, form: SignupFormData, djId: string, now: number, changesTheSlot: boolean): Promise<void> {
  await updateAnswers(db, { uuid, formData: JSON.stringify(form), djId, pendingAt: changesTheSlot ? now : null, now });
}

const updateAnswers = precompiled(
  (db, values: { uuid: string; formData: string; djId: string; pendingAt: number | null; now: number }) =>
    db
      .updateTable('signups')
      .set({ form_data: values.formData, submitted_by: values.djId, update_pending_at: values.pendingAt, updated_at: values.now })
      .where('uuid', '=', values.uuid),
);

/** Staff applied or dismissed DJ updates: each is cleared only if no newer one came since. */
export async function clearResolvedUpdates(trx: Transaction<Database>, eventId: string, resolved: ReadonlyArray<{ uuid: string; at: string }>): Promise<void> {
  for (const { uuid, at } of resolved) {
    await trx
      .updateTable('signups')
      .set({ update_pending_at: null })
      .where('event_id', '=', eventId)
      .where('uuid', '=', uuid)
      .where('update_pending_at', '=', toMillis(at))
      .execute();
  }
}

/** The columns a DJ's submission sets; staff columns (is_debut, hidden, position) are left alone. */
const submittedColumns = (form: SignupFormData, djId: string, now: number): SubmittedColumns => ({
  name: form.name,
  requestedDuration: form.requested_duration,
  type: form.type,
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
  updated_at: values.now,
});

export async function updateSignupForm(db: Db, uuid: string, form: SignupFormData, djId: string, now: number): Promise<void> {
  await updateSubmitted(db, { uuid, ...submittedColumns(form, djId, now) });
}

const updateSubmitted = precompiled((db, values: SubmittedColumns & { uuid: string }) =>
  db.updateTable('signups').set(submittedSet(values)).where('uuid', '=', values.uuid),
);

/** A new signup at the end of the event's Signups column, naming the DJ as its main DJ. */
export async function insertSignup(db: Db, eventId: string, djId: string, form: SignupFormData, now: number): Promise<void> {
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

/** Events where both DJs are named on signups: merging them would give one DJ two signups there. */
export async function eventsWithBoth(db: Db, djA: string, djB: string) {
  return db
    .selectFrom('signup_djs as a')
    .innerJoin('signup_djs as b', 'b.event_id', 'a.event_id')
    .innerJoin('events', 'events.id', 'a.event_id')
    .select(['events.id', 'events.name', 'events.start_at'])
    .distinct()
    .where('a.dj_id', '=', djA)
    .where('b.dj_id', '=', djB)
    .orderBy('events.start_at')
    .orderBy('events.id')
    .execute();
}

/** Events whose lineup or signups name the DJ (as a signup's DJ or submitter, a legacy slot's DJ, or a play). */
export async function eventsNaming(db: Db, djId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('signup_djs')
    .select('event_id')
    .where('dj_id', '=', djId)
    .union(db.selectFrom('signups').select('event_id').where('submitted_by', '=', djId))
    .union(db.selectFrom('slots').select('event_id').where('legacy_dj_id', '=', djId))
    .union(db.selectFrom('dj_plays').select('event_id').where('dj_id', '=', djId))
    .execute();
  return rows.map((row) => row.event_id);
}

/**
 * Every lineup reference to `fromDjId` becomes `toDjId`: the signups naming them, the answers they
 * gave, legacy slots and plays (an event both played keeps one play). The caller has made sure
 * the two are never on signups of the same event (one signup per DJ per event).
 */
export async function moveDjReferences(trx: Transaction<Database>, fromDjId: string, toDjId: string): Promise<void> {
  await trx.updateTable('signup_djs').set({ dj_id: toDjId }).where('dj_id', '=', fromDjId).execute();
  await trx.updateTable('signups').set({ submitted_by: toDjId }).where('submitted_by', '=', fromDjId).execute();
  await trx.updateTable('slots').set({ legacy_dj_id: toDjId }).where('legacy_dj_id', '=', fromDjId).execute();
  await trx
    .deleteFrom('dj_plays')
    .where('dj_id', '=', fromDjId)
    .where('event_id', 'in', trx.selectFrom('dj_plays').select('event_id').where('dj_id', '=', toDjId))
    .execute();
  await trx.updateTable('dj_plays').set({ dj_id: toDjId }).where('dj_id', '=', fromDjId).execute();
}
