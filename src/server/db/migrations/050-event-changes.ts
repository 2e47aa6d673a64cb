import type { Kysely, Migration } from 'kysely';

// An event's history (docs/decisions/013-event-history.md): one row per change, written in the
// transaction that makes it. The actor's name is copied in so a later rename or merge keeps who
// it was; their DJ id is kept without a foreign key for the same reason (a merged record goes).
// Deleting an (empty) event takes its history with it.
export const eventChanges: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('event_changes')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('event_id', 'text', (c) => c.notNull().references('events.id').onDelete('cascade'))
      .addColumn('at', 'bigint', (c) => c.notNull())
      .addColumn('actor_dj_id', 'text')
      // Null with a null DJ id: the app itself (nothing signed in did it).
      .addColumn('actor_name', 'text')
      // EVENT_CHANGE_KINDS (shared/domain.ts); no CHECK, so a new kind needs no table rebuild.
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull())
      // JSON text: the change's lines (shared/schemas/history.ts).
      .addColumn('summary', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('event_changes_event_at').on('event_changes').columns(['event_id', 'at', 'id']).execute();
  },
};
