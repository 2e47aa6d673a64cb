import { type Kysely, type Migration, PostgresAdapter, sql } from 'kysely';

// The durable schedule of posts to DJs (docs/decisions/043-a-durable-schedule-of-posts.md): one
// row per post, due at an instant, claimed by one app instance when due and marked with what came
// of it. Reminders are one per event, kind and DJ (the unique index; a lineup change and a
// cancellation name no single DJ, so theirs stay null and any number may exist). Kinds and states
// have no CHECK, so a later kind (a stream check deadline) needs no table rebuild. And a DJ's own
// choice: no reminders for them.
export const djPosts: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('scheduled_posts')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('event_id', 'text', (c) => c.notNull().references('events.id').onDelete('cascade'))
      // DjPostKind (shared/schemas/dj-posts.ts).
      .addColumn('kind', 'text', (c) => c.notNull())
      // The DJ a reminder is for; null for a post to several.
      .addColumn('dj_id', 'text', (c) => c.references('djs.id').onDelete('cascade'))
      // JSON: the DJs it addresses (their ids), for the event's list.
      .addColumn('dj_ids', 'text', (c) => c.notNull())
      // DjPostState: scheduled, sending, sent, failed, skipped.
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('due_at', 'bigint', (c) => c.notNull())
      // Skipped, never sent, once this has passed.
      .addColumn('send_until', 'bigint', (c) => c.notNull())
      // A reminder's subject (the slot's or the event's start): sent once while it stays.
      .addColumn('subject_at', 'bigint')
      // The text and the Discord user ids it may ping (JSON): fixed for a lineup change or a
      // cancellation when staff saved; a reminder's are written when it is sent.
      .addColumn('content', 'text')
      .addColumn('mentions', 'text', (c) => c.notNull())
      // The app's address when it was scheduled, for a reminder's links (no PUBLIC_URL, no request at send time).
      .addColumn('origin', 'text')
      // DjPostOutcome: why it was skipped or failed.
      .addColumn('outcome', 'text')
      .addColumn('message_id', 'text')
      .addColumn('attempts', 'integer', (c) => c.notNull())
      // Which instance's run has it while sending, and since when.
      .addColumn('claimed_by', 'text')
      .addColumn('claimed_at', 'bigint')
      .addColumn('sent_at', 'bigint')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('scheduled_posts_reminder').on('scheduled_posts').columns(['event_id', 'kind', 'dj_id']).unique().execute();
    await db.schema.createIndex('scheduled_posts_due').on('scheduled_posts').columns(['state', 'due_at']).execute();
    await db.schema.createIndex('scheduled_posts_dj').on('scheduled_posts').column('dj_id').execute();

    await db.schema
      .createTable('dj_preferences')
      .addColumn('dj_id', 'text', (c) => c.primaryKey().references('djs.id').onDelete('cascade'))
      .addColumn('reminders_off', 'integer', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();

    // Commit notices for the read caches (migration 073).
    if (db.getExecutor().adapter instanceof PostgresAdapter) {
      for (const table of ['scheduled_posts', 'dj_preferences']) {
        await sql
          .raw(`create trigger ${table}_data_changed after insert or update or delete or truncate on ${table} for each statement execute function lineup_data_changed()`)
          .execute(db);
      }
    }
  },
};
