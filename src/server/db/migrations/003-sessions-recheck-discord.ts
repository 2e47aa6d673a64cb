import type { Kysely, Migration } from 'kysely';

// Sessions end when access ends: each session keeps the Discord tokens it was signed in with
// (encrypted, auth/token-sealer.ts) to check membership and roles again, when it was last
// checked successfully, and when the next check is due. Sessions opened before this migration
// have no tokens: their first check finds nothing to check with, so they end at their next use
// and people sign in once more. SQLite adds one column per statement.
export const sessionsRecheckDiscord: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('sessions').addColumn('discord_tokens', 'text').execute();
    await db.schema
      .alterTable('sessions')
      .addColumn('checked_at', 'bigint', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable('sessions')
      .addColumn('next_check_at', 'bigint', (c) => c.notNull().defaultTo(0))
      .execute();
  },
};
