import { type Kysely, type Migration, PostgresAdapter, sql } from 'kysely';

// PostgreSQL only: every write to a table sends one notice when its transaction commits, so each
// app instance's read caches learn of a change without asking the database on every request
// (db/open.ts). Notices of one transaction with the same payload are delivered once.
// A table added later gets the same trigger in its own migration (read-cache.test.ts checks).
export const DATA_CHANGED_CHANNEL = 'lineup_data_changed';

const DATA_CHANGE_TABLES = [
  'events',
  'djs',
  'signups',
  'signup_djs',
  'slots',
  'dj_plays',
  'settings',
  'sessions',
  'dj_calendar_links',
  'event_changes',
  'discord_posts',
] as const;

export const dataChangeNotices: Migration = {
  async up(db: Kysely<unknown>) {
    if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
    await sql
      .raw(
        `create function lineup_data_changed() returns trigger language plpgsql as $$
         begin perform pg_notify('${DATA_CHANGED_CHANNEL}', ''); return null; end $$`,
      )
      .execute(db);
    for (const table of DATA_CHANGE_TABLES) await notifyOnWrite(db, table);
  },
};

async function notifyOnWrite(db: Kysely<unknown>, table: string): Promise<void> {
  await sql
    .raw(
      `create trigger ${table}_data_changed after insert or update or delete or truncate on ${table}
       for each statement execute function lineup_data_changed()`,
    )
    .execute(db);
}
