// The statements the app issues for a signup intake, as Kysely sends them to SQLite (captured
// with Kysely's `log` option; sql.test.ts runs the app's own code and fails when they drift).
// PostgreSQL gets the same text with numbered placeholders, and the event read locks the row
// (`for update`, src/server/events/repository.ts), exactly as Kysely's PostgreSQL dialect sends it.

export const SESSION_SQL = {
  find: 'select * from "sessions" where "id_hash" = ?',
  remove: 'delete from "sessions" where "id_hash" = ?',
  renew: 'update "sessions" set "expires_at" = ? where "id_hash" = ?',
} as const;

/** The event's history entry (src/server/history/record.ts), in the intake's and the save's transaction. */
const RECORD_CHANGE =
  'insert into "event_changes" ("id", "event_id", "at", "actor_dj_id", "actor_name", "kind", "version", "summary") values (?, ?, ?, ?, ?, ?, ?, ?)';

export const SIGNUP_INTAKE_SQL = {
  event: 'select * from "events" where "id" = ?',
  ownSignup:
    'select "signups"."uuid", "signups"."name", "signups"."submitted_by", "signups"."requested_duration", "signups"."type", "signups"."form_data", "signups"."update_pending_at", "signups"."update_fields", "signups"."update_dismissed_at", "signup_djs"."confirmation", "signups"."answers_in_use", "slots"."signup_uuid" as "slotted" from "signup_djs" inner join "signups" on "signups"."uuid" = "signup_djs"."signup_uuid" left join "slots" on "slots"."signup_uuid" = "signups"."uuid" and "slots"."event_id" = "signups"."event_id" where "signup_djs"."event_id" = ? and "signup_djs"."dj_id" = ?',
  updateSignup:
    'update "signups" set "name" = ?, "requested_duration" = ?, "type" = ?, "form_data" = ?, "submitted_by" = ?, "update_pending_at" = ?, "update_fields" = ?, "update_dismissed_at" = ?, "answers_in_use" = ?, "updated_at" = ? where "uuid" = ?',
  insertSignup:
    'insert into "signups" ("uuid", "event_id", "position", "is_debut", "hidden", "created_at", "name", "requested_duration", "type", "form_data", "submitted_by", "update_pending_at", "update_fields", "update_dismissed_at", "answers_in_use", "updated_at") values (?, ?, (select coalesce(max(position) + 1, 0) as "next" from "signups" where "event_id" = ?), ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
  insertSignupDj: 'insert into "signup_djs" ("signup_uuid", "event_id", "dj_id", "position") values (?, ?, ?, ?)',
  recordChange: RECORD_CHANGE,
} as const;

const marks = (n: number) => Array.from({ length: n }, () => '?').join(', ');
const tuples = (rows: number, width: number) => Array.from({ length: rows }, () => `(${marks(width)})`).join(', ');
const quoted = (columns: readonly string[]) => columns.map((column) => `"${column}"`).join(', ');

/** The signup and slot columns a save writes, in the app's order (lineup/signups.ts staffColumns, lineup/slots.ts slotColumns). */
export const SIGNUP_STAFF_COLUMNS = ['position', 'name', 'is_debut', 'requested_duration', 'type', 'standby'] as const;
const INSERTED_SIGNUP_COLUMNS = ['uuid', 'event_id', 'form_data', 'hidden', 'created_at', ...SIGNUP_STAFF_COLUMNS, 'updated_at'];
export const SLOT_COLUMNS = [
  'signup_uuid', 'start_at', 'end_at', 'legacy_dj_name', 'legacy_dj_id', 'legacy_duration', 'legacy_is_debut', 'legacy_slot_type',
  'stream_source_url', 'stream_source_type',
] as const;
/** The event form's columns (events/repository.ts eventColumns). */
export const EVENT_FIELD_COLUMNS = ['name', 'start_at', 'host', 'message', 'footer', 'signups_open', 'signups_close_at', 'signup_cap', 'public_links'] as const;

/**
 * The event save's statements (events/service.ts saveEvent) and the event page's reads (the
 * ceiling's GET, for the bench's first base). A list of n values or rows has a text per n, as
 * Kysely compiles it.
 */
export const EVENT_SAVE_SQL = {
  bumpVersion: 'update "events" set "version" = version + 1, "updated_at" = ? where "id" = ? and "version" = ? returning *',
  version: 'select "version" from "events" where "id" = ?',
  event: 'select * from "events" where "id" = ?',
  signups: 'select * from "signups" where "event_id" = ? order by "position", "created_at", "uuid"',
  signupDjs: 'select "signup_uuid", "dj_id", "confirmation" from "signup_djs" where "event_id" = ? order by "signup_uuid", "position"',
  slots: 'select * from "slots" where "event_id" = ? order by "position"',
  djPlays: 'select "dj_id" from "dj_plays" where "event_id" = ? order by "dj_id"',
  djs: (n: number) => `select * from "djs" where "id" in (${marks(n)})`,
  otherEvents: (n: number) =>
    `select * from (select "dj_plays"."dj_id" as "dj_id", "events"."id" as "event_id", "events"."name" as "event_name", "events"."start_at" as "start_at", "events"."end_at" as "end_at", count(*) over (partition by dj_plays.dj_id) as "total", row_number() over (partition by dj_plays.dj_id order by events.start_at desc, events.id asc) as "rank", row_number() over (partition by dj_plays.dj_id, case when events.end_at <= ? then 1 else 0 end order by events.start_at desc, events.id asc) as "before_rank" from "dj_plays" inner join "events" on "events"."id" = "dj_plays"."event_id" where "dj_plays"."dj_id" in (${marks(n)}) and "dj_plays"."event_id" <> ?) as "plays" where ("rank" <= ? or ("end_at" <= ? and "before_rank" = ?)) order by "dj_id", "rank"`,
  signupOwners: (n: number) => `select "uuid", "event_id" from "signups" where "uuid" in (${marks(n)})`,
  deleteSignups: (n: number) => `delete from "signups" where "event_id" = ? and "uuid" in (${marks(n)})`,
  updateSignup: `update "signups" set ${SIGNUP_STAFF_COLUMNS.map((c) => `"${c}" = ?`).join(', ')}, "updated_at" = ? where "uuid" = ? and "event_id" = ?`,
  insertSignups: (n: number) =>
    `insert into "signups" (${quoted(INSERTED_SIGNUP_COLUMNS)}) values ${tuples(n, INSERTED_SIGNUP_COLUMNS.length)}`,
  deleteSignupDj: 'delete from "signup_djs" where "signup_uuid" = ? and "dj_id" = ?',
  moveSignupDj: 'update "signup_djs" set "position" = ? where "signup_uuid" = ? and "dj_id" = ?',
  insertSignupDjs: (n: number) => `insert into "signup_djs" ("signup_uuid", "event_id", "dj_id", "position") values ${tuples(n, 4)}`,
  clearUpdates: (n: number) => `update "signups" set "update_pending_at" = ? where "event_id" = ? and "uuid" in (${marks(n)})`,
  deleteSlotsFrom: 'delete from "slots" where "event_id" = ? and "position" >= ?',
  upsertSlots: (n: number) =>
    `insert into "slots" (${quoted(['event_id', 'position', ...SLOT_COLUMNS])}) values ${tuples(n, 12)} on conflict ("event_id", "position") do update set ${SLOT_COLUMNS.map((c) => `"${c}" = "excluded"."${c}"`).join(', ')}`,
  updateEvent: (fields: boolean, end: boolean) =>
    `update "events" set ${[...(fields ? EVENT_FIELD_COLUMNS : []), ...(end ? ['end_at'] : [])].map((c) => `"${c}" = ?`).join(', ')} where "id" = ?`,
  deletePlays: (n: number) => `delete from "dj_plays" where "event_id" = ? and "dj_id" in (${marks(n)})`,
  insertPlays: (n: number) => `insert into "dj_plays" ("event_id", "dj_id") values ${tuples(n, 2)}`,
  /** The play statistics on the DJ rows (src/server/djs/plays.ts refreshDjStats); its one fixed parameter is the limit, 1. */
  refreshStats: (n: number) =>
    `update "djs" set "play_count" = (select count(*) as "n" from "dj_plays" where "dj_plays"."dj_id" = "djs"."id"), "last_play_event_id" = (select "events"."id" from "dj_plays" inner join "events" on "events"."id" = "dj_plays"."event_id" where "dj_plays"."dj_id" = "djs"."id" order by "events"."start_at" desc, "events"."id" limit ?) where "id" in (${marks(n)})`,
  recordChange: RECORD_CHANGE,
} as const;

/** After the commit, on PostgreSQL (src/server/changes/bus.ts; not a Kysely statement). */
export const NOTIFY_SQL = 'select pg_notify($1, $2)';
export const CHANGE_CHANNEL = 'lineup_event_changed';

/** The PostgreSQL text of a statement above: `?` becomes `$1`, `$2`, … */
export function numbered(sql: string): string {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
}

export const forUpdate = (sql: string) => `${sql} for update`;
