import { type ArchiveTableName, type ArchiveTables, archiveTablesSchema } from '@shared/archive/schema.js';
import type { Database } from '../db/schema.js';
import { toIso } from '../db/values.js';

// How each archived column is stored (docs/decisions/002-storage-types.md) and written in the
// archive: instants are epoch milliseconds in the database and ISO strings in the archive, flags
// 0/1 and booleans, JSON columns text and their parsed value. Everything else is as stored.

type Kind = 'instant' | 'flag' | 'json';

const KINDS: { [T in ArchiveTableName]: Partial<Record<keyof ArchiveTables[T][number], Kind>> } = {
  events: {
    start_at: 'instant',
    end_at: 'instant',
    published: 'flag',
    signups_open: 'flag',
    signups_close_at: 'instant',
    preflight: 'json',
    public_links: 'json',
    cancelled_at: 'instant',
    created_at: 'instant',
    updated_at: 'instant',
  },
  djs: { archived_at: 'instant', created_at: 'instant', updated_at: 'instant' },
  dj_preferences: { reminders_off: 'flag', updated_at: 'instant' },
  signups: { is_debut: 'flag', hidden: 'flag', form_data: 'json', update_pending_at: 'instant', update_fields: 'json', update_dismissed_at: 'instant', answers_in_use: 'json', standby: 'flag', stream_tested_at: 'instant', live_marked_at: 'instant', created_at: 'instant', updated_at: 'instant' },
  signup_djs: {},
  slots: { start_at: 'instant', end_at: 'instant', legacy_is_debut: 'flag' },
  dj_plays: {},
  settings: { value: 'json', updated_at: 'instant' },
  event_changes: { at: 'instant', summary: 'json' },
  discord_posts: { posted_at: 'instant', updated_at: 'instant' },
};

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

/** The columns an archive carries of each table (the database may have derived ones besides). */
export const archivedColumns = <T extends ArchiveTableName>(table: T) =>
  Object.keys(archiveTablesSchema.shape[table].element.shape) as Array<keyof Database[T] & string>;

/**
 * Columns of archived tables that an archive leaves out, and why: what is derived is computed
 * again on import. A column missing from both lists fails a test (archive.test.ts).
 */
export const DERIVED_COLUMNS: Partial<Record<ArchiveTableName, readonly string[]>> = {
  djs: ['play_count', 'last_play_event_id'],
};

/**
 * Tables no archive carries: secrets and the app's own bookkeeping. The schedule of posts to DJs
 * is the app's queue: the new install schedules an upcoming event's reminders again from its
 * lineup and the Reminders settings (docs/decisions/043-a-durable-schedule-of-posts.md).
 */
export const UNARCHIVED_TABLES = ['sessions', 'dj_calendar_links', 'rate_limits', 'scheduled_posts'] as const;

type Row = Record<string, unknown>;

export function toRecord(table: ArchiveTableName, row: Row): Row {
  const kinds = KINDS[table] as Record<string, Kind | undefined>;
  return Object.fromEntries(
    archivedColumns(table).map((column) => {
      const value = row[column];
      const kind = kinds[column];
      if (value === null || value === undefined || kind === undefined) return [column, value ?? null];
      if (kind === 'instant') return [column, toIso(value as number)];
      if (kind === 'flag') return [column, Number(value) === 1];
      return [column, parseJson(value as string)];
    }),
  );
}

export function toRow(table: ArchiveTableName, record: Row): Row {
  const kinds = KINDS[table] as Record<string, Kind | undefined>;
  return Object.fromEntries(
    Object.entries(record).map(([column, value]) => {
      const kind = kinds[column];
      if (value === null || kind === undefined) return [column, value];
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

