// The values of a Firestore export as the export tools write them, read into plain JSON:
// timestamps become ISO-8601 strings and document references "collection/id" paths, whichever
// tool wrote them (issue 32):
//
// - node-firestore-import-export: {"__datatype__": "timestamp", "value": {"_seconds", "_nanoseconds"}},
//   {"__datatype__": "documentReference", "value": "djs/ID"}
// - firestore-export-import (dalenguyen) and JSON.stringify of the admin SDK: {"_seconds", "_nanoseconds"},
//   a reference as the SDK object {"_firestore": …, "_path": {"segments": ["djs", "ID"]}}
// - the client SDK's objects saved as maps (the original tool's own signups):
//   {"_key": {"path": {"segments": [...], "offset", "len"}}, "type": "document", "firestore": …},
//   timestamps {"seconds", "nanoseconds"}
// - Firefoo: {"__time__": "2024-06-09T19:00:00.000Z"}, {"__ref__": "djs/ID"}

type Doc = Record<string, unknown>;

export const isObject = (value: unknown): value is Doc => value !== null && typeof value === 'object' && !Array.isArray(value);

/** Instants an event series can have: later ones are typing mistakes or broken timestamps. */
const EARLIEST = Date.UTC(1970, 0, 1);
const LATEST = Date.UTC(2999, 11, 31, 23, 59, 59, 999);

/** An ISO instant from epoch milliseconds, or null when out of range. */
export function instantOf(ms: number): string | null {
  return Number.isFinite(ms) && ms >= EARLIEST && ms <= LATEST ? new Date(ms).toISOString() : null;
}

function timestampOf(value: Doc): string | null {
  if (value.__datatype__ === 'timestamp' || value.__datatype__ === 'timestampValue') {
    const inner = value.value;
    if (typeof inner === 'string') return instantOf(Date.parse(inner));
    return isObject(inner) ? timestampOf(inner) : null;
  }
  if (typeof value.__time__ === 'string') return instantOf(Date.parse(value.__time__));
  const seconds = value._seconds ?? value.seconds;
  const nanos = value._nanoseconds ?? value.nanoseconds ?? 0;
  const keys = Object.keys(value).filter((key) => !['_seconds', 'seconds', '_nanoseconds', 'nanoseconds'].includes(key));
  if (typeof seconds === 'number' && typeof nanos === 'number' && keys.length === 0) return instantOf(seconds * 1000 + Math.floor(nanos / 1e6));
  return null;
}

/** Whether a value is a timestamp wrapper (its instant may still be out of range). */
function isTimestamp(value: Doc): boolean {
  if (value.__datatype__ === 'timestamp' || value.__datatype__ === 'timestampValue' || '__time__' in value) return true;
  const keys = Object.keys(value).sort().join(',');
  return keys === '_nanoseconds,_seconds' || keys === 'nanoseconds,seconds' || keys === '_seconds' || keys === 'seconds';
}

function segmentsPath(path: unknown): string | null {
  if (!isObject(path) || !Array.isArray(path.segments)) return null;
  const offset = typeof path.offset === 'number' ? path.offset : 0;
  const length = typeof path.len === 'number' ? path.len : path.segments.length - offset;
  const segments = path.segments.slice(offset, offset + length).map(String);
  // A full resource name ("projects/p/databases/(default)/documents/djs/ID") keeps its last two.
  return segments.length >= 2 ? segments.join('/') : null;
}

/** The "collection/id" path a reference wrapper names, or null when the value is none. */
function referenceOf(value: Doc): string | null {
  if (value.__datatype__ === 'documentReference' || value.__datatype__ === 'referenceValue') return typeof value.value === 'string' ? value.value : null;
  if (typeof value.__ref__ === 'string') return value.__ref__;
  if (isObject(value._path)) return segmentsPath(value._path);
  if (isObject(value._key) && value.type === 'document') return segmentsPath(value._key.path);
  if (typeof value.referenceValue === 'string') return value.referenceValue;
  return null;
}

export interface Unwrapped {
  value: unknown;
  /** Timestamps whose instant could not be read (out of range), as where they were. */
  badTimestamps: string[];
}

/** A text field as the original stored it: a string, a number written as one, or nothing (''). */
export const text = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');
/** A flag as the original stored it: true, or the text "true". */
export const bool = (value: unknown): boolean => value === true || value === 'true';
/** A length in hours (0 to 24; a number or its text), or the fallback. */
export const hours = (value: unknown, fallback: number): number => {
  const number = typeof value === 'string' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) && number >= 0 && number <= 24 ? number : fallback;
};

/** The deepest nesting the mapping reads; Firestore allows maps 20 deep. */
export const MAX_DEPTH = 64;

/** How deep a JSON value nests, found without recursion (a hostile file may nest 5,000 deep); stops past `limit`. */
export function nestingDepth(root: unknown, limit = MAX_DEPTH): number {
  let deepest = 0;
  const stack: Array<[unknown, number]> = [[root, 0]];
  while (stack.length > 0) {
    const [value, depth] = stack.pop()!;
    if (value === null || typeof value !== 'object') continue;
    deepest = Math.max(deepest, depth + 1);
    if (deepest > limit) return deepest;
    for (const child of Object.values(value as Doc)) stack.push([child, depth + 1]);
  }
  return deepest;
}

/** The value with every timestamp and reference wrapper replaced by its plain form (call after nestingDepth). */
export function unwrapValues(root: unknown): Unwrapped {
  const badTimestamps: string[] = [];
  const walk = (value: unknown, where: string): unknown => {
    if (Array.isArray(value)) return value.map((item, index) => walk(item, `${where}[${index}]`));
    if (!isObject(value)) return value;
    if (isTimestamp(value)) {
      const instant = timestampOf(value);
      if (instant === null) badTimestamps.push(where);
      return instant;
    }
    const reference = referenceOf(value);
    if (reference !== null) return reference;
    return Object.fromEntries(Object.entries(value).map(([key, child]) => [key, walk(child, where ? `${where}.${key}` : key)]));
  };
  return { value: walk(root, ''), badTimestamps };
}

/** An instant from an ISO string or epoch milliseconds (after unwrapValues); null if none. */
export function firestoreInstant(value: unknown): string | null {
  if (typeof value === 'number') return instantOf(value);
  if (typeof value !== 'string' || value.trim() === '') return null;
  return instantOf(Date.parse(value));
}

/** The document id a reference names: "djs/abc", "/djs/abc", "abc" (after unwrapValues). */
export function firestoreRef(value: unknown): string | null {
  if (typeof value !== 'string' || value.trim() === '') return null;
  return value.split('/').filter(Boolean).at(-1) ?? null;
}

/**
 * Discord IDs written as JSON numbers: every real one is above 2^53, where a JSON reader rounds
 * (…938627 becomes …938600, someone else's ID). Their digits are read from the file's text
 * before it is parsed, as a string marked so the mapping can tell what it was given.
 */
export const NUMBER_MARK = '#number:';
const NUMERIC_DISCORD_ID = /((?<!\\)"discord_id"\s*:\s*)(-?\d{16,})(?=\s*[,}\]])/g;

export const markNumericDiscordIds = (text: string): string => text.replace(NUMERIC_DISCORD_ID, (_, key: string, digits: string) => `${key}"${NUMBER_MARK}${digits}"`);

/**
 * A Discord ID written as a number: exact when its digits hold more than a JSON number can (the
 * tool wrote them exactly), null when they are what a rounded number prints (it cannot be
 * told from someone else's ID).
 */
export function numericDiscordId(digits: string): string | null {
  return String(Number(digits)) === digits && !Number.isSafeInteger(Number(digits)) ? null : digits;
}
