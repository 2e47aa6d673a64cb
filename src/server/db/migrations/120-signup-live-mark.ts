import type { Kysely, Migration } from 'kysely';

// The live board (issue 35): what staff marked a slot's signup on the night, 'on_air' or
// 'no_show' (shared/domain.ts LIVE_MARKS; no CHECK, as for other kinds), and when. On the signup,
// not the slot: a slot is written by position at every save, and a standby swapped into it is a
// different signup that has not been marked. A no-show's DJs have no play of that event.
export const signupLiveMark: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('signups').addColumn('live_mark', 'text').execute();
    await db.schema.alterTable('signups').addColumn('live_marked_at', 'bigint').execute();
  },
};
