import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Dj } from '@shared/schemas/djs.js';
import type { DjDetailsResponse, RosterResponse } from '@shared/schemas/djs.js';
import { UniqueViolation, withDbErrors } from '../db/errors.js';
import type { Database } from '../db/schema.js';
import { conflict, notFound } from '../http/errors.js';
import * as repository from './repository.js';
import type { DjFields } from './repository.js';

type Db = Kysely<Database>;

const DUPLICATE_DISCORD_ID = 'A DJ with this Discord ID already exists.';

export async function getRoster(db: Db): Promise<RosterResponse> {
  const [djs, earliestEvent] = await Promise.all([repository.listRoster(db), repository.findEarliestPlayedEvent(db)]);
  return { djs, meta: { total: djs.length, earliestEvent } };
}

export async function getDjDetails(db: Db, djId: string): Promise<DjDetailsResponse> {
  const [dj, plays] = await Promise.all([repository.findDj(db, djId), repository.listPlays(db, djId)]);
  if (!dj) throw notFound('Dj not found.');
  return { dj, plays };
}

export async function createDj(db: Db, fields: DjFields): Promise<Dj> {
  const id = randomUUID();
  await saving(() => repository.insertDj(db, id, fields, Date.now()));
  return (await repository.findDj(db, id))!;
}

export async function updateDj(db: Db, djId: string, fields: DjFields): Promise<Dj> {
  const found = await saving(() => repository.updateDj(db, djId, fields, Date.now()));
  if (!found) throw notFound('Dj not found.');
  return (await repository.findDj(db, djId))!;
}

/** A Discord ID belongs to at most one DJ (ARCHITECTURE.md): the unique index says so, we say why. */
async function saving<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await withDbErrors(write);
  } catch (error) {
    if (error instanceof UniqueViolation) throw conflict(DUPLICATE_DISCORD_ID);
    throw error;
  }
}
