import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Dj } from '@shared/schemas/djs.js';
import type { DjDetailsResponse, RosterPageQuery, RosterResponse } from '@shared/schemas/djs.js';
import { formatZonedDate } from '@shared/time.js';
import { handOverSessions } from '../auth/sessions.js';
import type { ChangeBus } from '../changes/bus.js';
import { findVersions } from '../events/repository.js';
import { ForeignKeyViolation, UniqueViolation, withDbErrors } from '../db/errors.js';
import type { Store } from '../db/open.js';
import type { ReadCache } from '../db/read-cache.js';
import { refreshDjStats } from './plays.js';
import type { Database, DjRow } from '../db/schema.js';
import { toIso } from '../db/values.js';
import { type Actor, recordChange } from '../history/record.js';
import { badRequest, conflict, notFound } from '../http/errors.js';
import * as djReferences from '../lineup/dj-references.js';
import { readSettings } from '../settings/service.js';
import * as repository from './repository.js';
import type { DjFields, MergedColumns } from './repository.js';

type Db = Kysely<Database>;

const DUPLICATE_DISCORD_ID = 'A DJ with this Discord ID already exists.';
const DJ_NOT_FOUND = 'DJ not found.';

/** A page of the roster, how many DJs it pages through (and are in the view), and the earliest recorded event. */
export async function getRoster({ db, query, counts, now = Date.now() }: { db: Db; query: RosterPageQuery; counts?: ReadCache<number>; now?: number }): Promise<RosterResponse> {
  const filter = { includeArchived: query.archived === 'include', search: query.search };
  // Counting reads every DJ the filter lets through; each page of one view has the same counts.
  const count = (f: repository.RosterFilter) =>
    counts ? counts.get(JSON.stringify([f.includeArchived, f.search]), () => repository.countRoster(db, f)) : repository.countRoster(db, f);
  const [djs, matching, total, earliestEvent] = await Promise.all([
    repository.listRoster(db, filter, query, now),
    count(filter),
    filter.search === '' ? undefined : count({ ...filter, search: '' }),
    repository.findEarliestPlayedEvent(db, now),
  ]);
  return { djs, meta: { total: total ?? matching, matching, earliestEvent } };
}

export async function getDjDetails({ db, djId }: { db: Db | Transaction<Database>; djId: string }): Promise<DjDetailsResponse> {
  const [found, plays] = await Promise.all([repository.findDj(db, djId), repository.listPlays(db, djId)]);
  if (!found) throw notFound(DJ_NOT_FOUND);
  const { archived, ...dj } = found;
  return { dj, archived, plays };
}

export async function createDj({ db, fields }: { db: Db; fields: DjFields }): Promise<Dj> {
  const id = randomUUID();
  await saving(() => repository.insertDj(db, id, fields, Date.now()));
  return (await repository.findDj(db, id))!;
}

export async function updateDj({ db, djId, fields }: { db: Db; djId: string; fields: DjFields }): Promise<Dj> {
  const found = await saving(() => repository.updateDj(db, djId, fields, Date.now()));
  if (!found) throw notFound(DJ_NOT_FOUND);
  return (await repository.findDj(db, djId))!;
}

/** Archive (true) or restore (false): only the roster's default view and the DJ search change. */
export async function setArchived({ db, djId, archived }: { db: Db; djId: string; archived: boolean }): Promise<DjDetailsResponse> {
  const now = Date.now();
  if (!(await repository.setArchived(db, djId, archived ? now : null, now))) throw notFound(DJ_NOT_FOUND);
  return getDjDetails({ db, djId });
}

/** A Discord ID belongs to at most one DJ (ARCHITECTURE.md): the unique index says so, we say why. */
async function saving<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await withDbErrors(write);
  } catch (error) {
    if (error instanceof UniqueViolation) throw conflict(DUPLICATE_DISCORD_ID, 'duplicate_discord_id');
    throw error;
  }
}

/**
 * Merges two records of one person (issue 13): `mergedId` goes, `keptId` stays and takes over
 * every signup naming the merged record, the answers it gave, its legacy slots, plays and
 * sign-ins, and any Discord ID or detail it lacks. When both have a Discord ID the kept one's
 * stays (a record typed in with a wrong ID is merged into the one its DJ signed in with). One
 * transaction: all of it or none. Refused when both are on signups of the same event (a DJ has
 * one signup per event: one of those signups would lose a DJ).
 */
export async function mergeDj({ store, changes, actor, mergedId, keptId }: { store: Store; changes: ChangeBus; actor: Actor; mergedId: string; keptId: string }): Promise<DjDetailsResponse> {
  if (mergedId === keptId) throw badRequest('Pick another DJ: a record cannot be merged into itself.');
  const { db } = store;
  const zone = (await readSettings(db)).defaultZone;
  const merge = () =>
    db.transaction().execute(async (trx) => {
      const rows = await repository.lockDjRows(trx, [mergedId, keptId], store.dialect);
      const merged = rows.get(mergedId);
      const kept = rows.get(keptId);
      if (!merged || !kept) throw notFound(DJ_NOT_FOUND);
      const shared = await djReferences.eventsWithBoth(trx, mergedId, keptId);
      if (shared.length > 0) {
        const events = shared.map((event) => `${event.name} (${formatZonedDate(toIso(event.start_at), zone)})`).join(', ');
        throw conflict(
          `${nameOf(merged)} and ${nameOf(kept)} are both on the signups of ${events}, and a DJ has one signup per event. Take one of them off that event's signups first, then merge.`,
        );
      }

      const touched = await djReferences.eventsNaming(trx, mergedId);
      await djReferences.moveDjReferences(trx, mergedId, keptId);
      const columns = mergedColumns(kept, merged);
      await handOverSessions(trx, mergedId, keptId, columns.discord_id);
      // The Discord ID is unique: the merged record goes before the kept one takes its ID.
      await repository.deleteDj(trx, mergedId);
      await repository.updateMergedDj(trx, keptId, columns, Date.now());
      await refreshDjStats(trx, [keptId]);
      const versions = await findVersions(trx, touched);
      const lines = [{ t: 'merged' as const, from: nameOf(merged), into: nameOf(kept) }];
      for (const [eventId, version] of versions) await recordChange(trx, { eventId, actor, kind: 'dj_merged', version, lines });
      return { details: await getDjDetails({ db: trx, djId: keptId }), touched: versions };
    });

  let result: Awaited<ReturnType<typeof merge>>;
  try {
    result = await withDbErrors(merge);
  } catch (error) {
    // A signup or sign-in of one of them committed in the same instant (PostgreSQL).
    if (error instanceof UniqueViolation || error instanceof ForeignKeyViolation) {
      throw conflict('One of these DJs changed while merging (a signup or sign-in just arrived). Try again.');
    }
    throw error;
  }
  // Open pages of the events that named the merged record follow.
  for (const [eventId, version] of result.touched) await changes.publish({ eventId, version });
  return result.details;
}

const nameOf = (row: DjRow) => row.dj_name || row.public_name || row.id;

/** The kept record's values win; what it lacks comes from the merged one. Archived only if both were. */
function mergedColumns(kept: DjRow, merged: DjRow): MergedColumns {
  const either = <T>(a: T, b: T) => (a === '' || a === null ? b : a);
  return {
    discord_id: either(kept.discord_id, merged.discord_id),
    public_name: either(kept.public_name, merged.public_name),
    dj_name: either(kept.dj_name, merged.dj_name),
    rtmp_url: either(kept.rtmp_url, merged.rtmp_url),
    twitch_username: either(kept.twitch_username, merged.twitch_username),
    avatar_url: either(kept.avatar_url, merged.avatar_url),
    notes: [kept.notes, merged.notes].filter(Boolean).join('\n\n'),
    archived_at: kept.archived_at !== null && merged.archived_at !== null ? kept.archived_at : null,
  };
}
