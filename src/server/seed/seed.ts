import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

export async function seedIfEmpty(_db: Kysely<Database>): Promise<boolean> {
  return false;
}
