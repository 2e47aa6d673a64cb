import { type Kysely, type Migration, sql } from 'kysely';

// Each DJ's play statistics kept on their row (issue 15, growth): how many plays (dj_plays rows)
// and the event of the most recent one (newest start, ties by event id, as shared/plays.ts
// orders them), so the roster reads one row per DJ instead of ranking every play on each
// request. The event's name and date are joined when read, so a rename or a moved date shows.
// Kept by refreshDjStats (djs/plays.ts) in every transaction that changes plays or an event's start.
export const djPlayStats: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('djs').addColumn('play_count', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    await db.schema.alterTable('djs').addColumn('last_play_event_id', 'text').execute();
    await sql`
      update djs set
        play_count = (select count(*) from dj_plays where dj_plays.dj_id = djs.id),
        last_play_event_id = (
          select events.id from dj_plays inner join events on events.id = dj_plays.event_id
          where dj_plays.dj_id = djs.id order by events.start_at desc, events.id asc limit 1
        )
    `.execute(db);
  },
};
