import type { Kysely, Transaction } from 'kysely';
import { CONFIRMATIONS, type Confirmation, DEFAULT_SLOT_HOURS, SLOT_FIELDS, type SlotField } from '@shared/domain.js';
import type { DjUpdate } from '@shared/dj-update.js';
import { readStoredAnswers, type SignupFormData } from '@shared/schemas/signup-answers.js';
import { normaliseStreamLink } from '@shared/streams.js';
import type { Database, SignupsTable } from '../db/schema.js';
import { warnStoredData } from '../stored-data-log.js';

// A stored signup's columns as the app reads them, one mapping for every reader of the signups'
// tables (the lineup's, signups.ts; a DJ's own signup, dj-signup.ts; the DJ's pages,
// signups-naming.ts): the DJ's answers through their schema, a DJ's update, a length, a confirmation,
// and the join of the DJs a signup names with its slot.

export type Db = Kysely<Database> | Transaction<Database>;

/**
 * The DJ's stored answers, read back through their schema: an answer the row lacks reads as its
 * default, and one that does not read as its shape too, logged, never hiding the others. The
 * stream link reads in its one form (shared/streams.ts), one no rule recognises as stored.
 */
export function parseFormData(json: string | null, signupUuid?: string): SignupFormData | null {
  if (json === null) return null;
  let stored: unknown;
  try {
    stored = JSON.parse(json);
  } catch {
    stored = undefined;
  }
  const { answers, unreadable } = readStoredAnswers(stored);
  if (unreadable.length > 0) warnStoredData({ signupUuid, unreadable }, 'a signup\'s stored answers do not all read: defaults shown for these');
  return { ...answers, stream_link: normaliseStreamLink(answers.stream_link) };
}

/** The fields a DJ's update concerns, as stored (JSON); unreadable data counts as none. */
export function parseUpdateFields(json: string | null): SlotField[] {
  if (json === null) return [];
  try {
    const parsed: unknown = JSON.parse(json);
    return Array.isArray(parsed) ? SLOT_FIELDS.filter((field) => parsed.includes(field)) : [];
  } catch {
    return [];
  }
}

/** A DJ's update as stored: waiting (update_pending_at), dismissed (update_dismissed_at), or none. */
export function storedDjUpdate(row: Pick<SignupsTable, 'update_fields' | 'update_pending_at' | 'update_dismissed_at'>): DjUpdate | null {
  if (row.update_pending_at === null && row.update_dismissed_at === null) return null;
  return { fields: parseUpdateFields(row.update_fields), dismissed: row.update_pending_at === null };
}

/** A stored length in hours; one that is no number reads as the default. */
export const storedHours = (stored: number) => (Number.isFinite(Number(stored)) ? Number(stored) : DEFAULT_SLOT_HOURS);

/** A stored confirmation; one the app does not know reads as proposed. */
export const asConfirmation = (stored: string): Confirmation => ((CONFIRMATIONS as readonly string[]).includes(stored) ? (stored as Confirmation) : 'proposed');

/** The DJs signups name (signup_djs) with their signup and its slot, if it is in the lineup. */
export function signupsWithSlot(db: Db) {
  return db
    .selectFrom('signup_djs')
    .innerJoin('signups', 'signups.uuid', 'signup_djs.signup_uuid')
    .leftJoin('slots', (join) => join.onRef('slots.signup_uuid', '=', 'signups.uuid').onRef('slots.event_id', '=', 'signups.event_id'));
}
