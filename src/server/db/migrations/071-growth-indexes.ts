import { type Kysely, type Migration, sql } from 'kysely';

// Indexes that match the reads which must not slow down as the series grows (issue 15; plans in
// docs/performance-history.md, "Growth"):
// - the roster's page: Dj Name ignoring case, then id, read in order and stopped at the page's
//   end instead of sorting every DJ; its count of active DJs reads the archived_at index only;
// - the event page's signup DJs by event, in the order it reads them (it scanned the table);
// - a DJ's plays with their events, from the index alone (Other Events, a DJ's plays, the DJ home),
//   replacing the index on dj_id alone.
export const growthIndexes: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.createIndex('djs_roster_order').on('djs').expression(sql`lower(dj_name), id`).execute();
    await db.schema.createIndex('djs_archived').on('djs').column('archived_at').execute();
    await db.schema.createIndex('signup_djs_event').on('signup_djs').columns(['event_id', 'signup_uuid', 'position']).execute();
    await db.schema.createIndex('dj_plays_dj_event').on('dj_plays').columns(['dj_id', 'event_id']).execute();
    await db.schema.dropIndex('dj_plays_dj').execute();
  },
};
