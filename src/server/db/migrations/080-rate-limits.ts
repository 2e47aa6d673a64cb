import type { Kysely, Migration } from 'kysely';

// Rate limits shared by the app instances on one PostgreSQL database (http/rate-limit-counts.ts):
// a counter per limit and key (a route and a client address or DJ) and when its window ends.
// On SQLite, and while one instance runs alone, the counters stay in memory and the table empty. No change
// notice (migration 073): a counter is not data any read cache holds.
export const rateLimits: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('rate_limits')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('count', 'integer', (c) => c.notNull())
      .addColumn('reset_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('rate_limits_reset_at').on('rate_limits').column('reset_at').execute();
  },
};
