import type { Kysely } from 'kysely';
import { cleanArchiveTables } from '@shared/archive/field-rules.js';
import { readFirestoreExport } from '@shared/archive/firestore.js';
import { type ImportFile, LEVELDB_ADVICE, looksLikeLevelDb } from '@shared/archive/firestore-files.js';
import { readArchive } from '@shared/archive/read.js';
import { ARCHIVE_MAX_BYTES, type Archive } from '@shared/archive/schema.js';
import type { ArchiveImportBody, ArchiveImportPreview, ArchiveImportResult, ImportSource } from '@shared/schemas/archive.js';
import type { Database } from '../db/schema.js';
import { badRequest } from '../http/errors.js';
import { importArchive, planArchiveImport } from './import.js';

// The import of a file (or the several files of one Firestore export), whatever it comes from:
// read (refused with its problem in words), its text put through the forms' rules, then
// previewed or written. A Firestore export is mapped to an archive first (shared/archive/firestore.ts).

export interface ReadImport {
  archive: Archive;
  /** What the reading left out or changed, naming DJs and events. */
  skipped: string[];
}

/** The files of a request: `files`, or the one file of `text`. */
export function filesOf(body: Pick<ArchiveImportBody, 'text' | 'files'>): ImportFile[] {
  return body.files && body.files.length > 0 ? body.files : [{ name: 'The file', text: body.text ?? '' }];
}

export function readImportFiles({ source, files, now = new Date() }: { source: ImportSource; files: readonly ImportFile[]; now?: Date }): ReadImport {
  const total = files.reduce((sum, file) => sum + file.text.length, 0);
  if (total > ARCHIVE_MAX_BYTES) throw badRequest(`The files are larger than ${ARCHIVE_MAX_BYTES / 1024 / 1024} MB together.`);
  if (source === 'firestore') {
    const read = readFirestoreExport(files, now.toISOString());
    if (!read.ok) throw badRequest(read.message);
    return read.value;
  }
  if (files.length !== 1) throw badRequest(`A Lineup archive is one file; ${files.length} were given. Import a Firestore export's several files as a Firestore export.`);
  const [file] = files as [ImportFile];
  if (looksLikeLevelDb(file)) throw badRequest(`${file.name} ${LEVELDB_ADVICE}`);
  const read = readArchive(file.text);
  if (!read.ok) throw badRequest(read.message);
  const { tables, report } = cleanArchiveTables(read.value.tables);
  return { archive: { ...read.value, tables }, skipped: report };
}

export async function previewImport({ db, source, files }: { db: Kysely<Database>; source: ImportSource; files: readonly ImportFile[] }): Promise<ArchiveImportPreview> {
  const { archive, skipped } = readImportFiles({ source, files });
  return { plan: await planArchiveImport(db, archive), skipped };
}

export async function runImport({ db, source, files }: { db: Kysely<Database>; source: ImportSource; files: readonly ImportFile[] }): Promise<ArchiveImportResult> {
  const { archive, skipped } = readImportFiles({ source, files });
  return { ...(await importArchive(db, archive, source)), skipped };
}
