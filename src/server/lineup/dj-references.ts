import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.js';

// Where the lineup names a DJ (signups, their answers, legacy slots, plays): what merging two DJs
// checks and moves.

type Db = Kysely<Database> | Transaction<Database>;

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
