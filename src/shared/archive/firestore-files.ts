import { pluralise } from '../pluralise.js';
import { isObject, markNumericDiscordIds, MAX_DEPTH, nestingDepth, unwrapValues } from './firestore-values.js';
import { parseJsonFile, type Read } from './read.js';

// The files of a Firestore export, as the tools write them, read into one set of collections
// (each a map of documents by id):
//
// - node-firestore-import-export: {"__collections__": {"djs": {ID: {…, "__collections__": {}}}}}; with
//   a collection path (-n djs) the file is that collection's documents alone
// - firestore-export-import (dalenguyen): {"djs": {ID: {…}}, "events": {…}}, one key per collection
// - Firefoo: {"meta": {"resourcePath": ["djs"], "app": "firefoo", …}, "data": {ID: {…}}}, one file
//   per collection (or "data" holding collections when the whole database was exported)
//
// A file of one collection is named by Firefoo's meta, else by its file name ("djs.json"), else
// by what its documents hold. Not JSON at all: a Firebase console / gcloud export (LevelDB), or a folder.

export interface ImportFile {
  name: string;
  text: string;
}

export type Collections = Record<string, Record<string, Record<string, unknown>>>;

export interface FirestoreFiles {
  collections: Collections;
  /** Timestamps that could not be read, and other notes about the files. */
  notes: string[];
}

const refuse = (message: string): { ok: false; message: string } => ({ ok: false, message });

/** What to do with a Firebase console / gcloud export, which only Google's tools read. */
export const LEVELDB_ADVICE =
  'is part of a Firebase console / gcloud export (LevelDB files such as output-0 and .export_metadata), which only Google\'s import can read. Export the collections as JSON instead, with Firefoo, node-firestore-import-export (firestore-export --accountCredentials key.json --backupFile export.json) or firestore-export-import, and import that file (or the several files of one export together).';

const LEVELDB_NAME = /(^|[\\/])(output-\d+|[^\\/]*\.?(overall_)?export_metadata)$/i;

/** Whether a file is a LevelDB part of a gcloud export, by its name or its bytes. */
export function looksLikeLevelDb(file: ImportFile): boolean {
  if (LEVELDB_NAME.test(file.name)) return true;
  // LevelDB log files are binary: NUL bytes (or, read as text, undecodable ones) within the first block.
  const head = file.text.slice(0, 4096);
  return head.includes('\u0000') || (head.match(/\uFFFD/g)?.length ?? 0) > 8;
}

/** Known collections and the fields that tell their documents apart. */
const SIGNATURES: Record<string, readonly string[]> = {
  events: ['start_datetime', 'signups', 'slots', 'signupsAreOpen'],
  djs: ['dj_name', 'discord_id', 'public_name', 'twitch_username'],
  global: ['signup_url'],
};

function collectionByName(fileName: string): string | null {
  const base = fileName.split(/[\\/]/).at(-1)!.replace(/\.json$/i, '').toLowerCase();
  return Object.keys(SIGNATURES).find((name) => base === name || base.endsWith(`-${name}`) || base.endsWith(`_${name}`) || base.startsWith(`${name}-`) || base.startsWith(`${name}_`)) ?? null;
}

function collectionByContent(documents: Record<string, unknown>): string | null {
  const docs = Object.values(documents).filter(isObject);
  let best: string | null = null;
  let bestScore = 0;
  for (const [name, fields] of Object.entries(SIGNATURES)) {
    const score = docs.reduce((sum, doc) => sum + fields.filter((field) => field in doc).length, 0);
    if (score > bestScore) [best, bestScore] = [name, score];
  }
  return best;
}

const looksLikeCollections = (value: Record<string, unknown>) =>
  Object.keys(value).length > 0 && Object.keys(value).some((key) => key in SIGNATURES) && Object.values(value).every((child) => isObject(child) || Array.isArray(child));

/** A collection as a map of documents by id (an array of documents with `id` counts too). */
function documentsOf(collection: unknown): Record<string, Record<string, unknown>> {
  if (Array.isArray(collection)) {
    const entries = collection.flatMap((doc) => {
      const id = isObject(doc) ? (doc.id ?? doc.__id__ ?? doc._id) : undefined;
      return isObject(doc) && (typeof id === 'string' || typeof id === 'number') ? [[String(id), doc] as const] : [];
    });
    return Object.fromEntries(entries);
  }
  return isObject(collection) ? (Object.fromEntries(Object.entries(collection).filter(([, doc]) => isObject(doc))) as Record<string, Record<string, unknown>>) : {};
}

/** The collections one file holds. */
function collectionsOf(file: ImportFile, json: Record<string, unknown>): Read<Collections> {
  // Firefoo wraps its export in {meta, data}.
  if (isObject(json.meta) && isObject(json.data) && Object.keys(json).every((key) => key === 'meta' || key === 'data')) {
    const path = json.meta.resourcePath ?? json.meta.path;
    const segments = Array.isArray(path) ? path.map(String) : typeof path === 'string' ? path.split('/').filter(Boolean) : [];
    if (segments.length % 2 === 1) return { ok: true, value: { [segments.at(-1)!]: documentsOf(json.data) } };
    return collectionsOf(file, json.data);
  }
  if (isObject(json.__collections__)) return collectionsOf(file, json.__collections__);
  if (looksLikeCollections(json)) return { ok: true, value: Object.fromEntries(Object.entries(json).map(([name, docs]) => [name, documentsOf(docs)])) };
  // One collection's documents alone.
  const name = collectionByName(file.name) ?? collectionByContent(json);
  if (!name) return refuse(`${file.name} is not an export of Firestore collections: it has no "events" or "djs" collection, and its documents are neither events nor DJs.`);
  return { ok: true, value: { [name]: documentsOf(json) } };
}

/** The collections of all the files of one export, their special values read into plain JSON. */
export function readFirestoreFiles(files: readonly ImportFile[]): Read<FirestoreFiles> {
  if (files.length === 0) return refuse('Choose the export file (or the several files of one export).');
  const collections: Collections = {};
  const notes: string[] = [];
  for (const file of files) {
    if (looksLikeLevelDb(file)) return refuse(`${file.name} ${LEVELDB_ADVICE}`);
    const json = parseJsonFile(markNumericDiscordIds(file.text));
    if (!json.ok) return refuse(`${file.name}: ${json.message.replace(/, so it is not a Lineup archive\.$/, '.')}`);
    if (nestingDepth(json.value) > MAX_DEPTH) {
      return refuse(`${file.name} nests values more than ${MAX_DEPTH} levels deep, which no Firestore export does (Firestore allows 20): it cannot be imported.`);
    }
    if (!isObject(json.value)) return refuse(`${file.name} is not an export of Firestore collections (it is not a JSON object).`);
    const { value, badTimestamps } = unwrapValues(json.value);
    for (const where of badTimestamps.slice(0, 5)) notes.push(`${file.name}: the timestamp at ${where} is outside the years 1970 to 2999; it was read as empty.`);
    if (badTimestamps.length > 5) notes.push(`${file.name}: ${pluralise(badTimestamps.length - 5, 'more timestamp')} outside the years 1970 to 2999 were read as empty.`);
    const read = collectionsOf(file, value as Record<string, unknown>);
    if (!read.ok) return read;
    for (const [name, documents] of Object.entries(read.value)) {
      const into = (collections[name] ??= {});
      for (const [id, doc] of Object.entries(documents)) {
        if (id in into && JSON.stringify(into[id]) !== JSON.stringify(doc)) notes.push(`The document ${name}/${id} is in two files and differs; the one in ${file.name} was used.`);
        into[id] = doc;
      }
    }
  }
  const size = (name: string) => Object.keys(collections[name] ?? {}).length;
  if (size('events') === 0 && size('djs') === 0) {
    return refuse('This export has no "events" or "djs" collection with documents in it.');
  }
  return { ok: true, value: { collections, notes } };
}
