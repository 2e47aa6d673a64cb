import type { Kysely } from 'kysely';
import { type Archive, ARCHIVE_FORMAT, ARCHIVE_TABLES, ARCHIVE_VERSION, ARCHIVED_SETTINGS_KEYS, archiveSchema, type ArchiveTableName } from '@shared/archive/schema.js';
import { migrationProvider } from '../db/migrations/index.js';
import type { Database } from '../db/schema.js';
import { archivedColumns, sortRecords, toRecord } from './tables.js';

// Export: every archived table read in one transaction (one consistent moment, even while the
// app is in use), each row mapped to its archive record, checked against the archive's schema.

export async function exportArchive(db: Kysely<Database>, now = new Date()): Promise<Archive> {
  const tables = await db.transaction().execute(async (trx) => {
    const entries = [];
    for (const table of ARCHIVE_TABLES) entries.push([table, await readTable(trx, table)] as const);
    return Object.fromEntries(entries);
  });
  return archiveSchema.parse({
    format: ARCHIVE_FORMAT,
    version: ARCHIVE_VERSION,
    schema: await schemaVersion(),
    exportedAt: now.toISOString(),
    tables,
  });
}

async function readTable(db: Kysely<Database>, table: ArchiveTableName) {
  const rows = await db
    .selectFrom(table)
    .select(archivedColumns(table) as never[])
    .$if(table === 'settings', (query) => query.where('key' as never, 'in', ARCHIVED_SETTINGS_KEYS as never))
    .execute();
  return sortRecords(table, rows.map((row) => toRecord(table, row as Record<string, unknown>)));
}

/** The last migration: the schema of the database the archive was read from. */
export async function schemaVersion(): Promise<string> {
  return Object.keys(await migrationProvider.getMigrations()).at(-1)!;
}
