import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

// The DJ record of the person signing in, found by Discord id.

export interface DiscordProfile {
  discordId: string;
  publicName: string;
  avatarUrl: string;
}

/**
 * Creates the DJ at first sign-in or refreshes name and avatar at later ones. One statement,
 * so two simultaneous first sign-ins of the same person cannot create two DJs.
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
        public_name: profile.publicName,
        avatar_url: profile.avatarUrl,
        updated_at: now,
      }),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function findProfile(db: Kysely<Database>, djId: string) {
  return db
    .selectFrom('djs')
    .select(['public_name', 'avatar_url'])
    .where('id', '=', djId)
    .executeTakeFirst();
}
