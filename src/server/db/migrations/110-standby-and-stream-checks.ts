import { type Kysely, type Migration, sql } from 'kysely';

// Standby DJs and stream checks (issue 35, decision 045): a signup staff keep beside the lineup
// (standby, a flag: never with a slot) and when its stream was tested (by the DJ on their signup
// page or by staff in Stream Details); null: not yet. Both live on the signup, so a save that
// rewrites the slots keeps them and a standby swapped into a slot brings their own check.
export const standbyAndStreamChecks: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('signups')
      .addColumn('standby', 'integer', (c) => c.notNull().defaultTo(0).check(sql`standby in (0, 1)`))
      .execute();
    await db.schema.alterTable('signups').addColumn('stream_tested_at', 'bigint').execute();
  },
};
