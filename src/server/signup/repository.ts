import { randomUUID } from 'node:crypto';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { SignupFormData } from '../../shared/domain.js';
import type { Dialect } from '../db/open.js';
import type { Database } from '../db/schema.js';
import { fromFlag, toIso } from '../db/values.js';

// Database access for the DJ signup area. Only the public basics of an event and the caller's
// own signup are ever read here.

type Db = Kysely<Database> | Transaction<Database>;

export interface SignupEvent {
  id: string;
  name: string;
  startDatetime: string;
  signupsAreOpen: boolean;
  host: string;
  version: number;
}

/**
 * The event's public basics. With `lock` (PostgreSQL only; SQLite transactions are already
 * serial) the row stays locked until commit, so signups to one event queue up and never read
 * a stale "open" flag or position.
 */
export async function findEvent(
  db: Db,
  eventId: string,
  lock?: { dialect: Dialect },
): Promise<SignupEvent | undefined> {
  const row = await db
    .selectFrom('events')
    .select(['id', 'name', 'start_at', 'signups_open', 'host', 'version'])
    .where('id', '=', eventId)
    .$if(lock?.dialect === 'postgres', (qb) => qb.forUpdate())
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id,
    name: row.name,
    startDatetime: toIso(row.start_at),
    signupsAreOpen: fromFlag(row.signups_open),
    host: row.host,
    version: Number(row.version),
  };
}

export async function findDj(db: Db, djId: string) {
  const row = await db.selectFrom('djs').select(['id', 'dj_name', 'public_name']).where('id', '=', djId).executeTakeFirst();
  return row && { id: row.id, djName: row.dj_name, publicName: row.public_name };
}

/** The uuid and form data of the signup naming this DJ in this event (as main DJ or B2B partner). */
export async function findOwnSignup(db: Db, eventId: string, djId: string) {
  const row = await db
    .selectFrom('signup_djs')
    .innerJoin('signups', 'signups.uuid', 'signup_djs.signup_uuid')
    .select(['signups.uuid', 'signups.form_data'])
    .where('signup_djs.event_id', '=', eventId)
    .where('signup_djs.dj_id', '=', djId)
    .executeTakeFirst();
  return row && { uuid: row.uuid, formData: parseFormData(row.form_data) };
}

function parseFormData(json: string | null): SignupFormData | null {
  if (!json) return null;
  try {
    return JSON.parse(json) as SignupFormData;
  } catch {
    return null;
  }
}

/** The columns a DJ's submission sets; staff columns (is_debut, hidden, position) are left alone. */
const submittedColumns = (form: SignupFormData, now: number) => ({
  name: form.name,
  requested_duration: form.requested_duration,
  type: form.type,
  form_data: JSON.stringify(form),
  updated_at: now,
});

export async function updateSignupForm(db: Db, uuid: string, form: SignupFormData, now: number): Promise<void> {
  await db.updateTable('signups').set(submittedColumns(form, now)).where('uuid', '=', uuid).execute();
}

/** A new signup at the end of the event's Signups column, naming the DJ as its main DJ. */
export async function insertSignup(db: Db, eventId: string, djId: string, form: SignupFormData, now: number): Promise<void> {
  const uuid = randomUUID();
  await db
    .insertInto('signups')
    .values(({ selectFrom, fn }) => ({
      uuid,
      event_id: eventId,
      // The next position, read in the same statement as the insert.
      position: selectFrom('signups')
        .select(fn.coalesce(sql<number>`max(position) + 1`, sql<number>`0`).as('next'))
        .where('event_id', '=', eventId),
      is_debut: 0,
      hidden: 0,
      created_at: now,
      ...submittedColumns(form, now),
    }))
    .execute();
  await db.insertInto('signup_djs').values({ signup_uuid: uuid, event_id: eventId, dj_id: djId, position: 0 }).execute();
}
