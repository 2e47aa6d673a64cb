import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { ImportFile } from '@shared/archive/firestore-files.js';
import { csvView, type CsvView } from '@shared/archive/views.js';
import type { ImportSource } from '@shared/schemas/archive.js';
import type { Database } from '../db/schema.js';
import { HttpError } from '../http/errors.js';
import { exportArchive } from './export.js';
import { previewImport, runImport } from './service.js';

// A thread of the archive pool (archive/pool.ts): what costs seconds on a 30 MB install (JSON
// parsed and written, every record checked, every row written or read) happens here, on a
// database connection of its own, so the event loop keeps answering (issue 32, Deliver 6). On
// SQLite that connection is a second one to the same file (WAL: readers, /healthz among them, never
// wait for it); on PostgreSQL one client of its own. Refusals come back as values, since an
// error's class does not cross threads.

export type DbTarget = { dialect: 'sqlite'; file: string } | { dialect: 'postgres'; url: string };

export type ArchiveTask =
  | { kind: 'parse'; bytes: Uint8Array }
  | { kind: 'preview' | 'import'; db: DbTarget; source: ImportSource; files: ImportFile[] }
  | { kind: 'export'; db: DbTarget; view: 'archive' | CsvView; now: number };

export type TaskAnswer = { ok: true; value: unknown } | { ok: false; status: number; code: HttpError['code']; message: string };

function open(target: DbTarget): Kysely<Database> {
  if (target.dialect === 'sqlite') {
    const database = new SQLite(target.file);
    database.pragma('foreign_keys = ON');
    database.pragma('busy_timeout = 5000');
    return new Kysely<Database>({ dialect: new SqliteDialect({ database }) });
  }
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: target.url, max: 1 }) }) });
}

// bigint columns hold epoch milliseconds (db/open.ts reads them the same way).
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value));

async function withDb<T>(target: DbTarget, work: (db: Kysely<Database>) => Promise<T>): Promise<T> {
  const db = open(target);
  try {
    return await work(db);
  } finally {
    await db.destroy();
  }
}

async function perform(task: ArchiveTask): Promise<unknown> {
  switch (task.kind) {
    case 'parse':
      try {
        return JSON.parse(new TextDecoder().decode(task.bytes));
      } catch {
        throw new HttpError(400, 'invalid_request', 'The request body is not valid JSON.');
      }
    case 'preview':
      return withDb(task.db, (db) => previewImport({ db, source: task.source, files: task.files }));
    case 'import':
      return withDb(task.db, async (db) => {
        try {
          return await runImport({ db, source: task.source, files: task.files });
        } catch (error) {
          if (error instanceof HttpError) throw error;
          // The database refused what the checks let through: said as such; the transaction wrote nothing.
          throw new HttpError(400, 'invalid_request', `The database refused the import, so nothing was written: ${(error as Error).message}`);
        }
      });
    case 'export':
      return withDb(task.db, async (db) => {
        const archive = await exportArchive(db, new Date(task.now));
        const body = task.view === 'archive' ? JSON.stringify(archive) : csvView(archive, task.view);
        return { body, exportedAt: archive.exportedAt };
      });
  }
}

export default async function run(task: ArchiveTask): Promise<TaskAnswer> {
  try {
    return { ok: true, value: await perform(task) };
  } catch (error) {
    if (error instanceof HttpError) return { ok: false, status: error.statusCode, code: error.code, message: error.message };
    throw error;
  }
}
