import type { Kysely, Transaction } from 'kysely';
import { DEFAULT_REMINDER_SETTINGS, type ReminderSettings, reminderSettingsSchema } from '@shared/schemas/dj-posts.js';
import type { Database } from '../db/schema.js';
import { readSettingsDocument, writeSettingsDocument } from '../settings/repository.js';

// Global Settings' Reminders section, a settings document of its own ('reminders'), so saving it
// and saving the rest of the page never write over each other.

export const REMINDERS_KEY = 'reminders';

/** What was saved, field by field over the defaults (a field missing or no longer valid reads as its default). */
export async function readReminderSettings(db: Kysely<Database> | Transaction<Database>): Promise<ReminderSettings> {
  const stored = await readSettingsDocument(db, REMINDERS_KEY);
  const record = stored && typeof stored === 'object' ? (stored as Record<string, unknown>) : {};
  const settings: Record<string, unknown> = { ...DEFAULT_REMINDER_SETTINGS };
  for (const [key, field] of Object.entries(reminderSettingsSchema.shape)) {
    const parsed = field.safeParse(record[key]);
    if (parsed.success) settings[key] = parsed.data;
  }
  return settings as ReminderSettings;
}

export async function writeReminderSettings(db: Transaction<Database>, settings: ReminderSettings, now: number): Promise<void> {
  await writeSettingsDocument(db, REMINDERS_KEY, settings, now);
}
