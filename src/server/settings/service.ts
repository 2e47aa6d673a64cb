import type { Kysely } from 'kysely';
import { DEFAULT_SETTINGS, type Settings, settingsSchema } from '@shared/schemas/settings.js';
import { type SetupItem, setupChecklist } from '@shared/setup-checklist.js';
import type { Database } from '../db/schema.js';
import { GLOBAL_KEY, readSettingsDocument, writeSettingsDocument } from './repository.js';

/**
 * The global settings: what was saved, merged over the defaults field by field. A field that is
 * missing or no longer valid (e.g. saved by an older version) falls back to its default, so
 * readers always get a complete, valid Settings.
 */
export async function readSettings(db: Kysely<Database>): Promise<Settings> {
  return (await readStored(db)).settings;
}

/** The settings, and which of them were saved (valid) rather than taken from the defaults. */
async function readStored(db: Kysely<Database>): Promise<{ settings: Settings; saved: Set<keyof Settings> }> {
  const stored = await readSettingsDocument(db, GLOBAL_KEY);
  const record = stored && typeof stored === 'object' ? (stored as Record<string, unknown>) : {};
  const settings: Record<string, unknown> = { ...DEFAULT_SETTINGS };
  const saved = new Set<keyof Settings>();
  for (const [key, field] of Object.entries(settingsSchema.shape)) {
    const parsed = field.safeParse(record[key]);
    if (parsed.success) {
      settings[key] = parsed.data;
      saved.add(key as keyof Settings);
    }
  }
  return { settings: settings as Settings, saved };
}

/** Home's "Set up your community" list (shared/setup-checklist.ts). */
export async function readSetupChecklist(db: Kysely<Database>): Promise<{ items: SetupItem[] }> {
  const { settings, saved } = await readStored(db);
  return { items: setupChecklist(settings, saved) };
}

export async function saveSettings(db: Kysely<Database>, settings: Settings): Promise<Settings> {
  await writeSettingsDocument(db, GLOBAL_KEY, settings, Date.now());
  return readSettings(db);
}
