import type { Kysely, Transaction } from 'kysely';
import { LIVE_MARKS, type LiveMark } from '@shared/domain.js';
import { computeDjPlays, placeSlots } from '@shared/lineup.js';
import type { LiveState, MarkSlotBody } from '@shared/schemas/live.js';
import { toIsoUtc } from '@shared/time.js';
import type { Dialect } from '../db/open.js';
import type { Database } from '../db/schema.js';
import { refreshDjStats } from '../djs/plays.js';
import { type Actor, recordChange } from '../history/record.js';
import { conflict, notFound } from '../http/errors.js';
import * as signupRows from '../lineup/signups.js';
import * as slotRows from '../lineup/slots.js';

// The live board (issue 35): staff mark each slot's signup On air or No-show on the night. A
// no-show is not a play: the event's dj_plays (and so the DJs' statistics) follow the marks in
// the same transaction, as they follow the lineup at every save (shared/lineup.ts computeDjPlays).
// A mark is no edit of the draft: the event's version stays, so a host editing the event on
// another screen is not told someone saved; the mark is in the event's history.

type Db = Kysely<Database>;

const EVENT_NOT_FOUND = 'Event not found.';
const NOT_IN_LINEUP = 'This slot is not in the event’s lineup (it may have just been changed). Reload the live board.';

const isLiveMark = (mark: string | null): mark is LiveMark => (LIVE_MARKS as readonly (string | null)[]).includes(mark);

async function readMarks(db: Db | Transaction<Database>, eventId: string): Promise<LiveState['marks']> {
  const rows = await db
    .selectFrom('signups')
    .innerJoin('slots', (join) => join.onRef('slots.signup_uuid', '=', 'signups.uuid').onRef('slots.event_id', '=', 'signups.event_id'))
    .select(['signups.uuid', 'signups.live_mark'])
    .where('signups.event_id', '=', eventId)
    .where('signups.live_mark', 'is not', null)
    .execute();
  return Object.fromEntries(rows.flatMap((row) => (isLiveMark(row.live_mark) ? [[row.uuid, row.live_mark]] : [])));
}

/** The marks of the event's lineup and the server's clock; 404 for an unknown event. */
export async function getLiveState({ db, eventId, now }: { db: Db; eventId: string; now: number }): Promise<LiveState> {
  const event = await db.selectFrom('events').select('id').where('id', '=', eventId).executeTakeFirst();
  if (!event) throw notFound(EVENT_NOT_FOUND);
  return { now: toIsoUtc(now), marks: await readMarks(db, eventId) };
}

/**
 * Marks the slot of `signupUuid` in this event's lineup (null clears the mark), from the event's
 * start on, and brings the event's plays in step: a no-show's DJs lose the event's play, a
 * cleared or On air mark gives it back. The event's row is locked first, as a save locks it.
 */
export async function markSlot({ db, dialect, actor, eventId, signupUuid, body, now }: { db: Db; dialect: Dialect; actor: Actor; eventId: string; signupUuid: string; body: MarkSlotBody; now: number }): Promise<LiveState> {
  return db.transaction().execute(async (trx) => {
    const event = await trx
      .selectFrom('events')
      .select(['start_at', 'cancelled_at', 'version'])
      .where('id', '=', eventId)
      .$if(dialect === 'postgres', (query) => query.forUpdate())
      .executeTakeFirst();
    if (!event) throw notFound(EVENT_NOT_FOUND);
    if (event.cancelled_at !== null) throw conflict('This event is cancelled: nobody plays.', 'event_cancelled');
    if (now < Number(event.start_at)) throw conflict('This event has not started yet: its slots can be marked once it has started.');
    const slot = await trx.selectFrom('slots').select('position').where('event_id', '=', eventId).where('signup_uuid', '=', signupUuid).executeTakeFirst();
    if (!slot) throw notFound(NOT_IN_LINEUP);

    const marked = await trx
      .updateTable('signups')
      .set({ live_mark: body.mark, live_marked_at: body.mark === null ? null : now })
      .where('uuid', '=', signupUuid)
      .where('event_id', '=', eventId)
      .where((eb) => (body.mark === null ? eb('live_mark', 'is not', null) : eb.or([eb('live_mark', 'is', null), eb('live_mark', '<>', body.mark)])))
      .returning('name')
      .executeTakeFirst();
    // The same mark again (a replayed request) changes nothing and records nothing.
    if (marked) {
      await keepPlaysInStep(trx, eventId, toIsoUtc(Number(event.start_at)));
      await recordChange(trx, { eventId, actor, kind: 'live_mark', version: Number(event.version), at: now, lines: [{ t: 'live_mark', name: marked.name, mark: body.mark }] });
    }
    return { now: toIsoUtc(now), marks: await readMarks(trx, eventId) };
  });
}

/** dj_plays of the event as its lineup and marks call for, and the statistics of the DJs that changed. */
async function keepPlaysInStep(trx: Transaction<Database>, eventId: string, startDatetime: string): Promise<void> {
  const [{ signups, noShows }, slots, stored] = await Promise.all([signupRows.readSignups(trx, eventId), slotRows.findSlots(trx, eventId), slotRows.findDjPlays(trx, eventId)]);
  const plays = new Set(computeDjPlays(placeSlots({ startDatetime, slots, signups }), noShows));
  const had = new Set(stored);
  const changed = await slotRows.writeDjPlays(trx, eventId, [...plays].filter((djId) => !had.has(djId)), stored.filter((djId) => !plays.has(djId)));
  await refreshDjStats(trx, changed);
}
