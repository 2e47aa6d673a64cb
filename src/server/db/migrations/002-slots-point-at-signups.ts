import { type Kysely, type Migration, sql } from 'kysely';

// A slot points at its signup instead of copying its name, DJ, length, type and debut flag; only
// slots without a signup (legacy) keep those, in legacy_* columns. start_at and end_at are
// derived at every save (shared/lineup.ts placeSlots) so queries can find a slot's time.
// SQLite cannot change a column's nullability, so the table is rebuilt.
export const slotsPointAtSignups: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('slots_new')
      .addColumn('event_id', 'text', (c) => c.notNull().references('events.id').onDelete('cascade'))
      .addColumn('position', 'integer', (c) => c.notNull())
      // Not a foreign key: a legacy slot may name a signup that no longer exists.
      .addColumn('signup_uuid', 'text')
      .addColumn('start_at', 'bigint', (c) => c.notNull())
      .addColumn('end_at', 'bigint', (c) => c.notNull())
      .addColumn('legacy_dj_name', 'text')
      .addColumn('legacy_dj_id', 'text', (c) => c.references('djs.id').onDelete('set null'))
      .addColumn('legacy_duration', 'double precision')
      .addColumn('legacy_is_debut', 'integer')
      .addColumn('legacy_slot_type', 'text')
      .addColumn('stream_source_url', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('stream_source_type', 'text', (c) => c.notNull().defaultTo('VRCDN'))
      .addPrimaryKeyConstraint('slots_new_pk', ['event_id', 'position'])
      .addCheckConstraint('slots_legacy_is_debut_flag', sql`legacy_is_debut in (0, 1)`)
      .execute();
    // Slots whose signup exists keep only the pointer; the others keep their own values.
    await sql`
      insert into slots_new (event_id, position, signup_uuid, start_at, end_at, legacy_dj_name, legacy_dj_id,
        legacy_duration, legacy_is_debut, legacy_slot_type, stream_source_url, stream_source_type)
      select s.event_id, s.position, s.signup_uuid, s.start_at,
        s.start_at + cast(round(s.duration * 3600000) as bigint),
        case when g.uuid is null then s.dj_name end,
        case when g.uuid is null then s.dj_id end,
        case when g.uuid is null then s.duration end,
        case when g.uuid is null then s.is_debut end,
        case when g.uuid is null then s.slot_type end,
        s.stream_source_url, s.stream_source_type
      from slots s left join signups g on g.uuid = s.signup_uuid and g.event_id = s.event_id
    `.execute(db);
    await db.schema.dropTable('slots').execute();
    await db.schema.alterTable('slots_new').renameTo('slots').execute();
    await db.schema.createIndex('slots_signup').on('slots').column('signup_uuid').execute();
  },
};
