import { z } from 'zod';

// The Lineup archive (docs/decisions/030-data-in-and-out.md): every table of a community's data
// as JSON, one record per row with the table's own column names, so any program can read it.
// Instants are ISO-8601 UTC strings, flags booleans, JSON columns their parsed value. Left out:
// secrets (webhook URLs, sessions, calendar links) and what is derived (a DJ's play statistics).
//
// ARCHIVE_VERSION changes whenever a table's columns change; an archive of an older version is
// brought up to this one by ARCHIVE_UPGRADES before it is read, one newer than this is refused.
// Each version has a fixture, the app's own export, in server/archive/fixtures/: a new version
// adds its upgrade and its fixture and keeps the older ones, which must go on importing
// (docs/decisions/058-a-column-declared-once.md).

export const ARCHIVE_FORMAT = 'lineup-archive';
export const ARCHIVE_VERSION = 3;

/** The largest archive file an import takes (a community's years fit in a few megabytes). */
export const ARCHIVE_MAX_BYTES = 32 * 1024 * 1024;

// What both databases store, so a file they would refuse is refused here with where it is (a 4xx
// naming the problem, never the database's error): no NUL character in text (PostgreSQL refuses
// it), integers within 32 bits (PostgreSQL's integer), instants in years 1970 to 2999.
const EARLIEST = Date.UTC(1970, 0, 1);
const LATEST = Date.UTC(2999, 11, 31, 23, 59, 59, 999);
const NO_NUL = 'contains a NUL character (U+0000), which the database cannot store';
/**
 * The columns an archive writes otherwise than the database stores them, and how: an instant
 * (epoch milliseconds there), a flag (0/1) or JSON (text). The mark is on the column's schema, so
 * the conversion (server/archive/tables.ts) reads it from here, and the compiler checks it against
 * the database's types (server/archive/columns.ts). Mark a finished schema: a refinement after it
 * would make a copy without the mark.
 */
export type WrittenAs = 'instant' | 'flag' | 'json';
const writtenAs = <S extends z.ZodType, W extends WrittenAs>(schema: S, as: W) => Object.assign(schema, { writtenAs: as });

/** How an archive column's schema says it is written; undefined: as the database stores it. */
export function columnWrittenAs(schema: z.ZodType): WrittenAs | undefined {
  const inner: object = schema instanceof z.ZodNullable ? schema.unwrap() : schema;
  return 'writtenAs' in inner ? (inner.writtenAs as WrittenAs) : undefined;
}

const instant = writtenAs(
  z.iso.datetime({ error: 'must be an ISO-8601 time like 2026-05-03T19:00:00.000Z' }).refine((value) => {
    const ms = Date.parse(value);
    return Number.isFinite(ms) && ms >= EARLIEST && ms <= LATEST;
  }, 'must be a real time in the years 1970 to 2999'),
  'instant',
);
const text = z.string().refine((value) => !value.includes('\u0000'), NO_NUL);
const flag = writtenAs(z.boolean(), 'flag');
const id = z.string().min(1).max(200).refine((value) => !value.includes('\u0000'), NO_NUL);
const json = writtenAs(z.json(), 'json');
/** An integer column (PostgreSQL's integer is 32 bits). */
const integer = z.number().int().min(-(2 ** 31), 'must be at least -2147483648').max(2 ** 31 - 1, 'must be at most 2147483647');

export const archiveEventSchema = z.strictObject({
  id,
  name: text,
  start_at: instant,
  end_at: instant,
  published: flag,
  host: text,
  message: text,
  footer: text,
  signups_open: flag,
  signups_close_at: instant.nullable(),
  signup_cap: integer.nullable(),
  preflight: json,
  public_links: json,
  cancelled_at: instant.nullable(),
  version: integer.min(1),
  created_at: instant,
  updated_at: instant,
});

export const archiveDjSchema = z.strictObject({
  id,
  discord_id: text.nullable(),
  public_name: text,
  dj_name: text,
  rtmp_url: text,
  twitch_username: text,
  avatar_url: text.nullable(),
  notes: text,
  archived_at: instant.nullable(),
  created_at: instant,
  updated_at: instant,
});

/** A DJ's own choices (version 2): whether the app reminds them in Discord. */
export const archiveDjPreferenceSchema = z.strictObject({
  dj_id: id,
  reminders_off: flag,
  updated_at: instant,
});

export const archiveSignupSchema = z.strictObject({
  uuid: id,
  event_id: id,
  position: integer,
  name: text,
  is_debut: flag,
  requested_duration: z.number(),
  type: text,
  hidden: flag,
  form_data: json.nullable(),
  submitted_by: id.nullable(),
  update_pending_at: instant.nullable(),
  update_fields: json.nullable(),
  update_dismissed_at: instant.nullable(),
  /** Version 2: the answers the lineup goes by while a DJ's update waits (decision 042). */
  answers_in_use: json.nullable(),
  /** Version 3: kept beside the lineup to swap into a slot (decision 045). */
  standby: flag,
  /** Version 3: when the signup's stream was tested; null: not yet. */
  stream_tested_at: instant.nullable(),
  /** Version 3: what staff marked it on the live board (issue 35), and when. */
  live_mark: text.nullable(),
  live_marked_at: instant.nullable(),
  created_at: instant,
  updated_at: instant,
});

export const archiveSignupDjSchema = z.strictObject({
  signup_uuid: id,
  event_id: id,
  dj_id: id,
  position: integer,
  confirmation: text,
});

export const archiveSlotSchema = z.strictObject({
  event_id: id,
  position: integer,
  signup_uuid: id.nullable(),
  start_at: instant,
  end_at: instant,
  legacy_dj_name: text.nullable(),
  legacy_dj_id: id.nullable(),
  legacy_duration: z.number().nullable(),
  legacy_is_debut: flag.nullable(),
  legacy_slot_type: text.nullable(),
  stream_source_url: text,
  stream_source_type: text,
});

export const archivePlaySchema = z.strictObject({ event_id: id, dj_id: id });

/** The global settings and the Reminders section (version 2): the Discord webhooks (a credential) never leave. */
export const ARCHIVED_SETTINGS_KEYS = ['global', 'reminders', 'stream_checks'] as const;

export const archiveSettingSchema = z.strictObject({
  key: z.enum(ARCHIVED_SETTINGS_KEYS, { error: `is not a setting an archive carries (only ${ARCHIVED_SETTINGS_KEYS.join(', ')})` }),
  value: json,
  updated_at: instant,
});

export const archiveEventChangeSchema = z.strictObject({
  id,
  event_id: id,
  at: instant,
  actor_dj_id: id.nullable(),
  actor_name: text.nullable(),
  kind: text,
  version: integer,
  summary: json,
});

/** What was posted to Discord, so "Update post" still finds it; the webhook's id is no credential. */
export const archiveDiscordPostSchema = z.strictObject({
  event_id: id,
  kind: text,
  message_id: text,
  webhook_id: text,
  posted_at: instant,
  posted_by: id.nullable(),
  posted_by_name: text,
  updated_at: instant.nullable(),
  updated_by_name: text.nullable(),
});

/** The tables, in the order they are written on import (referenced tables first). */
export const archiveTablesSchema = z.strictObject({
  events: z.array(archiveEventSchema),
  djs: z.array(archiveDjSchema),
  dj_preferences: z.array(archiveDjPreferenceSchema),
  signups: z.array(archiveSignupSchema),
  signup_djs: z.array(archiveSignupDjSchema),
  slots: z.array(archiveSlotSchema),
  dj_plays: z.array(archivePlaySchema),
  settings: z.array(archiveSettingSchema),
  event_changes: z.array(archiveEventChangeSchema),
  discord_posts: z.array(archiveDiscordPostSchema),
});
export type ArchiveTables = z.infer<typeof archiveTablesSchema>;
export type ArchiveTableName = keyof ArchiveTables;
export const ARCHIVE_TABLES = archiveTablesSchema.keyof().options;

export const archiveSchema = z.strictObject({
  format: z.literal(ARCHIVE_FORMAT),
  version: z.literal(ARCHIVE_VERSION),
  /** The database schema it was read from (the last migration), for people and support. */
  schema: z.string(),
  exportedAt: instant,
  tables: archiveTablesSchema,
});
export type Archive = z.infer<typeof archiveSchema>;

/** An empty archive's tables. */
export const emptyTables = (): ArchiveTables => ({
  events: [],
  djs: [],
  dj_preferences: [],
  signups: [],
  signup_djs: [],
  slots: [],
  dj_plays: [],
  settings: [],
  event_changes: [],
  discord_posts: [],
});

/**
 * Upgrades of older archives: ARCHIVE_UPGRADES[n] turns version n's tables into version n + 1's.
 * Version 2 (issues 34 and 35) adds DJs' reminder choices (none before), the Reminders settings (a
 * settings row an older archive simply does not have) and the answers a lineup goes by while a
 * DJ's update waits (version 1 had none: the lineup went by the DJ's latest answers). They take
 * what they do not know as it is: the schema checks the result. Version 3 (issue 35) adds standbys
 * and stream checks to signups (none were on standby or tested before) and the live board's marks
 * (nothing was marked: every lineup DJ played).
 */
export const ARCHIVE_UPGRADES: Record<number, (tables: unknown) => unknown> = {
  1: (tables) => {
    if (!tables || typeof tables !== 'object' || Array.isArray(tables)) return tables;
    const { signups, ...rest } = tables as { signups?: unknown };
    return {
      dj_preferences: [],
      ...rest,
      signups: Array.isArray(signups) ? signups.map((signup: unknown) => ({ answers_in_use: null, ...(signup as object) })) : signups,
    };
  },
  2: (tables) => {
    if (!tables || typeof tables !== 'object' || Array.isArray(tables)) return tables;
    const { signups } = tables as { signups?: unknown };
    if (!Array.isArray(signups)) return tables;
    return { ...tables, signups: signups.map((signup: unknown) => ({ standby: false, stream_tested_at: null, live_mark: null, live_marked_at: null, ...(signup as object) })) };
  },
};
