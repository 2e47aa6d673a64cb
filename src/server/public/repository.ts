import type { ExpressionBuilder, Kysely, Selectable } from 'kysely';
import type { PublicSlot } from '@shared/schemas/public.js';
import type { Database } from '../db/schema.js';
import { fromFlag, toIso } from '../db/values.js';
import { parsePublicLinks } from '../events/repository.js';
import { SLOT_NAME_COLUMNS, slotNameOf } from '../lineup/slot-names.js';

// What the public pages and feeds read (issue 14). Least privilege: each query selects only the
// columns the public may see (names, times, host, debut flags, public links), never a signup's
// answers, a DJ's Discord id or stream link, or staff text; and only events publiclyVisible allows.

type Db = Kysely<Database>;

/**
 * THE rule for what the public may see: an event is public once staff published it. Cancelled
 * later, it stays public, marked cancelled (issue 34: whoever saw it must learn it is off), with
 * its name, time and host but no lineup or watch links. Every public query filters through this one helper.
 */
export const publiclyVisible = (eb: ExpressionBuilder<Database, 'events'>) => eb('events.published', '=', 1);

export interface PublicEventRow {
  id: string;
  name: string;
  startDatetime: string;
  endDatetime: string;
  host: string;
  links: ReturnType<typeof parsePublicLinks>;
  cancelled: boolean;
  /** Bumped by every staff save: with the slots, what a rendered image depends on. */
  version: number;
  updatedAt: number;
}

const PUBLIC_EVENT_COLUMNS = ['id', 'name', 'start_at', 'end_at', 'host', 'public_links', 'cancelled_at', 'version', 'updated_at'] as const;

type PublicEventColumns = Pick<Selectable<Database['events']>, (typeof PUBLIC_EVENT_COLUMNS)[number]>;

const toPublicEvent = (row: PublicEventColumns): PublicEventRow => ({
  id: row.id,
  name: row.name,
  startDatetime: toIso(row.start_at),
  endDatetime: toIso(row.end_at),
  host: row.host,
  links: parsePublicLinks(row.public_links, row.id),
  cancelled: row.cancelled_at !== null,
  version: Number(row.version),
  updatedAt: Number(row.updated_at),
});

/** A published event by id; undefined for an unknown or unpublished one alike. */
export async function findPublicEvent(db: Db, id: string): Promise<PublicEventRow | undefined> {
  const row = await db
    .selectFrom('events')
    .select(PUBLIC_EVENT_COLUMNS)
    .where('id', '=', id)
    .where(publiclyVisible)
    .executeTakeFirst();
  return row && toPublicEvent(row);
}

/** Published events that end after `endsAfter`, soonest first (an event in progress comes first). */
export async function listPublicEvents(db: Db, endsAfter: number, limit: number): Promise<PublicEventRow[]> {
  const rows = await db
    .selectFrom('events')
    .select(PUBLIC_EVENT_COLUMNS)
    .where(publiclyVisible)
    .where('end_at', '>', endsAfter)
    .orderBy('start_at', 'asc')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map(toPublicEvent);
}

/**
 * The events' lineups as the public sees them, in slot order: the act's name (slotName), its
 * stored times and debut mark. Unnamed slots are left out.
 */
/** A public slot and whether staff marked it No-show on the live board (never shown as such: it only plays nothing). */
export type MarkedPublicSlot = PublicSlot & { noShow: boolean };

export async function findPublicSlots(db: Db, eventIds: readonly string[]): Promise<Map<string, MarkedPublicSlot[]>> {
  const slots = new Map<string, MarkedPublicSlot[]>();
  if (eventIds.length === 0) return slots;
  const rows = await db
    .selectFrom('slots')
    .leftJoin('signups', 'signups.uuid', 'slots.signup_uuid')
    .leftJoin('djs as legacy_dj', 'legacy_dj.id', 'slots.legacy_dj_id')
    .select(['slots.event_id', 'slots.start_at', 'slots.end_at', 'signups.is_debut as signup_debut', 'signups.live_mark', 'slots.legacy_is_debut', ...SLOT_NAME_COLUMNS])
    .where('slots.event_id', 'in', [...eventIds])
    .orderBy('slots.event_id')
    .orderBy('slots.position')
    .execute();
  for (const row of rows) {
    const name = slotNameOf(row);
    if (!name) continue;
    const slot: MarkedPublicSlot = {
      name,
      noShow: row.live_mark === 'no_show',
      startTime: toIso(row.start_at),
      endTime: toIso(row.end_at),
      isDebut: fromFlag(row.signup_name !== null ? (row.signup_debut ?? 0) : (row.legacy_is_debut ?? 0)),
    };
    slots.set(row.event_id, [...(slots.get(row.event_id) ?? []), slot]);
  }
  return slots;
}

/** One DJ's slots in published events that end after `endsAfter`: their signups' (back to back too) and legacy slots naming them. */
export async function findDjPublicSlots(db: Db, djId: string, endsAfter: number) {
  const rows = await db
    .selectFrom('slots')
    .innerJoin('events', 'events.id', 'slots.event_id')
    .leftJoin('signups', 'signups.uuid', 'slots.signup_uuid')
    .leftJoin('djs as legacy_dj', 'legacy_dj.id', 'slots.legacy_dj_id')
    .select([
      'events.id as event_id',
      'events.name as event_name',
      'events.host as event_host',
      'events.updated_at as event_updated_at',
      'events.cancelled_at as event_cancelled_at',
      'slots.position',
      'slots.start_at',
      'slots.end_at',
      ...SLOT_NAME_COLUMNS,
    ])
    .where(publiclyVisible)
    .where('events.end_at', '>', endsAfter)
    .where((eb) =>
      eb.or([
        eb.exists(
          eb
            .selectFrom('signup_djs')
            .select('signup_djs.dj_id')
            .whereRef('signup_djs.signup_uuid', '=', 'slots.signup_uuid')
            .where('signup_djs.dj_id', '=', djId),
        ),
        eb.and([eb('slots.signup_uuid', 'is', null), eb('slots.legacy_dj_id', '=', djId)]),
      ]),
    )
    .orderBy('slots.start_at')
    .orderBy('events.id')
    .execute();
  return rows.map((row) => ({
    eventId: row.event_id,
    eventName: row.event_name,
    host: row.event_host,
    cancelled: row.event_cancelled_at !== null,
    position: Number(row.position),
    name: slotNameOf(row) ?? '',
    startTime: toIso(row.start_at),
    endTime: toIso(row.end_at),
    updatedAt: Number(row.event_updated_at),
  }));
}

// ---- DJs' calendar links ------------------------------------------------------------------------

export async function findCalendarLink(db: Db, djId: string) {
  return db.selectFrom('dj_calendar_links').selectAll().where('dj_id', '=', djId).executeTakeFirst();
}

/** Stores a link unless the DJ has one already (two first visits at once keep the first). */
export async function insertCalendarLink(db: Db, row: Database['dj_calendar_links']): Promise<void> {
  await db
    .insertInto('dj_calendar_links')
    .values(row)
    .onConflict((oc) => oc.column('dj_id').doNothing())
    .execute();
}

export async function deleteCalendarLink(db: Db, djId: string): Promise<void> {
  await db.deleteFrom('dj_calendar_links').where('dj_id', '=', djId).execute();
}

/** The DJ a token's hash belongs to, if it is a live link. */
export async function findDjByTokenHash(db: Db, tokenHash: string): Promise<string | undefined> {
  const row = await db.selectFrom('dj_calendar_links').select('dj_id').where('token_hash', '=', tokenHash).executeTakeFirst();
  return row?.dj_id;
}
