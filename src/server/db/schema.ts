import type { Generated, Selectable } from 'kysely';

// Table types as stored. Timestamps are epoch milliseconds and booleans are 0/1 integers on
// both dialects (see docs/decisions/002-storage-types.md); rows are mapped to domain objects
// by the feature repositories, so services never see these representations.

export type Flag = 0 | 1;

/**
 * A JSON column: text holding JSON. Any string can be written; what is read says it is JSON, so
 * the archive must declare the column JSON (server/archive/columns.ts checks it at compile time).
 */
export type JsonText = string & { readonly jsonText?: true };

export interface EventsTable {
  id: string;
  name: string;
  start_at: number;
  end_at: number;
  published: Flag;
  host: string;
  message: string;
  footer: string;
  signups_open: Flag;
  /** When signups close by themselves; null: only when staff close them. */
  signups_close_at: number | null;
  /** At most this many DJ signups; null: no cap. */
  signup_cap: number | null;
  /** JSON: the optional preflight steps staff ticked off, and when. */
  preflight: Generated<JsonText>;
  /** JSON text: the public watch links, [{ label, url }]; '[]' unless given. */
  public_links: Generated<JsonText>;
  /** When staff cancelled the event; null while it is on. A cancelled event is never public. */
  cancelled_at: number | null;
  version: number;
  created_at: number;
  updated_at: number;
}

export interface DjsTable {
  id: string;
  discord_id: string | null;
  public_name: string;
  dj_name: string;
  rtmp_url: string;
  twitch_username: string;
  avatar_url: string | null;
  notes: string;
  /** When staff archived the DJ (hidden from the roster's default view); null while active. */
  archived_at: number | null;
  /** How many dj_plays rows name the DJ (kept by refreshDjStats in djs/plays.ts). */
  play_count: Generated<number>;
  /** The event of the DJ's most recent play (newest start, ties by event id); null before any. */
  last_play_event_id: Generated<string | null>;
  created_at: number;
  updated_at: number;
}

/** A DJ row as read. */
export type DjRow = Selectable<DjsTable>;

export interface SignupsTable {
  uuid: string;
  event_id: string;
  position: number;
  name: string;
  is_debut: Flag;
  requested_duration: number;
  type: string;
  /**
   * No longer read or written (Hide Entry is a view of the page, decision 042): kept, always 0 for new
   * rows, so instances upgraded one at a time and archives of version 1 go on working.
   */
  hidden: Flag;
  /** JSON text of SignupFormData, or null for signups staff added. */
  form_data: JsonText | null;
  /** The DJ who gave the answers in form_data: only they (and staff) read or change them. */
  submitted_by: string | null;
  /** When the DJ changed their answers after the lineup was saved: the update waits for staff. */
  update_pending_at: number | null;
  /** JSON list of what the DJ's update changes ('name', 'length', 'type'): waiting, or dismissed. */
  update_fields: JsonText | null;
  /** When staff dismissed that update (the slot stays as it was); null while it waits or when there is none. */
  update_dismissed_at: number | null;
  /** While a DJ's update waits: JSON of the answers the lineup goes by (their answers before it); null: form_data's. */
  answers_in_use: JsonText | null;
  /** Staff keep the signup beside the lineup, to swap into a slot whose DJ drops out (never with a slot). */
  standby: Generated<Flag>;
  /** When the signup's stream was tested (the DJ, or staff in Stream Details); null: not yet. */
  stream_tested_at: number | null;
  /** What staff marked it on the live board (LIVE_MARKS), and when (issue 35); null: not marked. */
  live_mark: string | null;
  live_marked_at: number | null;
  created_at: number;
  updated_at: number;
}

/** A DJ named on a signup. (event_id, dj_id) is unique: one signup per DJ per event. */
export interface SignupDjsTable {
  signup_uuid: string;
  event_id: string;
  dj_id: string;
  position: number;
  /** The DJ's answer to the slot proposed to them ('proposed' until they answer). */
  confirmation: Generated<string>;
}

/** A lineup slot: its signup, or (legacy slots only) its own name, DJ, length, debut and type. */
export interface SlotsTable {
  event_id: string;
  position: number;
  signup_uuid: string | null;
  /** Derived at every save from the lineup (shared/lineup.ts placeSlots). */
  start_at: number;
  end_at: number;
  legacy_dj_name: string | null;
  legacy_dj_id: string | null;
  /** Hours; null for slots with a signup. */
  legacy_duration: number | null;
  legacy_is_debut: Flag | null;
  legacy_slot_type: string | null;
  stream_source_url: string;
  stream_source_type: string;
}

/** Derived from the lineup at every save: which DJs play in which event. */
export interface DjPlaysTable {
  event_id: string;
  dj_id: string;
}

export interface SettingsTable {
  key: string;
  value: JsonText;
  updated_at: number;
}

export interface SessionsTable {
  /** SHA-256 of the cookie token, so a leaked database row cannot be replayed as a cookie. */
  id_hash: string;
  /** The person's roster entry; null for a member without roles (they get none). */
  dj_id: string | null;
  discord_user_id: string;
  /** The name and avatar Discord gave at sign-in: what the app shows for the person. */
  public_name: string;
  avatar_url: string | null;
  /** JSON array of roles. */
  roles: JsonText;
  created_at: number;
  expires_at: number;
  /** The Discord access and refresh tokens, AES-256-GCM encrypted (auth/token-sealer.ts); null: none. */
  discord_tokens: string | null;
  /** When membership and roles were last confirmed by Discord (sign-in counts). */
  checked_at: number;
  /** When the next check with Discord is due (after a failed attempt: the retry time). */
  next_check_at: number;
}

/** A text posted to Discord through a webhook (one per event and kind), for "Update post". */
export interface DiscordPostsTable {
  event_id: string;
  /** DiscordPostKind: 'signups-open', 'verify' or 'announcement'. */
  kind: string;
  message_id: string;
  /** The webhook it went through: only that webhook can edit it. */
  webhook_id: string;
  posted_at: number;
  /** The staff member's roster entry, and their name then. */
  posted_by: string | null;
  posted_by_name: string;
  /** The last "Update post". */
  updated_at: number | null;
  updated_by_name: string | null;
}

/** A DJ's private calendar link: the token's SHA-256 and the nonce it is derived from (public/calendar-links.ts). */
export interface DjCalendarLinksTable {
  dj_id: string;
  token_hash: string;
  nonce: string;
  created_at: number;
}

/** One change of an event (docs/decisions/013-event-history.md). */
export interface EventChangesTable {
  id: string;
  event_id: string;
  at: number;
  /** Who did it: their DJ id and name at the time; both null for the app itself. */
  actor_dj_id: string | null;
  actor_name: string | null;
  /** EventChangeKind. */
  kind: string;
  /** The event's version after the change. */
  version: number;
  /** JSON text: HistoryLine[]. */
  summary: JsonText;
}

/** A rate limit's counter, shared by the app instances on PostgreSQL while several run (http/rate-limit-counts.ts). */
export interface RateLimitsTable {
  /** The route and the caller's key. */
  key: string;
  count: number;
  /** When the window ends (epoch milliseconds, the database's clock). */
  reset_at: number;
}

/** A post to DJs on the durable schedule (docs/decisions/043-a-durable-schedule-of-posts.md). */
export interface ScheduledPostsTable {
  id: string;
  event_id: string;
  /** DjPostKind. */
  kind: string;
  /** The DJ a reminder is for; null for a post to several. */
  dj_id: string | null;
  /** JSON: the DJ ids it addresses. */
  dj_ids: JsonText;
  /** DjPostState. */
  state: string;
  due_at: number;
  send_until: number;
  /** A reminder's subject: its slot's or its event's start. */
  subject_at: number | null;
  content: string | null;
  /** JSON: the Discord user ids the post may ping. */
  mentions: JsonText;
  origin: string | null;
  /** DjPostOutcome. */
  outcome: string | null;
  message_id: string | null;
  attempts: number;
  claimed_by: string | null;
  claimed_at: number | null;
  sent_at: number | null;
  created_at: number;
  updated_at: number;
}

/** A DJ's own choices (their Home). */
export interface DjPreferencesTable {
  dj_id: string;
  reminders_off: Flag;
  updated_at: number;
}

export interface Database {
  events: EventsTable;
  djs: DjsTable;
  signups: SignupsTable;
  signup_djs: SignupDjsTable;
  slots: SlotsTable;
  dj_plays: DjPlaysTable;
  settings: SettingsTable;
  sessions: SessionsTable;
  dj_calendar_links: DjCalendarLinksTable;
  discord_posts: DiscordPostsTable;
  event_changes: EventChangesTable;
  rate_limits: RateLimitsTable;
  scheduled_posts: ScheduledPostsTable;
  dj_preferences: DjPreferencesTable;
}
