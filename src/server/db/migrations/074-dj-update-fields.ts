import type { Kysely, Migration } from 'kysely';

// A DJ's update waits for staff only in what the DJ changed (issue 25): update_fields holds those
// fields of the slot (JSON: 'name', 'length', 'type'), and once staff dismissed the update,
// update_dismissed_at says when, so the DJ's signup page can tell them the slot stays as it is.
export const djUpdateFields: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('signups').addColumn('update_fields', 'text').execute();
    await db.schema.alterTable('signups').addColumn('update_dismissed_at', 'bigint').execute();
  },
};
