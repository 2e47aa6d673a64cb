import { type Kysely, type Migration, sql } from 'kysely';

// A member without roles is signed in without a roster entry: a session's DJ becomes optional,
// and the session keeps the name and avatar Discord gave at sign-in (what the app shows for the
// person). SQLite cannot drop a NOT NULL, so the table is rebuilt.
export const sessionsKeepTheirProfile: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('sessions_new')
      .addColumn('id_hash', 'text', (c) => c.primaryKey())
      .addColumn('dj_id', 'text', (c) => c.references('djs.id').onDelete('cascade'))
      .addColumn('discord_user_id', 'text', (c) => c.notNull())
      .addColumn('public_name', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('avatar_url', 'text')
      .addColumn('roles', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('discord_tokens', 'text')
      .addColumn('checked_at', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('next_check_at', 'bigint', (c) => c.notNull().defaultTo(0))
      .execute();
    await sql`
      insert into sessions_new (id_hash, dj_id, discord_user_id, public_name, avatar_url, roles, created_at, expires_at,
        discord_tokens, checked_at, next_check_at)
      select s.id_hash, s.dj_id, s.discord_user_id, coalesce(d.public_name, ''), d.avatar_url, s.roles, s.created_at,
        s.expires_at, s.discord_tokens, s.checked_at, s.next_check_at
      from sessions s left join djs d on d.id = s.dj_id
    `.execute(db);
    await db.schema.dropTable('sessions').execute();
    await db.schema.alterTable('sessions_new').renameTo('sessions').execute();
    await db.schema.createIndex('sessions_expires_at').on('sessions').column('expires_at').execute();
  },
};
