import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { BodyOf } from '@shared/api/contract.js';
import type { submitSignup } from '@shared/api/signup.js';
import { SIGNUP_ANSWER_DEFAULTS } from '@shared/schemas/signup-answers.js';
import type { Database } from '../db/schema.js';

// Rows and bodies shared by the hardening tests (access matrix, hostile input, crash safety).

export const EVENT_START = Date.parse('2030-06-09T19:00:00.000Z');

/** An event open for signups, written straight to the database. */
export async function insertOpenEvent(db: Kysely<Database>, name = 'Sunday Service', message = ''): Promise<string> {
  const id = randomUUID();
  const now = Date.now();
  await db
    .insertInto('events')
    .values({ id, name, start_at: EVENT_START, end_at: EVENT_START, published: 0, host: 'Hal', message, footer: '', signups_open: 1, version: 1, created_at: now, updated_at: now })
    .execute();
  return id;
}

/**
 * A published event a week from now with `slots` half-hour legacy slots (named `DJ Number n`
 * unless `names.slot` says), written straight to the database: what the public feeds show.
 */
export async function insertPublishedLineup(
  db: Kysely<Database>,
  slots: number,
  names: { event?: string; host?: string; slot?: (index: number) => string } = {},
): Promise<string> {
  const id = randomUUID();
  const now = Date.now();
  const start = now + 7 * 86_400_000;
  await db
    .insertInto('events')
    .values({ id, name: names.event ?? 'Sunday Service', start_at: start, end_at: start + Math.max(1, slots) * 1_800_000, published: 1, host: names.host ?? 'Hal', message: '', footer: '', signups_open: 0, version: 1, created_at: now, updated_at: now })
    .execute();
  for (let i = 0; i < slots; i++) {
    await db
      .insertInto('slots')
      .values({ event_id: id, position: i, signup_uuid: null, start_at: start + i * 1_800_000, end_at: start + (i + 1) * 1_800_000, legacy_dj_name: names.slot?.(i) ?? `DJ Number ${i}`, legacy_dj_id: null, legacy_duration: 0.5, legacy_is_debut: 0, legacy_slot_type: 'LIVE', stream_source_url: '', stream_source_type: 'MANUAL' })
      .execute();
  }
  return id;
}

type SignupBody = BodyOf<typeof submitSignup>;

/**
 * A valid body for submitting a signup (API.signup.submitSignup): each answer's default (decision
 * 006, so a new answer needs nothing here), a name, a stream link and the agreement.
 */
export const intake = (eventId: string, overrides: Partial<SignupBody> = {}): SignupBody => ({
  ...(SIGNUP_ANSWER_DEFAULTS as SignupBody),
  event_id: eventId,
  name: 'DJ Dana',
  stream_link: 'rtmp://stream.example.org/live/key',
  confirm_expectations: true,
  ...overrides,
});

/**
 * Everything an event's lineup holds, as comparable sorted rows: signups with the DJs' answers
 * and who gave them, the DJs they name, slots and plays. "Nothing lost" is this before and after.
 */
export async function storedLineup(db: Kysely<Database>) {
  const sorted = <T>(rows: T[]) => rows.map((row) => JSON.stringify(row)).sort();
  const [signups, signupDjs, slots, plays] = await Promise.all([
    db.selectFrom('signups').select(['uuid', 'event_id', 'position', 'name', 'form_data', 'submitted_by', 'is_debut', 'requested_duration', 'type', 'hidden']).execute(),
    db.selectFrom('signup_djs').selectAll().execute(),
    db.selectFrom('slots').selectAll().execute(),
    db.selectFrom('dj_plays').selectAll().execute(),
  ]);
  return { signups: sorted(signups), signupDjs: sorted(signupDjs), slots: sorted(slots), plays: sorted(plays) };
}
