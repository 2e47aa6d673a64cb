import type { Kysely } from 'kysely';
import { DEFAULT_SETTINGS, type Settings, settingsSchema } from '@shared/schemas/settings.js';
import type { Database } from '../db/schema.js';
import { GLOBAL_KEY, readSettingsDocument, writeSettingsDocument } from './repository.js';

/**
 * The global settings: what was saved, merged over the defaults field by field. A field that is
 * missing or no longer valid (e.g. saved by an older version) falls back to its default, so
 * readers always get a complete, valid Settings.
 */
export async function readSettings(db: Kysely<Database>): Promise<Settings> {
  const stored = await readSettingsDocument(db, GLOBAL_KEY);
  const record = stored && typeof stored === 'object' ? (stored as Record<string, unknown>) : {};
  const settings: Record<string, unknown> = { ...DEFAULT_SETTINGS };
  for (const [key, field] of Object.entries(settingsSchema.shape)) {
    const parsed = field.safeParse(record[key]);
    if (parsed.success) settings[key] = parsed.data;
  }
  return settings as Settings;
}

export async function saveSettings(db: Kysely<Database>, settings: Settings): Promise<Settings> {
  await writeSettingsDocument(db, GLOBAL_KEY, settings, Date.now());
  return readSettings(db);
}
