import { randomUUID } from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import type { DjUpdateAfterAnswers, Played } from '@shared/dj-update.js';
import type { SignupFormData } from '@shared/schemas/signup-answers.js';
import { precompiled, type QueryTarget } from '../db/precompiled.js';
import type { Database } from '../db/schema.js';
import { fromFlag, toIso } from '../db/values.js';
import { storedSignupType } from '../stored-data-log.js';
import { asConfirmation, type Db, parseFormData, signupsWithSlot, storedDjUpdate, storedHours } from './signup-rows.js';
import { standingDjSignups } from './signups-naming.js';

// A DJ's own signup (signup/service.ts, stream-checks/service.ts, the demo seed): the one naming
// them in an event, the intake's writes (a new signup, new answers, a signup cap's count), their
// earlier stream links, and its stream check. Staff's writes are signups.ts's.

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

/** How many DJs gave answers for the event and did not withdraw them: what a signup cap counts. */
export async function countDjSignups(db: QueryTarget, eventId: string): Promise<number> {
  const [row] = (await countSubmitted(db, { eventId })).rows;
  return Number(row!.n);
}

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
