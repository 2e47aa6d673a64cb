import { type Kysely, type Migration, sql } from 'kysely';

// A built lineup stays put: a DJ's update to a signup already in a saved lineup changes their
// answers, not the slot, and waits for staff (update_pending_at) to apply or dismiss it. Each DJ
// of a signup answers the slot proposed to them (confirmation). Optional signup deadline and cap
// per event; the event's preflight steps staff tick off (JSON).
export const lineupStaysPut: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('signups').addColumn('update_pending_at', 'bigint').execute();
    await db.schema
      .alterTable('signup_djs')
      .addColumn('confirmation', 'text', (c) =>
        c.notNull().defaultTo('proposed').check(sql`confirmation in ('proposed', 'confirmed', 'declined')`),
      )
      .execute();
    await db.schema.alterTable('events').addColumn('signups_close_at', 'bigint').execute();
    await db.schema.alterTable('events').addColumn('signup_cap', 'integer').execute();
    await db.schema
      .alterTable('events')
      .addColumn('preflight', 'text', (c) => c.notNull().defaultTo('{}'))
      .execute();
  },
};
