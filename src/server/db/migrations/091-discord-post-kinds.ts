import { type Kysely, type Migration, PostgresAdapter, sql } from 'kysely';

// A cancelled event's notice is posted to Discord too (issue 34), so discord_posts takes a new kind
// of post. The kinds live once in the app (DISCORD_POST_KINDS, checked at every post), as
// event_changes' kinds do: the table keeps no CHECK of its own, and a new kind needs no rebuild
// again. SQLite cannot drop a CHECK constraint, so the table is rebuilt (the same on PostgreSQL).
export const discordPostKinds: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('discord_posts_new')
      .addColumn('event_id', 'text', (c) => c.notNull().references('events.id').onDelete('cascade'))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('message_id', 'text', (c) => c.notNull())
      .addColumn('webhook_id', 'text', (c) => c.notNull())
      .addColumn('posted_at', 'bigint', (c) => c.notNull())
      .addColumn('posted_by', 'text', (c) => c.references('djs.id').onDelete('set null'))
      .addColumn('posted_by_name', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'bigint')
      .addColumn('updated_by_name', 'text')
      .addPrimaryKeyConstraint('discord_posts_new_pk', ['event_id', 'kind'])
      .execute();
    await sql`
      insert into discord_posts_new (event_id, kind, message_id, webhook_id, posted_at, posted_by, posted_by_name, updated_at, updated_by_name)
      select event_id, kind, message_id, webhook_id, posted_at, posted_by, posted_by_name, updated_at, updated_by_name from discord_posts
    `.execute(db);
    await db.schema.dropTable('discord_posts').execute();
    await db.schema.alterTable('discord_posts_new').renameTo('discord_posts').execute();
    // The old table's commit notice (migration 073) went with it: the read caches still follow its writes.
    if (db.getExecutor().adapter instanceof PostgresAdapter) {
      await sql
        .raw('create trigger discord_posts_data_changed after insert or update or delete or truncate on discord_posts for each statement execute function lineup_data_changed()')
        .execute(db);
    }
  },
};
