import type { Kysely, Transaction } from 'kysely';
import { DEFAULT_STREAM_CHECK_SETTINGS, type StreamCheckSettings, streamCheckSettingsSchema } from '@shared/schemas/stream-checks.js';
import type { Database } from '../db/schema.js';
import { readSettingsDocument, writeSettingsDocument } from '../settings/repository.js';

// Global Settings' Stream checks section, a settings document of its own ('stream_checks'), as
// the Reminders are: saving it and saving the rest of the page never write over each other.

export const STREAM_CHECKS_KEY = 'stream_checks';

/** What was saved, field by field over the defaults (a field missing or no longer valid reads as its default). */
export async function readStreamCheckSettings(db: Kysely<Database> | Transaction<Database>): Promise<StreamCheckSettings> {
  const stored = await readSettingsDocument(db, STREAM_CHECKS_KEY);
  const record = stored && typeof stored === 'object' ? (stored as Record<string, unknown>) : {};
  const hours = streamCheckSettingsSchema.shape.hoursBefore.safeParse(record.hoursBefore);
  return { ...DEFAULT_STREAM_CHECK_SETTINGS, ...(hours.success && { hoursBefore: hours.data }) };
}

export async function writeStreamCheckSettings(db: Transaction<Database>, settings: StreamCheckSettings, now: number): Promise<void> {
  await writeSettingsDocument(db, STREAM_CHECKS_KEY, settings, now);
}
