import type { Kysely } from 'kysely';
import { readFirestoreExport } from '@shared/archive/firestore.js';
import { parseJsonFile, readArchive } from '@shared/archive/read.js';
import type { Archive } from '@shared/archive/schema.js';
import type { ArchiveImportPreview, ArchiveImportResult, ImportSource } from '@shared/schemas/archive.js';
import type { Database } from '../db/schema.js';
import { badRequest } from '../http/errors.js';
import { importArchive, planArchiveImport } from './import.js';

// The import of a file, whatever it comes from: read (refused with its problem in words), then
// previewed or written. A Firestore export is mapped to an archive first (shared/archive/firestore.ts).

export interface ReadImport {
  archive: Archive;
  /** What the mapping of a Firestore export left out or changed. */
  skipped: string[];
}

export function readImportFile({ source, text, now = new Date() }: { source: ImportSource; text: string; now?: Date }): ReadImport {
  if (source === 'lineup') {
    const read = readArchive(text);
    if (!read.ok) throw badRequest(read.message);
    return { archive: read.value, skipped: [] };
  }
  const json = parseJsonFile(text);
  const read = json.ok ? readFirestoreExport(json.value, now.toISOString()) : json;
  if (!read.ok) throw badRequest(read.message);
  return read.value;
}

export async function previewImport({ db, source, text }: { db: Kysely<Database>; source: ImportSource; text: string }): Promise<ArchiveImportPreview> {
  const { archive, skipped } = readImportFile({ source, text });
  return { plan: await planArchiveImport(db, archive), skipped };
}

export async function runImport({ db, source, text }: { db: Kysely<Database>; source: ImportSource; text: string }): Promise<ArchiveImportResult & { skipped: string[] }> {
  const { archive, skipped } = readImportFile({ source, text });
  return { ...(await importArchive(db, archive, source)), skipped };
}
