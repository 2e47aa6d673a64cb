import { ARCHIVE_TABLES, type ArchiveTableName, type ArchiveTables, archiveTablesSchema, columnWrittenAs, type WrittenAs } from '@shared/archive/schema.js';
import type { Database } from '../db/schema.js';
import { toIso } from '../db/values.js';
import type { Agreed, ArchiveDisagreements, ArchiveShapes } from './columns.js';

// How each archived column is stored (docs/decisions/002-storage-types.md) and written in the
// archive: instants are epoch milliseconds in the database and ISO strings in the archive, flags
// 0/1 and booleans, JSON columns text and their parsed value. Everything else is as stored. Each
// column is declared once for the archive, in its schema (shared/archive/schema.ts), which says
// how it is written; the compiler checks it against the database's types (columns.ts).

/** What each table is ordered by in an archive, so the same data always gives the same file. */
export const ARCHIVE_ORDER: { [T in ArchiveTableName]: ReadonlyArray<keyof ArchiveTables[T][number] & string> } = {
  events: ['id'],
  djs: ['id'],
  dj_preferences: ['dj_id'],
  signups: ['uuid'],
  signup_djs: ['signup_uuid', 'dj_id'],
  slots: ['event_id', 'position'],
  dj_plays: ['event_id', 'dj_id'],
  settings: ['key'],
  event_changes: ['id'],
  discord_posts: ['event_id', 'kind'],
};

/**
 * Columns of archived tables that an archive leaves out, and why: what is derived is computed
 * again on import (a DJ's play statistics, djs/plays.ts).
 */
export const DERIVED_COLUMNS = {
  djs: ['play_count', 'last_play_event_id'],
} as const satisfies { readonly [T in ArchiveTableName]?: ReadonlyArray<keyof Database[T]> };

/**
 * Tables no archive carries: secrets and the app's own bookkeeping. The schedule of posts to DJs
 * is the app's queue: the new install schedules an upcoming event's reminders again from its
 * lineup and the Reminders settings (docs/decisions/043-a-durable-schedule-of-posts.md).
 */
export const UNARCHIVED_TABLES = ['sessions', 'dj_calendar_links', 'rate_limits', 'scheduled_posts'] as const;

/** Where the archive's schema disagrees with the database's types (none, or typecheck fails below). */
export type Disagreements<Db = Database, Shapes = ArchiveShapes> = ArchiveDisagreements<Db, Shapes, typeof DERIVED_COLUMNS, (typeof UNARCHIVED_TABLES)[number]>;

type Kind = WrittenAs | 'as stored';

/**
 * Each archived table's columns and how each is written, read from the archive's schema. Its type
 * makes `npm run typecheck` fail here, naming each column, while that schema and the database's
 * types disagree (columns.ts).
 */
const COLUMNS: Agreed<Disagreements, ReadonlyMap<ArchiveTableName, ReadonlyMap<string, Kind>>> = new Map(
  ARCHIVE_TABLES.map((table) => [
    table,
    new Map(Object.entries(archiveTablesSchema.shape[table].element.shape).map(([column, schema]) => [column, columnWrittenAs(schema) ?? 'as stored'])),
  ]),
);

/** The columns an archive carries of each table (the database may have derived ones besides). */
export const archivedColumns = <T extends ArchiveTableName>(table: T) =>
  // The schema's own keys; that they are the database's columns is checked above.
  [...COLUMNS.get(table)!.keys()] as Array<keyof ArchiveTables[T][number] & string>;

type Row = Record<string, unknown>;

export function toRecord(table: ArchiveTableName, row: Row): Row {
  return Object.fromEntries(
    [...COLUMNS.get(table)!].map(([column, kind]) => {
      const value = row[column];
      if (value === null || value === undefined || kind === 'as stored') return [column, value ?? null];
      if (kind === 'instant') return [column, toIso(value as number)];
      if (kind === 'flag') return [column, Number(value) === 1];
      return [column, parseJson(value as string)];
    }),
  );
}

export function toRow(table: ArchiveTableName, record: Row): Row {
  const kinds = COLUMNS.get(table)!;
  return Object.fromEntries(
    Object.entries(record).map(([column, value]) => {
      const kind = kinds.get(column);
      if (value === null || kind === undefined || kind === 'as stored') return [column, value];
      if (kind === 'instant') return [column, Date.parse(value as string)];
      if (kind === 'flag') return [column, value ? 1 : 0];
      return [column, JSON.stringify(value)];
    }),
  );
}

/** Stored JSON; text that is not JSON (never written by the app) is kept as the text itself. */
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export function sortRecords(table: ArchiveTableName, records: Row[]): Row[] {
  const keys = ARCHIVE_ORDER[table] as readonly string[];
  const compare = (a: Row, b: Row) => {
    for (const key of keys) {
      const [x, y] = [a[key], b[key]] as Array<string | number>;
      if (x !== y) return x! < y! ? -1 : 1;
    }
    return 0;
  };
  return records.sort(compare);
}

