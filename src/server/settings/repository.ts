import type { Kysely } from 'kysely';
import type { Dialect } from '../db/open.js';
import type { Database } from '../db/schema.js';

// The settings table holds one JSON document per key; the global settings live under 'global',
// the Discord webhook URLs (secrets, never answered in full) apart from them.

export const GLOBAL_KEY = 'global';
export const DISCORD_WEBHOOKS_KEY = 'discordWebhooks';

/**
 * The stored JSON, or undefined when nothing was ever saved (or it is not JSON). `lock` (in a
 * transaction on PostgreSQL): the row stays locked until it ends, so two saves that each merge
 * their part into the document take turns instead of one losing the other's (there is a row to
 * lock: an empty document is put in first).
 */
export async function readSettingsDocument(db: Kysely<Database>, key: string, lock?: { dialect: Dialect }): Promise<unknown> {
  if (lock) await db.insertInto('settings').values({ key, value: '{}', updated_at: Date.now() }).onConflict((oc) => oc.column('key').doNothing()).execute();
  const row = await db
    .selectFrom('settings')
    .select('value')
    .where('key', '=', key)
    .$if(lock?.dialect === 'postgres', (query) => query.forUpdate())
    .executeTakeFirst();
  if (!row) return undefined;
  try {
    return JSON.parse(row.value);
  } catch {
    return undefined;
  }
}

export async function writeSettingsDocument(db: Kysely<Database>, key: string, value: unknown, now: number): Promise<void> {
  const json = JSON.stringify(value);
  await db
    .insertInto('settings')
    .values({ key, value: json, updated_at: now })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: json, updated_at: now }))
    .execute();
}
