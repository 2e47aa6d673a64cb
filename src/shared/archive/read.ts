import type { z } from 'zod';
import { MAX_DEPTH, nestingDepth } from './firestore-values.js';
import { type Archive, ARCHIVE_FORMAT, ARCHIVE_UPGRADES, ARCHIVE_VERSION, archiveSchema, type ArchiveTables } from './schema.js';

// Reading an archive file: every refusal is a sentence an admin can act on, and nothing is read
// half: a file is either a whole, consistent archive or refused.

export type Read<T> = { ok: true; value: T } | { ok: false; message: string };

const refuse = (message: string): { ok: false; message: string } => ({ ok: false, message });

/** The JSON of a file, or why it is not JSON (a cut-off download is named as such). */
export function parseJsonFile(text: string): Read<unknown> {
  if (text.trim() === '') return refuse('The file is empty.');
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    const reason = (error as Error).message;
    // Cut short: the parser ran out of text (its message says so, or where it stopped is the end).
    const at = Number(/position (\d+)/.exec(reason)?.[1] ?? NaN);
    if (/end of (JSON )?(input|data)|unterminated/i.test(reason) || at >= text.trimEnd().length) {
      return refuse('The file ends early: it is not a whole archive (a download or copy was cut short?). Export it again and import the new file.');
    }
    return refuse(`The file is not valid JSON (${reason}), so it is not a Lineup archive.`);
  }
}

/** Reads a Lineup archive file: JSON, the format, a version this install reads, its schema, its consistency. */
export function readArchive(text: string): Read<Archive> {
  const json = parseJsonFile(text);
  if (!json.ok) return json;
  // Deeper than any archive goes: refused before anything walks it (a hostile file nests thousands deep).
  if (nestingDepth(json.value) > MAX_DEPTH) return refuse(`The file nests values more than ${MAX_DEPTH} levels deep, which no Lineup archive does: it cannot be imported.`);
  const value = json.value as Record<string, unknown> | null;
  if (!value || typeof value !== 'object' || Array.isArray(value) || value.format !== ARCHIVE_FORMAT) {
    return refuse(
      looksLikeFirestore(value)
        ? 'This is not a Lineup archive but looks like an export of Firestore collections: import it as a Firestore export.'
        : `This file is not a Lineup archive (it has no "format": "${ARCHIVE_FORMAT}").`,
    );
  }
  const version = value.version;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1) return refuse('The archive has no valid version number.');
  if (version > ARCHIVE_VERSION) {
    return refuse(
      `This archive is version ${version}, written by a newer Lineup; this install reads archives up to version ${ARCHIVE_VERSION}. Update Lineup, then import it again.`,
    );
  }
  let tables = value.tables;
  for (let from = version; from < ARCHIVE_VERSION; from++) tables = ARCHIVE_UPGRADES[from]!(tables);
  const parsed = archiveSchema.safeParse({ ...value, version: ARCHIVE_VERSION, tables });
  if (!parsed.success) return refuse(`The archive is damaged: ${describeIssues(parsed.error)}`);
  const problem = inconsistency(parsed.data.tables);
  return problem ? refuse(`The archive is inconsistent: ${problem}`) : { ok: true, value: parsed.data };
}

/** Firestore exports hold collections of documents keyed by id (possibly under __collections__). */
export function looksLikeFirestore(value: unknown): boolean {
  if (!value || typeof value !== 'object') return false;
  const record = value as Record<string, unknown>;
  const collections = (record.__collections__ ?? record) as Record<string, unknown>;
  return ['events', 'djs'].some((name) => collections[name] !== null && typeof collections[name] === 'object' && !Array.isArray(collections[name]));
}

const MAX_ISSUES_NAMED = 5;

/** The first few problems, each with where it is ("tables.events[2].start_at"). */
export function describeIssues(error: z.ZodError): string {
  const named = error.issues.slice(0, MAX_ISSUES_NAMED).map((issue) => {
    const where = issue.path.map((part, index) => (typeof part === 'number' ? `[${part}]` : `${index ? '.' : ''}${String(part)}`)).join('');
    return where ? `${where} ${issue.message}` : issue.message;
  });
  const more = error.issues.length - named.length;
  return `${named.join('; ')}${more > 0 ? ` (and ${more} more ${more === 1 ? 'problem' : 'problems'})` : ''}.`;
}

/**
 * What the database would refuse, said in the archive's terms: a key twice, a reference to
 * nothing, a Discord ID on two DJs. Slots of legacy events may name signups that are gone and
 * history may name DJs that are gone (as stored), so those two are not checked.
 */
export function inconsistency(tables: ArchiveTables): string | null {
  const eventIds = new Set<string>();
  const djIds = new Set<string>();
  const signupUuids = new Set<string>();
  const checks: Array<() => string | null> = [
    () => duplicate('event', tables.events.map((event) => event.id), eventIds),
    () => duplicate('DJ', tables.djs.map((dj) => dj.id), djIds),
    () => duplicate('Discord ID', tables.djs.flatMap((dj) => (dj.discord_id ? [dj.discord_id] : []))),
    () => duplicate('signup', tables.signups.map((signup) => signup.uuid), signupUuids),
    () => duplicate("DJ's reminder choice", tables.dj_preferences.map((row) => row.dj_id)),
    () => duplicate('slot', tables.slots.map((slot) => `${slot.event_id} #${slot.position}`)),
    () => duplicate('DJ on a signup', tables.signup_djs.map((row) => `${row.signup_uuid} / ${row.dj_id}`)),
    () => duplicate('DJ on two signups of one event', tables.signup_djs.map((row) => `${row.event_id} / ${row.dj_id}`)),
    () => duplicate('play', tables.dj_plays.map((row) => `${row.event_id} / ${row.dj_id}`)),
    () => duplicate('setting', tables.settings.map((row) => row.key)),
    () => duplicate('history entry', tables.event_changes.map((row) => row.id)),
    () => missing('dj_preferences', 'DJ', tables.dj_preferences.map((row) => row.dj_id), djIds),
    () => missing('signups', 'event', tables.signups.map((row) => row.event_id), eventIds),
    () => missing('signups', 'DJ', tables.signups.flatMap((row) => (row.submitted_by ? [row.submitted_by] : [])), djIds),
    () => missing('signup_djs', 'signup', tables.signup_djs.map((row) => row.signup_uuid), signupUuids),
    () => missing('signup_djs', 'DJ', tables.signup_djs.map((row) => row.dj_id), djIds),
    () => missing('slots', 'event', tables.slots.map((row) => row.event_id), eventIds),
    () => missing('slots', 'DJ', tables.slots.flatMap((row) => (row.legacy_dj_id ? [row.legacy_dj_id] : [])), djIds),
    () => missing('dj_plays', 'event', tables.dj_plays.map((row) => row.event_id), eventIds),
    () => missing('dj_plays', 'DJ', tables.dj_plays.map((row) => row.dj_id), djIds),
    () => missing('event_changes', 'event', tables.event_changes.map((row) => row.event_id), eventIds),
    () => missing('discord_posts', 'event', tables.discord_posts.map((row) => row.event_id), eventIds),
    () => missing('discord_posts', 'DJ', tables.discord_posts.flatMap((row) => (row.posted_by ? [row.posted_by] : [])), djIds),
    () => wrongEvent(tables),
  ];
  for (const check of checks) {
    const problem = check();
    if (problem) return problem;
  }
  return null;
}

function duplicate(what: string, keys: readonly string[], into = new Set<string>()): string | null {
  for (const key of keys) {
    if (into.has(key)) return `the ${what} ${key} appears twice.`;
    into.add(key);
  }
  return null;
}

function missing(table: string, what: string, references: readonly string[], known: ReadonlySet<string>): string | null {
  const unknown = references.find((reference) => !known.has(reference));
  return unknown === undefined ? null : `${table} names the ${what} ${unknown}, which is not in the archive.`;
}

/** A signup's DJs are stored with the signup's event; the two must agree. */
function wrongEvent(tables: ArchiveTables): string | null {
  const eventOf = new Map(tables.signups.map((signup) => [signup.uuid, signup.event_id]));
  const row = tables.signup_djs.find((candidate) => eventOf.get(candidate.signup_uuid) !== candidate.event_id);
  return row ? `signup_djs puts the signup ${row.signup_uuid} in the event ${row.event_id}, but the signup belongs to another event.` : null;
}
