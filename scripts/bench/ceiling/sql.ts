// The statements the app issues for a signup intake, as Kysely sends them to SQLite (captured
// with Kysely's `log` option; sql.test.ts runs the app's own code and fails when they drift).
// PostgreSQL gets the same text with numbered placeholders, and the event read locks the row
// (`for update`, src/server/events/repository.ts), exactly as Kysely's PostgreSQL dialect sends it.

export const SESSION_SQL = {
  find: 'select * from "sessions" where "id_hash" = ?',
  remove: 'delete from "sessions" where "id_hash" = ?',
  renew: 'update "sessions" set "expires_at" = ? where "id_hash" = ?',
} as const;

export const SIGNUP_INTAKE_SQL = {
  event: 'select * from "events" where "id" = ?',
  ownSignup:
    'select "signups"."uuid", "signups"."name", "signups"."submitted_by", "signups"."requested_duration", "signups"."type", "slots"."signup_uuid" as "slotted" from "signup_djs" inner join "signups" on "signups"."uuid" = "signup_djs"."signup_uuid" left join "slots" on "slots"."signup_uuid" = "signups"."uuid" and "slots"."event_id" = "signups"."event_id" where "signup_djs"."event_id" = ? and "signup_djs"."dj_id" = ?',
  updateSignup:
    'update "signups" set "name" = ?, "requested_duration" = ?, "type" = ?, "form_data" = ?, "submitted_by" = ?, "update_pending_at" = ?, "updated_at" = ? where "uuid" = ?',
  insertSignup:
    'insert into "signups" ("uuid", "event_id", "position", "is_debut", "hidden", "created_at", "name", "requested_duration", "type", "form_data", "submitted_by", "update_pending_at", "updated_at") values (?, ?, (select coalesce(max(position) + 1, 0) as "next" from "signups" where "event_id" = ?), ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
  insertSignupDj: 'insert into "signup_djs" ("signup_uuid", "event_id", "dj_id", "position") values (?, ?, ?, ?)',
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
