import type { Kysely, Transaction } from 'kysely';
import type { Dj } from '@shared/schemas/djs.js';
import { normaliseStreamLink, twitchUsernameOf } from '@shared/streams.js';
import type { Database, DjRow } from '../db/schema.js';

// DJ rows as more than one feature reads them (the roster, an event's DJs, sign-in). Stream links
// read in their one form (shared/streams.ts); one no rule recognises reads as stored.

type Db = Kysely<Database> | Transaction<Database>;

export const djFromRow = (row: DjRow): Dj => ({
  id: row.id,
  discordId: row.discord_id,
  publicName: row.public_name,
  djName: row.dj_name,
  rtmpUrl: normaliseStreamLink(row.rtmp_url),
  twitchUsername: twitchUsernameOf(row.twitch_username) ?? row.twitch_username.trim(),
  avatarUrl: row.avatar_url,
  notes: row.notes,
});

/** These DJs by id (those that exist). */
export async function findDjsById(db: Db, ids: readonly string[]): Promise<Record<string, Dj>> {
  if (ids.length === 0) return {};
  const rows = await db.selectFrom('djs').selectAll().where('id', 'in', [...ids]).execute();
  return Object.fromEntries(rows.map((row) => [row.id, djFromRow(row)]));
}

export async function existingDjIds(db: Db, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom('djs').select('id').where('id', 'in', [...ids]).execute();
  return new Set(rows.map((row) => row.id));
}
