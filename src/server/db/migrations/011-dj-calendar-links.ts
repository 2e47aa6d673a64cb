import type { Kysely, Migration } from 'kysely';

// A DJ's private calendar feed of their own slots (issue 14) answers at /feeds/dj/{token}.ics.
// One link per DJ; the table keeps the token's SHA-256 (what a request is looked up by) and the
// random nonce the token is derived from with the server's key, never the token itself, so a copy
// of the database does not open anyone's feed. Revoking deletes the row.
export const djCalendarLinks: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('dj_calendar_links')
      .addColumn('dj_id', 'text', (c) => c.primaryKey().references('djs.id').onDelete('cascade'))
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('nonce', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
  },
};
