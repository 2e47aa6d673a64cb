import type { Kysely, Transaction } from 'kysely';
import { ARCHIVE_TABLES, ARCHIVED_SETTINGS_KEYS, type Archive, type ArchiveTableName, type ArchiveTables } from '@shared/archive/schema.js';
import type { ArchiveImportPlan, ArchiveImportResult, TableCounts } from '@shared/schemas/archive.js';
import { pluralise } from '@shared/pluralise.js';
import { refreshDjStats } from '../djs/plays.js';
import type { Database } from '../db/schema.js';
import { conflict } from '../http/errors.js';
import { toRow } from './tables.js';

// Import: an archive into an install that has no events yet, all in one transaction. People
// who already signed in to the new install have a DJ record (and a session): the archive's DJ
// with the same Discord ID takes it over (their sessions and calendar link move to it), so an
// admin importing stays signed in. Other DJs already there stay as they are.

type Db = Kysely<Database>;

interface ExistingDj {
  id: string;
  discord_id: string | null;
  dj_name: string;
}

/** An existing DJ and the archive's DJ that takes their place. */
interface Takeover {
  existing: ExistingDj;
  archiveId: string;
  archiveName: string;
}

export const tableCounts = (tables: ArchiveTables): TableCounts =>
  Object.fromEntries(ARCHIVE_TABLES.map((table) => [table, tables[table].length])) as TableCounts;

async function takeovers(db: Db | Transaction<Database>, tables: ArchiveTables): Promise<{ takeovers: Takeover[]; kept: ExistingDj[] }> {
  const existing = await db.selectFrom('djs').select(['id', 'discord_id', 'dj_name']).execute();
  const byDiscordId = new Map(tables.djs.flatMap((dj) => (dj.discord_id ? [[dj.discord_id, dj] as const] : [])));
  const byId = new Map(tables.djs.map((dj) => [dj.id, dj]));
  const result: Takeover[] = [];
  const kept: ExistingDj[] = [];
  for (const dj of existing) {
    const match = (dj.discord_id ? byDiscordId.get(dj.discord_id) : undefined) ?? byId.get(dj.id);
    if (match) result.push({ existing: dj, archiveId: match.id, archiveName: match.dj_name });
    else kept.push(dj);
  }
  return { takeovers: result, kept };
}

async function notEmpty(db: Db | Transaction<Database>): Promise<string | null> {
  const { count } = await db.selectFrom('events').select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  const events = Number(count);
  return events === 0
    ? null
    : `This install already has ${pluralise(events, 'event')}: an archive is imported only into a new install, before any event is made. Start a new install (an empty database) and import there.`;
}

/** What importing the archive would do here, without writing anything. */
export async function planArchiveImport(db: Db, archive: Archive): Promise<ArchiveImportPlan> {
  const [refusal, { takeovers: taken, kept }] = await Promise.all([notEmpty(db), takeovers(db, archive.tables)]);
  return {
    exportedAt: archive.exportedAt,
    schema: archive.schema,
    counts: tableCounts(archive.tables),
    refusal,
    takenOver: taken.map(({ existing, archiveName }) => ({ existingName: existing.dj_name, archiveName })),
    keptDjs: kept.map((dj) => dj.dj_name),
    replacesSettings: archive.tables.settings.length > 0,
  };
}

/** Writes the whole archive, or nothing: refused with 409 when the install already has events. */
export async function importArchive(db: Db, archive: Archive): Promise<Pick<ArchiveImportResult, 'counts'>> {
  const { tables } = archive;
  await db.transaction().execute(async (trx) => {
    const refusal = await notEmpty(trx);
    if (refusal) throw conflict(refusal);
    const { takeovers: taken } = await takeovers(trx, tables);
    const sameId = new Set(taken.filter((t) => t.existing.id === t.archiveId).map((t) => t.archiveId));
    const moved = taken.filter((t) => t.existing.id !== t.archiveId);
    // The Discord ID passes to the archive's record, which is unique.
    for (const { existing } of moved) await trx.updateTable('djs').set({ discord_id: null }).where('id', '=', existing.id).execute();
    for (const dj of tables.djs.filter((candidate) => sameId.has(candidate.id))) {
      const { id, ...values } = toRow('djs', dj);
      await trx.updateTable('djs').set(values).where('id', '=', id as string).execute();
    }
    for (const table of ARCHIVE_TABLES) {
      if (table === 'settings') await trx.deleteFrom('settings').where('key', 'in', [...ARCHIVED_SETTINGS_KEYS]).execute();
      // A DJ of the new install the archive's takes over may have made their own choice already: the archive's wins.
      if (table === 'dj_preferences' && sameId.size > 0) await trx.deleteFrom('dj_preferences').where('dj_id', 'in', [...sameId]).execute();
      const records = table === 'djs' ? tables.djs.filter((dj) => !sameId.has(dj.id)) : tables[table];
      await insertAll(trx, table, records);
    }
    for (const { existing, archiveId } of moved) {
      await trx.updateTable('sessions').set({ dj_id: archiveId }).where('dj_id', '=', existing.id).execute();
      await trx.updateTable('dj_calendar_links').set({ dj_id: archiveId }).where('dj_id', '=', existing.id).execute();
      await trx.deleteFrom('djs').where('id', '=', existing.id).execute();
    }
    await refreshDjStats(trx, tables.djs.map((dj) => dj.id));
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
