import type { DjSignups, HistoryPage, HistoryQuery } from '@shared/schemas/history.js';
import type { AppContext } from '../context.js';
import { existingDjIds } from '../djs/rows.js';
import { assertEventExists } from '../events/service.js';
import { notFound } from '../http/errors.js';
import { stateOf } from '../me/service.js';
import { findChanges, findDjSignups } from './repository.js';

/** A page of the event's history, newest first; `nextBefore` continues where it ends. */
export async function getEventHistory({ ctx, eventId, query }: { ctx: AppContext; eventId: string; query: HistoryQuery }): Promise<HistoryPage> {
  const { db } = ctx.store;
  await assertEventExists({ db, eventId });
  // One more than asked tells whether another page follows.
  const entries = await findChanges(db, eventId, query.before ? parseCursor(query.before) : null, query.limit + 1);
  const page = entries.slice(0, query.limit);
  const last = page.at(-1);
  return {
    entries: page,
    nextBefore: entries.length > query.limit && last ? `${Date.parse(last.at)}.${last.id}` : null,
  };
}

/** The cursor's shape is checked by the query schema: '<epoch ms>.<id>'. */
function parseCursor(cursor: string): { at: number; id: string } {
  const dot = cursor.indexOf('.');
  return { at: Number(cursor.slice(0, dot)), id: cursor.slice(dot + 1) };
}

/** The DJ's signups over time, newest event first, each with where it stands now. */
export async function getDjSignups({ ctx, djId }: { ctx: AppContext; djId: string }): Promise<DjSignups> {
  const { db } = ctx.store;
  const [known, rows] = await Promise.all([existingDjIds(db, [djId]), findDjSignups(db, djId)]);
  if (!known.has(djId)) throw notFound('DJ not found.');
  return { signups: rows.map(({ confirmation, standby, ...row }) => ({ ...row, state: stateOf(row.slotStart !== null, confirmation, standby) })) };
}
