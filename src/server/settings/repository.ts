import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

// The settings table holds one JSON document per key; the global settings live under 'global',
// the Discord webhook URLs (secrets, never answered in full) apart from them.

export const GLOBAL_KEY = 'global';
export const DISCORD_WEBHOOKS_KEY = 'discordWebhooks';

/** The stored JSON, or undefined when nothing was ever saved (or it is not JSON). */
export async function readSettingsDocument(db: Kysely<Database>, key: string): Promise<unknown> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
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
