import type { Migration, MigrationProvider } from 'kysely';
import { initial } from './001-initial.js';
import { slotsPointAtSignups } from './002-slots-point-at-signups.js';
import { sessionsRecheckDiscord } from './003-sessions-recheck-discord.js';
import { signupSubmitter } from './004-signup-submitter.js';
import { sessionsKeepTheirProfile } from './005-sessions-keep-their-profile.js';
import { lineupStaysPut } from './006-lineup-stays-put.js';
import { eventPublicLinks } from './010-event-public-links.js';
import { djCalendarLinks } from './011-dj-calendar-links.js';
import { eventsCancelled } from './020-events-cancelled.js';
import { djsArchived } from './021-djs-archived.js';
import { discordPosts } from './040-discord-posts.js';
import { eventChanges } from './050-event-changes.js';
import { djPlayStats } from './070-dj-play-stats.js';
import { growthIndexes } from './071-growth-indexes.js';
import { rosterActiveOrder } from './072-roster-active-order.js';
import { dataChangeNotices } from './073-data-change-notices.js';
import { djUpdateFields } from './074-dj-update-fields.js';
import { rateLimits } from './080-rate-limits.js';
import { discordPostKinds } from './091-discord-post-kinds.js';
import { signupAnswersInUse } from './094-signup-answers-in-use.js';
import { djPosts } from './100-dj-posts.js';
import { standbyAndStreamChecks } from './110-standby-and-stream-checks.js';
import { signupLiveMark } from './120-signup-live-mark.js';

// One set of migrations for SQLite and PostgreSQL: only types both understand (text, integer,
// bigint, double precision) and constraints both enforce. One file per change, numbered; a new
// migration is the next number here. Names are what the databases recorded: never rename one.
const MIGRATIONS: Record<string, Migration> = {
  '001_initial': initial,
  '002_slots_point_at_signups': slotsPointAtSignups,
  '003_sessions_recheck_discord': sessionsRecheckDiscord,
  '004_signup_submitter': signupSubmitter,
  '005_sessions_keep_their_profile': sessionsKeepTheirProfile,
  '006_lineup_stays_put': lineupStaysPut,
  '010_event_public_links': eventPublicLinks,
  '011_dj_calendar_links': djCalendarLinks,
  '020_events_cancelled': eventsCancelled,
  '021_djs_archived': djsArchived,
  '040_discord_posts': discordPosts,
  '050_event_changes': eventChanges,
  '070_dj_play_stats': djPlayStats,
  '071_growth_indexes': growthIndexes,
  '072_roster_active_order': rosterActiveOrder,
  '073_data_change_notices': dataChangeNotices,
  '074_dj_update_fields': djUpdateFields,
  '080_rate_limits': rateLimits,
  '091_discord_post_kinds': discordPostKinds,
  '094_signup_answers_in_use': signupAnswersInUse,
  '100_dj_posts': djPosts,
  '110_standby_and_stream_checks': standbyAndStreamChecks,
  '120_signup_live_mark': signupLiveMark,
};

export const migrationProvider: MigrationProvider = { getMigrations: async () => MIGRATIONS };
