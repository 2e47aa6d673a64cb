import { type Kysely, type Migration, sql } from 'kysely';

// What the app posted to Discord through a webhook: one message per event and kind of text, so a
// later "Update post" edits that message instead of posting again. The webhook's id tells whether
// the message can still be edited through the webhook now configured.
export const discordPosts: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('discord_posts')
      .addColumn('event_id', 'text', (c) => c.notNull().references('events.id').onDelete('cascade'))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('message_id', 'text', (c) => c.notNull())
      .addColumn('webhook_id', 'text', (c) => c.notNull())
      .addColumn('posted_at', 'bigint', (c) => c.notNull())
      .addColumn('posted_by', 'text', (c) => c.references('djs.id').onDelete('set null'))
      .addColumn('posted_by_name', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'bigint')
      .addColumn('updated_by_name', 'text')
      .addPrimaryKeyConstraint('discord_posts_pk', ['event_id', 'kind'])
      .addCheckConstraint('discord_posts_kind', sql`kind in ('signups-open', 'verify', 'announcement')`)
      .execute();
  },
};
