import { randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.js';

// The DJ record of the person signing in, found by Discord id.

export interface DiscordProfile {
  discordId: string;
  publicName: string;
  avatarUrl: string | null;
}

/**
 * The roster entry of a member with roles: created at their first sign-in (or linked, when staff
 * already added them with their Discord ID), its avatar refreshed at later ones. The public name
 * is filled only while empty: staff's edits are never overwritten. One statement, so two
 * simultaneous first sign-ins of the same person cannot create two DJs.
 */
export async function upsertDjForDiscordUser(
  db: Kysely<Database>,
  profile: DiscordProfile,
  now = Date.now(),
): Promise<string> {
  const row = await db
    .insertInto('djs')
    .values({
      id: randomUUID(),
      discord_id: profile.discordId,
      public_name: profile.publicName,
      // A starting value staff can change; the roster needs a DJ name to list them.
      dj_name: profile.publicName,
      rtmp_url: '',
      twitch_username: '',
      avatar_url: profile.avatarUrl,
      notes: '',
      created_at: now,
      updated_at: now,
    })
    .onConflict((conflict) =>
      conflict.column('discord_id').doUpdateSet({
        public_name: sql<string>`case when djs.public_name = '' then excluded.public_name else djs.public_name end`,
        avatar_url: profile.avatarUrl,
        updated_at: now,
      }),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The roster entry of a Discord user, if they have one (e.g. from before they lost their roles). */
export async function findDjIdByDiscordId(db: Kysely<Database>, discordId: string): Promise<string | null> {
  const row = await db.selectFrom('djs').select('id').where('discord_id', '=', discordId).executeTakeFirst();
  return row?.id ?? null;
}
