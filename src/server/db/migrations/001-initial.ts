import { type Kysely, type Migration, sql } from 'kysely';

// The first schema: events, DJs, signups with their DJs, slots, derived plays, settings, sessions.
export const initial: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('events')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('start_at', 'bigint', (c) => c.notNull())
      .addColumn('end_at', 'bigint', (c) => c.notNull())
      .addColumn('published', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('host', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('message', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('footer', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('signups_open', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addCheckConstraint('events_published_flag', sql`published in (0, 1)`)
      .addCheckConstraint('events_signups_open_flag', sql`signups_open in (0, 1)`)
      .execute();
    await db.schema.createIndex('events_start_at').on('events').column('start_at').execute();
    await db.schema.createIndex('events_end_at').on('events').column('end_at').execute();

    await db.schema
      .createTable('djs')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('discord_id', 'text', (c) => c.unique())
      .addColumn('public_name', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('dj_name', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('rtmp_url', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('twitch_username', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('avatar_url', 'text')
      .addColumn('notes', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('djs_dj_name').on('djs').column('dj_name').execute();

    await db.schema
      .createTable('signups')
      .addColumn('uuid', 'text', (c) => c.primaryKey())
      .addColumn('event_id', 'text', (c) => c.notNull().references('events.id').onDelete('cascade'))
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('is_debut', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('requested_duration', 'double precision', (c) => c.notNull().defaultTo(1))
      .addColumn('type', 'text', (c) => c.notNull().defaultTo('LIVE'))
      .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('form_data', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addCheckConstraint('signups_is_debut_flag', sql`is_debut in (0, 1)`)
      .addCheckConstraint('signups_hidden_flag', sql`hidden in (0, 1)`)
      .execute();
    await db.schema.createIndex('signups_event').on('signups').columns(['event_id', 'position']).execute();

    await db.schema
      .createTable('signup_djs')
      .addColumn('signup_uuid', 'text', (c) => c.notNull().references('signups.uuid').onDelete('cascade'))
      .addColumn('event_id', 'text', (c) => c.notNull().references('events.id').onDelete('cascade'))
      .addColumn('dj_id', 'text', (c) => c.notNull().references('djs.id').onDelete('restrict'))
      .addColumn('position', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('signup_djs_pk', ['signup_uuid', 'dj_id'])
      .addUniqueConstraint('signup_djs_one_signup_per_dj', ['event_id', 'dj_id'])
      .execute();
    await db.schema.createIndex('signup_djs_dj').on('signup_djs').column('dj_id').execute();

    await db.schema
      .createTable('slots')
      .addColumn('event_id', 'text', (c) => c.notNull().references('events.id').onDelete('cascade'))
      .addColumn('position', 'integer', (c) => c.notNull())
      // Not a foreign key: a legacy slot may name a signup that no longer exists.
      .addColumn('signup_uuid', 'text')
      .addColumn('dj_name', 'text')
      .addColumn('dj_id', 'text', (c) => c.references('djs.id').onDelete('set null'))
      .addColumn('start_at', 'bigint', (c) => c.notNull())
      .addColumn('duration', 'double precision', (c) => c.notNull().defaultTo(1))
      .addColumn('is_debut', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('slot_type', 'text', (c) => c.notNull().defaultTo('LIVE'))
      .addColumn('stream_source_url', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('stream_source_type', 'text', (c) => c.notNull().defaultTo('VRCDN'))
      .addPrimaryKeyConstraint('slots_pk', ['event_id', 'position'])
      .execute();

    await db.schema
      .createTable('dj_plays')
      .addColumn('event_id', 'text', (c) => c.notNull().references('events.id').onDelete('cascade'))
      .addColumn('dj_id', 'text', (c) => c.notNull().references('djs.id').onDelete('cascade'))
      .addPrimaryKeyConstraint('dj_plays_pk', ['event_id', 'dj_id'])
      .execute();
    await db.schema.createIndex('dj_plays_dj').on('dj_plays').column('dj_id').execute();

    await db.schema
      .createTable('settings')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('value', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('sessions')
      .addColumn('id_hash', 'text', (c) => c.primaryKey())
      .addColumn('dj_id', 'text', (c) => c.notNull().references('djs.id').onDelete('cascade'))
      .addColumn('discord_user_id', 'text', (c) => c.notNull())
      .addColumn('roles', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('sessions_expires_at').on('sessions').column('expires_at').execute();
  },
};
