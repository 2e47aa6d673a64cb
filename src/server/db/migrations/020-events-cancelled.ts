import type { Kysely, Migration } from 'kysely';

// A cancelled event is kept (signups, lineup, plays) but closed to DJs and never public: when it
// was cancelled, null while it is on. Restoring sets it back to null.
export const eventsCancelled: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('events').addColumn('cancelled_at', 'bigint').execute();
  },
};
