import type { Kysely } from 'kysely';
import type { DiscordPostKind } from '@shared/discord-webhooks.js';
import type { DiscordPost } from '@shared/schemas/discord.js';
import type { Database, DiscordPostsTable } from '../db/schema.js';
import { toIso } from '../db/values.js';

// The discord_posts table: one row per event and kind of text posted.

type Db = Kysely<Database>;

export interface StoredPost {
  post: DiscordPost;
  webhookId: string;
}

const toPost = (row: DiscordPostsTable): StoredPost => ({
  post: {
    kind: row.kind as DiscordPostKind,
    messageId: row.message_id,
    postedAt: toIso(row.posted_at),
    postedBy: row.posted_by_name,
    updatedAt: row.updated_at === null ? null : toIso(row.updated_at),
    updatedBy: row.updated_by_name,
  },
  webhookId: row.webhook_id,
});

export async function findPosts(db: Db, eventId: string): Promise<DiscordPost[]> {
  const rows = await db.selectFrom('discord_posts').selectAll().where('event_id', '=', eventId).orderBy('kind').execute();
  return rows.map((row) => toPost(row).post);
}

export async function findPost(db: Db, eventId: string, kind: DiscordPostKind): Promise<StoredPost | undefined> {
  const row = await db.selectFrom('discord_posts').selectAll().where('event_id', '=', eventId).where('kind', '=', kind).executeTakeFirst();
  return row && toPost(row);
}

export interface NewPost {
  eventId: string;
  kind: DiscordPostKind;
  messageId: string;
  webhookId: string;
  at: number;
  by: { djId: string | null; name: string };
}

/** A new message replaces what was recorded for the event and kind (e.g. one posted through an earlier webhook). */
export async function recordPost(db: Db, post: NewPost): Promise<void> {
  const columns = {
    message_id: post.messageId,
    webhook_id: post.webhookId,
    posted_at: post.at,
    posted_by: post.by.djId,
    posted_by_name: post.by.name,
    updated_at: null,
    updated_by_name: null,
  };
  await db
    .insertInto('discord_posts')
    .values({ event_id: post.eventId, kind: post.kind, ...columns })
    .onConflict((oc) => oc.columns(['event_id', 'kind']).doUpdateSet(columns))
    .execute();
}

export async function recordUpdate(db: Db, eventId: string, kind: DiscordPostKind, at: number, byName: string): Promise<void> {
  await db
    .updateTable('discord_posts')
    .set({ updated_at: at, updated_by_name: byName })
    .where('event_id', '=', eventId)
    .where('kind', '=', kind)
    .execute();
}

export async function forgetPost(db: Db, eventId: string, kind: DiscordPostKind): Promise<void> {
  await db.deleteFrom('discord_posts').where('event_id', '=', eventId).where('kind', '=', kind).execute();
}
