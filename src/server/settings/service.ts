import type { Kysely } from 'kysely';
import {
  maskWebhookUrl,
  parseWebhookUrl,
  WEBHOOK_KINDS,
  WEBHOOK_LABELS,
  type WebhookKind,
  type WebhookUrl,
  webhookUrlProblem,
} from '@shared/discord-webhooks.js';
import {
  DEFAULT_SETTINGS,
  type DiscordWebhooksStatus,
  type SaveSettingsBody,
  type Settings,
  type SettingsAnswer,
  settingsSchema,
} from '@shared/schemas/settings.js';
import { type SetupItem, setupChecklist } from '@shared/setup-checklist.js';
import type { Dialect } from '../db/open.js';
import type { Database } from '../db/schema.js';
import { badRequest } from '../http/errors.js';
import { warnStoredDataOnce } from '../stored-data-log.js';
import { DISCORD_WEBHOOKS_KEY, GLOBAL_KEY, readSettingsDocument, writeSettingsDocument } from './repository.js';

type Db = Kysely<Database>;

/**
 * The global settings: what was saved, merged over the defaults field by field. A field that is
 * missing or no longer valid (e.g. saved by an older version) falls back to its default, so
 * readers always get a complete, valid Settings.
 */
export async function readSettings(db: Db): Promise<Settings> {
  return (await readStored(db)).settings;
}

/** The settings, and which of them were saved (valid) rather than taken from the defaults. */
async function readStored(db: Db): Promise<{ settings: Settings; saved: Set<keyof Settings> }> {
  const saved = savedSettings(await readSettingsDocument(db, GLOBAL_KEY));
  return { settings: { ...DEFAULT_SETTINGS, ...saved }, saved: new Set(Object.keys(saved) as Array<keyof Settings>) };
}

/** The settings a stored document holds that are still valid, each on its own. */
function savedSettings(stored: unknown): Partial<Settings> {
  const record = stored && typeof stored === 'object' ? (stored as Record<string, unknown>) : {};
  const saved: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(settingsSchema.shape)) {
    const parsed = field.safeParse(record[key]);
    if (parsed.success) saved[key] = parsed.data;
    else if (record[key] !== undefined) {
      warnStoredDataOnce(`settings:${key}`, { setting: key }, 'a stored global setting no longer passes the rules: its default is used until staff save its section');
    }
  }
  return saved as Partial<Settings>;
}

/** Home's "Set up your community" list (shared/setup-checklist.ts). */
export async function readSetupChecklist(db: Kysely<Database>): Promise<{ items: SetupItem[] }> {
  const { settings, saved } = await readStored(db);
  return { items: setupChecklist(settings, saved) };
}

type StoredWebhooks = Partial<Record<WebhookKind, string>>;

/** The stored webhook URLs as they were given (they are the credential), kept apart from the settings. */
async function readStoredWebhooks(db: Db, lock?: { dialect: Dialect }): Promise<StoredWebhooks> {
  const stored = await readSettingsDocument(db, DISCORD_WEBHOOKS_KEY, lock);
  const record = stored && typeof stored === 'object' ? (stored as Record<string, unknown>) : {};
  return Object.fromEntries(WEBHOOK_KINDS.flatMap((kind) => (typeof record[kind] === 'string' ? [[kind, record[kind]]] : [])));
}

/**
 * The webhooks that can be used: a stored URL no longer under Discord's API origin (the
 * configuration changed) counts as not set.
 */
export async function readWebhooks({ db, origin }: { db: Db; origin: string }): Promise<Partial<Record<WebhookKind, WebhookUrl>>> {
  const stored = await readStoredWebhooks(db);
  return Object.fromEntries(
    WEBHOOK_KINDS.flatMap((kind) => {
      const webhook = stored[kind] === undefined ? null : parseWebhookUrl(stored[kind], origin);
      return webhook ? [[kind, webhook]] : [];
    }),
  );
}

async function webhooksStatus(db: Db, origin: string): Promise<DiscordWebhooksStatus> {
  const webhooks = await readWebhooks({ db, origin });
  const status = (kind: WebhookKind) => {
    const webhook = webhooks[kind];
    return webhook ? { configured: true, masked: maskWebhookUrl(webhook.url) } : { configured: false, masked: '' };
  };
  return { origin, announcements: status('announcements'), scheduling: status('scheduling') };
}

export async function readSettingsAnswer({ db, webhookOrigin }: { db: Db; webhookOrigin: string }): Promise<SettingsAnswer> {
  const [settings, discordWebhooks] = await Promise.all([readSettings(db), webhooksStatus(db, webhookOrigin)]);
  return { ...settings, discordWebhooks };
}

/**
 * Saves the settings the body names over the stored ones (a section of Global Settings saves its
 * own: issue 34) and, in the same transaction, the webhooks it names: a new URL (only under
 * Discord's API origin, in Discord's shape) or null to remove one; the others stay. The stored
 * document is read locked, so two sections saved at once both land.
 */
export async function saveSettings({ db, dialect, body, webhookOrigin }: { db: Db; dialect: Dialect; body: SaveSettingsBody; webhookOrigin: string }): Promise<SettingsAnswer> {
  const { discordWebhookChanges: changes = {}, ...settings } = body;
  const problems = WEBHOOK_KINDS.flatMap((kind) => {
    const url = changes[kind];
    const problem = typeof url === 'string' ? webhookUrlProblem(url, webhookOrigin, WEBHOOK_LABELS[kind]) : null;
    return problem ? [problem] : [];
  });
  if (problems.length > 0) throw badRequest(problems.join(' '));
  const now = Date.now();
  const named = Object.fromEntries(Object.entries(settings).filter(([, value]) => value !== undefined));
  await db.transaction().execute(async (trx) => {
    if (Object.keys(named).length > 0) {
      const stored = savedSettings(await readSettingsDocument(trx, GLOBAL_KEY, { dialect }));
      await writeSettingsDocument(trx, GLOBAL_KEY, { ...stored, ...named }, now);
    }
    if (WEBHOOK_KINDS.every((kind) => changes[kind] === undefined)) return;
    const webhooks = await readStoredWebhooks(trx, { dialect });
    for (const kind of WEBHOOK_KINDS) {
      const url = changes[kind];
      if (url === null) delete webhooks[kind];
      else if (url !== undefined) webhooks[kind] = url.trim();
    }
    await writeSettingsDocument(trx, DISCORD_WEBHOOKS_KEY, webhooks, now);
  });
  return readSettingsAnswer({ db, webhookOrigin });
}
