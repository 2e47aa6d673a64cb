import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { toCount, toIso } from '../db/values.js';
import { namedSignupOf, NAMING_COLUMNS, signupsNaming, standingDjSignups } from '../lineup/signups-naming.js';

// A DJ's Home reads: every query is filtered by the caller's roster id, except the open events,
// whose public basics every DJ may see.

type Db = Kysely<Database>;

/** Events staff opened for signups that have not ended and are not cancelled, soonest first, with their deadline and whether they are full. */
export async function findOpenedEvents(db: Db, now: number) {
  const rows = await db
    .selectFrom('events')
    .select(['id', 'name', 'start_at', 'signups_close_at', 'signup_cap'])
    // DJ signups, for the cap (staff-added and withdrawn signups take no place), as the intake counts them.
    .select((eb) =>
      eb
        .selectFrom('signups')
        .select((sub) => sub.fn.countAll().as('n'))
        .whereRef('signups.event_id', '=', 'events.id')
        .where(standingDjSignups)
        .as('dj_signups'),
    )
    .where('signups_open', '=', 1)
    .where('cancelled_at', 'is', null)
    .where('end_at', '>', now)
    .orderBy('start_at')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    startDatetime: toIso(row.start_at),
    signupsAreOpen: true,
    signupsCloseAt: row.signups_close_at === null ? null : toIso(row.signups_close_at),
    full: row.signup_cap !== null && toCount(row.dj_signups ?? 0) >= Number(row.signup_cap),
  }));
}

/** The signups naming this DJ for events that have not ended, with their slot if any and whether staff cancelled the event. */
export async function findOwnUpcomingSignups(db: Db, djId: string, now: number) {
  const rows = await signupsNaming(db, djId).select(NAMING_COLUMNS).where('events.end_at', '>', now).orderBy('events.start_at').orderBy('events.id').execute();
  return rows.map(namedSignupOf);
}

/** The events this DJ played that have ended, newest first, and how many there are. */
export async function findOwnPastPlays(db: Db, djId: string, now: number, limit: number) {
  const ended = db
    .selectFrom('dj_plays')
    .innerJoin('events', 'events.id', 'dj_plays.event_id')
    .where('dj_plays.dj_id', '=', djId)
    .where('events.end_at', '<=', now);
  const [rows, count] = await Promise.all([
    ended
      .select(['events.id', 'events.name', 'events.start_at'])
      .orderBy('events.start_at', 'desc')
      .orderBy('events.id')
      .limit(limit)
      .execute(),
    ended.select((eb) => eb.fn.countAll().as('count')).executeTakeFirstOrThrow(),
  ]);
  return {
    plays: rows.map((row) => ({ eventId: row.id, eventName: row.name, startDatetime: toIso(row.start_at) })),
    count: toCount(count.count),
  };
}
