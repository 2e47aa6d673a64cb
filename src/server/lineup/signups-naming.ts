import type { ExpressionBuilder } from 'kysely';
import type { Database } from '../db/schema.js';
import { fromFlag, toIso } from '../db/values.js';
import { type Db, signupsWithSlot } from './signup-rows.js';

// The signups naming a DJ, as the DJ's pages read them (me/repository.ts, history/repository.ts),
// and which of a DJ's signups stand (what a signup cap counts, dj-signup.ts).

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
