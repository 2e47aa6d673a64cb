import type { Kysely, Transaction } from 'kysely';
import { ARCHIVE_TABLES, ARCHIVED_SETTINGS_KEYS, type Archive, type ArchiveTableName, type ArchiveTables } from '@shared/archive/schema.js';
import type { ArchiveImportPlan, ArchiveImportResult, ImportSource, TableCounts } from '@shared/schemas/archive.js';
import { pluralise } from '@shared/pluralise.js';
import { handOverSessions } from '../auth/sessions.js';
import { refreshDjStats } from '../djs/plays.js';
import type { Database } from '../db/schema.js';
import { conflict } from '../http/errors.js';
import { readSettingsDocument, writeSettingsDocument } from '../settings/repository.js';
import { toRow } from './tables.js';

// Import: an archive into a new install (no events, never imported into before), all in one
// transaction. People who already signed in to the new install have a DJ record (and a
// session): the archive's DJ with the same Discord ID takes it over, and their sessions and
// calendar link move to it, so an admin importing stays signed in. People are matched by
// Discord ID only, never by record id: a file naming a record of this install (its own people
// exported, or a record id with someone else's Discord ID, issue 32) is refused, since it could
// hand one person's sign-ins to another. Other DJs already here stay as they are.

type Db = Kysely<Database> | Transaction<Database>;

interface ExistingDj {
  id: string;
  discord_id: string | null;
  dj_name: string;
}

/** An existing DJ and the archive's DJ (same Discord ID) that takes their place. */
interface Takeover {
  existing: ExistingDj;
  archiveId: string;
  archiveName: string;
  discordId: string;
}

/** The settings key that records an import, so a second one is refused (decision 034). */
export const IMPORTED_KEY = 'archiveImported';

export const tableCounts = (tables: ArchiveTables): TableCounts =>
  Object.fromEntries(ARCHIVE_TABLES.map((table) => [table, tables[table].length])) as TableCounts;

const nameOf = (dj: { dj_name: string; public_name?: string; id: string }) => dj.dj_name || dj.public_name || dj.id;

interface Matching {
  takeovers: Takeover[];
  kept: ExistingDj[];
  /** Why the file cannot come in here because of the people in it, or null. */
  refusal: string | null;
}

async function matchPeople(db: Db, tables: ArchiveTables): Promise<Matching> {
  const existing = await db.selectFrom('djs').select(['id', 'discord_id', 'dj_name']).execute();
  const byDiscordId = new Map(tables.djs.flatMap((dj) => (dj.discord_id ? [[dj.discord_id, dj] as const] : [])));
  const existingById = new Map(existing.map((dj) => [dj.id, dj]));
  const existingByDiscordId = new Map(existing.flatMap((dj) => (dj.discord_id ? [[dj.discord_id, dj] as const] : [])));
  const takeovers: Takeover[] = [];
  const kept: ExistingDj[] = [];
  for (const dj of existing) {
    const match = dj.discord_id ? byDiscordId.get(dj.discord_id) : undefined;
    if (match) takeovers.push({ existing: dj, archiveId: match.id, archiveName: nameOf(match), discordId: dj.discord_id! });
    else kept.push(dj);
  }
  return { takeovers, kept, refusal: peopleRefusal(tables, existingById, existingByDiscordId) };
}

/** A file whose DJ records are records of this install: never imported, whatever the Discord IDs say. */
function peopleRefusal(tables: ArchiveTables, byId: ReadonlyMap<string, ExistingDj>, byDiscordId: ReadonlyMap<string, ExistingDj>): string | null {
  const clashes = tables.djs.flatMap((dj) => {
    const here = byId.get(dj.id);
    return here ? [{ dj, here, sameDiscordId: dj.discord_id !== null && dj.discord_id === here.discord_id }] : [];
  });
  for (const { dj, here } of clashes) {
    const byDiscord = dj.discord_id ? byDiscordId.get(dj.discord_id) : undefined;
    if (byDiscord && byDiscord.id !== here.id) {
      return `The file would give two people here one DJ record: "${nameOf(byDiscord)}" (same Discord ID) and "${nameOf(here)}" (same record id) would both become the file's "${nameOf(dj)}". Nothing was imported: ask for the community's own export.`;
    }
  }
  const other = clashes.find((clash) => !clash.sameDiscordId);
  if (other) {
    return `The file's DJ "${nameOf(other.dj)}" has the record id of "${nameOf(other.here)}", who is already here with another Discord ID: importing it would hand that record to someone else. Nothing was imported: ask for the community's own export.`;
  }
  if (clashes.length > 0) {
    const named = clashes.slice(0, 3).map(({ here }) => `"${nameOf(here)}"`).join(', ');
    return `${pluralise(clashes.length, 'DJ')} of the file (${named}${clashes.length > 3 ? ', …' : ''}) already here: the file was exported from this install, or imported into it before. An archive is imported only into a new install.`;
  }
  return null;
}

interface ImportRecord {
  at: string;
  source: ImportSource;
  events: number;
  djs: number;
}

async function installRefusal(db: Db): Promise<string | null> {
  const { count } = await db.selectFrom('events').select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  const events = Number(count);
  if (events > 0) {
    return `This install already has ${pluralise(events, 'event')}: an archive is imported only into a new install, before any event is made. Start a new install (an empty database) and import there.`;
  }
  const before = (await readSettingsDocument(db, IMPORTED_KEY)) as Partial<ImportRecord> | undefined;
  if (before) {
    const what = `${pluralise(before.djs ?? 0, 'DJ')}, ${pluralise(before.events ?? 0, 'event')}`;
    return `This install already took in an import on ${String(before.at ?? '').slice(0, 10)} (${what}): an archive is imported only once, into a new install, so that no file can move people's sign-ins again. Start a new install (an empty database) and import there.`;
  }
  return null;
}

/** What importing the archive would do here, without writing anything. */
export async function planArchiveImport(db: Kysely<Database>, archive: Archive): Promise<ArchiveImportPlan> {
  const [installProblem, { takeovers, kept, refusal }] = await Promise.all([installRefusal(db), matchPeople(db, archive.tables)]);
  return {
    exportedAt: archive.exportedAt,
    schema: archive.schema,
    counts: tableCounts(archive.tables),
    refusal: installProblem ?? refusal,
    takenOver: takeovers.map(({ existing, archiveName }) => ({ existingName: existing.dj_name, archiveName })),
    keptDjs: kept.map((dj) => dj.dj_name),
    replacesSettings: archive.tables.settings.length > 0,
  };
}

/** Writes the whole archive, or nothing: refused with 409 when the install is not new or the file names its people. */
export async function importArchive(db: Kysely<Database>, archive: Archive, source: ImportSource, now = new Date()): Promise<Pick<ArchiveImportResult, 'counts'>> {
  const { tables } = archive;
  await db.transaction().execute(async (trx) => {
    const { takeovers, refusal } = await matchPeople(trx, tables);
    const problem = (await installRefusal(trx)) ?? refusal;
    if (problem) throw conflict(problem);
    // The Discord ID passes to the archive's record, which is unique.
    for (const { existing } of takeovers) await trx.updateTable('djs').set({ discord_id: null }).where('id', '=', existing.id).execute();
    for (const table of ARCHIVE_TABLES) {
      if (table === 'settings') await trx.deleteFrom('settings').where('key', 'in', [...ARCHIVED_SETTINGS_KEYS]).execute();
      await insertAll(trx, table, tables[table]);
    }
    for (const { existing, archiveId, discordId } of takeovers) {
      // Only the sign-ins of that Discord account follow it (as a merge hands them over).
      await handOverSessions(trx, existing.id, archiveId, discordId);
      await trx.updateTable('dj_calendar_links').set({ dj_id: archiveId }).where('dj_id', '=', existing.id).execute();
      await trx.deleteFrom('djs').where('id', '=', existing.id).execute();
    }
    await refreshDjStats(trx, tables.djs.map((dj) => dj.id));
    const record: ImportRecord = { at: now.toISOString(), source, events: tables.events.length, djs: tables.djs.length };
    await writeSettingsDocument(trx, IMPORTED_KEY, record, now.getTime());
  });
  return { counts: tableCounts(tables) };
}

/** Rows in batches that stay under both databases' limit on a statement's parameters. */
async function insertAll(trx: Transaction<Database>, table: ArchiveTableName, records: ReadonlyArray<Record<string, unknown>>) {
  if (records.length === 0) return;
  const perRow = Object.keys(records[0]!).length;
  const batch = Math.max(1, Math.floor(8000 / perRow));
  for (let start = 0; start < records.length; start += batch) {
    const rows = records.slice(start, start + batch).map((record) => toRow(table, record));
    await trx.insertInto(table).values(rows as never).execute();
  }
}
