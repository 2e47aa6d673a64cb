import type { Kysely, Migration } from 'kysely';

// An archived DJ is left out of the roster's default view and the lineup's DJ search, their
// plays and signups kept: when they were archived, null while they are active.
export const djsArchived: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('djs').addColumn('archived_at', 'bigint').execute();
  },
};
