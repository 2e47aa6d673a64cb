import { type Kysely, sql, type Transaction } from 'kysely';
import { OTHER_EVENTS_SHOWN } from '@shared/domain.js';
import { playHappened } from '@shared/plays.js';
import type { DjPlay, OtherEvents } from '@shared/schemas/djs.js';
import type { Database } from '../db/schema.js';
import { toCount, toIso } from '../db/values.js';

// A play is a dj_plays row (kept in step with the lineup at every event save) joined with its
// event: the one definition the roster, Other Events and a DJ's Plays share. Whether it happened
// is shared/plays.ts' playHappened: its event is over (events.end_at <= the time, in SQL here).

/**
 * dj_plays ⋈ events as the subquery `plays`: per row the DJ, the event, the DJ's play count
 * (`total`), the play's `rank` among the DJ's plays (newest first, ties by event id, as
 * shared/plays.ts orders them) and `before_rank`, its rank among the plays on the same side of
 * `before` (over by then, or not). `scope` narrows the plays before they are ranked and counted.
 */
export function rankedPlays(db: Kysely<Database> | Transaction<Database>, before: number, scope: { djIds?: readonly string[]; exceptEventId?: string } = {}) {
  const { djIds, exceptEventId } = scope;
  return db
    .selectFrom('dj_plays')
    .innerJoin('events', 'events.id', 'dj_plays.event_id')
    .select([
      'dj_plays.dj_id as dj_id',
      'events.id as event_id',
      'events.name as event_name',
      'events.start_at as start_at',
      'events.end_at as end_at',
      sql<number>`count(*) over (partition by dj_plays.dj_id)`.as('total'),
      sql<number>`row_number() over (partition by dj_plays.dj_id order by events.start_at desc, events.id asc)`.as('rank'),
      sql<number>`row_number() over (partition by dj_plays.dj_id, case when events.end_at <= ${before} then 1 else 0 end order by events.start_at desc, events.id asc)`.as('before_rank'),
    ])
    .$if(djIds !== undefined, (query) => query.where('dj_plays.dj_id', 'in', [...djIds!]))
    .$if(exceptEventId !== undefined, (query) => query.where('dj_plays.event_id', '<>', exceptEventId!))
    .as('plays');
}

export const toPlay = (row: { event_id: string; event_name: string; start_at: number; end_at: number }): DjPlay => ({
  eventId: row.event_id,
  eventName: row.event_name,
  startDatetime: toIso(row.start_at),
  endDatetime: toIso(row.end_at),
});

/**
 * "Other Events" of each DJ for this event: their newest few other events and how many there are,
 * and their last play that was over when this event starts (`eventStart`, epoch ms), in one query
 * over the ranked plays, so a busy event never loads whole histories.
 */
export async function findOtherEvents(
  db: Kysely<Database> | Transaction<Database>,
  eventId: string,
  djIds: readonly string[],
  eventStart: number,
): Promise<Record<string, OtherEvents>> {
  if (djIds.length === 0) return otherEventsFromRows(djIds, [], eventStart);
  const ranked = rankedPlays(db, eventStart, { djIds, exceptEventId: eventId });
  const rows = await db
    .selectFrom(ranked)
    .selectAll()
    .where((eb) => eb.or([eb('rank', '<=', OTHER_EVENTS_SHOWN), eb.and([eb('end_at', '<=', eventStart), eb('before_rank', '=', 1)])]))
    .orderBy('dj_id')
    .orderBy('rank')
    .execute();
  return otherEventsFromRows(djIds, rows, eventStart);
}

/** The ranked plays' rows (by DJ, newest first) as Other Events; also the bench's ceiling's mapping. */
export function otherEventsFromRows(
  djIds: readonly string[],
  rows: ReadonlyArray<{ dj_id: string; event_id: string; event_name: string; start_at: number; end_at: number; total: number | string; rank: number | string }>,
  eventStart: number,
): Record<string, OtherEvents> {
  const others: Record<string, OtherEvents> = Object.fromEntries(djIds.map((id) => [id, { shown: [], total: 0, hasMore: false, playedBefore: null }]));
  for (const row of rows) {
    const total = toCount(row.total);
    const entry = others[row.dj_id];
    if (!entry) continue;
    const play = toPlay(row);
    if (toCount(row.rank) <= OTHER_EVENTS_SHOWN) entry.shown.push(play);
    // The newest row over by the event's start comes first (rows are by rank).
    if (entry.playedBefore === null && playHappened(play, eventStart)) entry.playedBefore = play;
    entry.total = total;
    entry.hasMore = total > OTHER_EVENTS_SHOWN;
  }
  return others;
}

/**
 * Recounts these DJs' plays and their most recent one onto their rows (djs.play_count,
 * djs.last_play_event_id): called in every transaction that writes or deletes dj_plays rows or
 * moves an event's start, with the DJs whose plays it touched, so the roster reads stats that
 * are never stale. Cancelled events count, as they always have on the roster.
 */
export async function refreshDjStats(trx: Transaction<Database>, djIds: readonly string[]): Promise<void> {
  if (djIds.length === 0) return;
  await trx
    .updateTable('djs')
    .set((eb) => ({
      play_count: eb.selectFrom('dj_plays').select((inner) => inner.fn.countAll<number>().as('n')).whereRef('dj_plays.dj_id', '=', 'djs.id'),
      last_play_event_id: eb
        .selectFrom('dj_plays')
        .innerJoin('events', 'events.id', 'dj_plays.event_id')
        .select('events.id')
        .whereRef('dj_plays.dj_id', '=', 'djs.id')
        .orderBy('events.start_at', 'desc')
        .orderBy('events.id')
        .limit(1),
    }))
    .where('id', 'in', [...new Set(djIds)])
    .execute();
}
