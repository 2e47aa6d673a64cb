import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import type { ImportFile } from '@shared/archive/firestore-files.js';
import type { CsvView } from '@shared/archive/views.js';
import type { ArchiveImportPreview, ArchiveImportResult, ImportSource } from '@shared/schemas/archive.js';
import type { Store } from '../db/open.js';
import { HttpError } from '../http/errors.js';
import type { ArchiveTask, DbTarget, TaskAnswer } from './worker.js';

// Imports and exports off the event loop (issue 32, Deliver 6; decision 035): one worker thread
// (archive/worker.ts) parses, checks and writes or reads, on a connection of its own. One at a
// time, a few waiting: an admin's import or export is rare, and two at once gain nothing.

/** Tasks waiting for the thread; one more is told to come back. */
const QUEUED = 4;

/** The worker's module: beside this file from source (tests, npm run dev, through tsx), else the built entry. */
function workerModule(): { filename: string; execArgv: string[] } {
  if (import.meta.url.endsWith('.ts')) return { filename: new URL('./worker.ts', import.meta.url).href, execArgv: ['--import', 'tsx'] };
  const built = new URL('./archive/worker.js', import.meta.url);
  if (!fs.existsSync(fileURLToPath(built))) throw new Error(`The archive worker is missing (${fileURLToPath(built)}): run npm run build.`);
  return { filename: built.href, execArgv: [] };
}

export interface ArchivePool {
  /** A request body's JSON, parsed on the thread. */
  parse(bytes: Buffer): Promise<unknown>;
  preview(source: ImportSource, files: ImportFile[]): Promise<ArchiveImportPreview>;
  import(source: ImportSource, files: ImportFile[]): Promise<ArchiveImportResult>;
  /** The archive (JSON text) or a spreadsheet view (CSV), and when it was read. */
  export(view: 'archive' | CsvView): Promise<{ body: string; exportedAt: string }>;
  close(): Promise<void>;
}

export function archivePool(store: Pick<Store, 'dialect' | 'file' | 'databaseUrl'>): ArchivePool {
  let pool: Piscina<ArchiveTask, TaskAnswer> | undefined;
  const target = (): DbTarget => (store.dialect === 'sqlite' ? { dialect: 'sqlite', file: store.file! } : { dialect: 'postgres', url: store.databaseUrl! });
  const run = async <T>(task: ArchiveTask, transferList?: ArrayBuffer[]): Promise<T> => {
    pool ??= new Piscina<ArchiveTask, TaskAnswer>({ ...workerModule(), minThreads: 0, maxThreads: 1, idleTimeout: 60_000 });
    if (pool.queueSize >= QUEUED) throw new HttpError(503, 'busy', 'Another import or export is running: try again in a minute.');
    const answer = await pool.run(task, transferList ? { transferList } : {});
    if (!answer.ok) throw new HttpError(answer.status, answer.code, answer.message);
    return answer.value as T;
  };
  return {
    parse: (buffer) => {
      // The bytes move to the thread rather than being copied.
      const bytes = new Uint8Array(buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.byteLength));
      return run({ kind: 'parse', bytes }, [bytes.buffer as ArrayBuffer]);
    },
    preview: (source, files) => run({ kind: 'preview', db: target(), source, files }),
    import: (source, files) => run({ kind: 'import', db: target(), source, files }),
    export: (view) => run({ kind: 'export', db: target(), view, now: Date.now() }),
    close: async () => {
      await pool?.destroy();
    },
  };
}
