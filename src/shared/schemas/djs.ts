import { z } from 'zod';
import { DISCORD_ID_MIN_DIGITS } from '../domain.js';
import { twitchUsernameOf } from '../streams.js';
import { oneLine, streamLink } from './fields.js';

// DJs (spec §3 "DJ"): the stored record, the DJ form (Create Dj, Dj Details edit, Onboard New
// Dj; spec §5) and the answers of the /api/djs endpoints.

export const djSchema = z.object({
  id: z.string(),
  discordId: z.string().nullable(),
  publicName: z.string(),
  djName: z.string(),
  rtmpUrl: z.string(),
  twitchUsername: z.string(),
  avatarUrl: z.string().nullable(),
  notes: z.string(),
});
export type Dj = z.infer<typeof djSchema>;

/**
 * A DJ's appearance in an event's lineup (a dj_plays row), for "Other Events" and the Plays list:
 * played once the event is over, booked (upcoming) until then (shared/plays.ts).
 */
export const djPlaySchema = z.object({
  eventId: z.string(),
  eventName: z.string(),
  startDatetime: z.string(),
  endDatetime: z.string(),
});
export type DjPlay = z.infer<typeof djPlaySchema>;

/** "Other Events (n total)" on a signup card: the DJ's other events, the newest few shown. */
export const otherEventsSchema = z.object({
  shown: z.array(djPlaySchema),
  total: z.number(),
  hasMore: z.boolean(),
  /** Their last play that happened before this event starts; null: this may be their debut. */
  playedBefore: djPlaySchema.nullable(),
});
export type OtherEvents = z.infer<typeof otherEventsSchema>;

/** Field limits, shared by the form's maxLength attributes and the server's validation. */
export const DJ_LIMITS = {
  discordIdMinDigits: DISCORD_ID_MIN_DIGITS,
  /** Discord IDs are 64-bit numbers: at most 20 digits. */
  discordIdMaxDigits: 20,
  name: 100,
  url: 2000,
  /** Twitch allows 25 characters. */
  twitchUsername: 25,
} as const;

export const DISCORD_ID_MESSAGE = 'A Discord ID is a user identification number (UID) at least 17 digits long.';

function discordIdProblem(value: string): string | null {
  if (value === '') return 'Discord ID is required.';
  if (!/^\d+$/.test(value) || value.length < DJ_LIMITS.discordIdMinDigits) return DISCORD_ID_MESSAGE;
  if (value.length > DJ_LIMITS.discordIdMaxDigits) return `A Discord ID is at most ${DJ_LIMITS.discordIdMaxDigits} digits long.`;
  return null;
}

const requiredName = (label: string) => oneLine(label, DJ_LIMITS.name, { required: true });

export const djInputSchema = z.object({
  // One message per problem, so the field shows exactly the spec's text for a short or non-numeric ID.
  discordId: z
    .string()
    .trim()
    .superRefine((value, ctx) => {
      const message = discordIdProblem(value);
      if (message) ctx.addIssue({ code: 'custom', message });
    }),
  publicName: requiredName('Public name'),
  djName: requiredName('Dj Name'),
  rtmpUrl: streamLink('Stream URL', DJ_LIMITS.url),
  twitchUsername: z
    .string()
    .trim()
    // People paste "@name" or their channel's link: the name is what is kept.
    .transform((value) => twitchUsernameOf(value) ?? value.replace(/^@/, ''))
    .pipe(
      z
        .string()
        .max(DJ_LIMITS.twitchUsername, `Twitch username must be at most ${DJ_LIMITS.twitchUsername} characters.`)
        .regex(/^\w*$/, 'Twitch username may contain only letters, digits and underscores.'),
    ),
});

/** What the form edits (before trimming). */
export type DjInput = z.input<typeof djInputSchema>;
/** What the server stores: trimmed and checked. */
export type DjValues = z.output<typeof djInputSchema>;

export const EMPTY_DJ_INPUT: DjInput = { discordId: '', publicName: '', djName: '', rtmpUrl: '', twitchUsername: '' };

export const djToInput = (dj: Dj): DjInput => ({
  discordId: dj.discordId ?? '',
  publicName: dj.publicName,
  djName: dj.djName,
  rtmpUrl: dj.rtmpUrl,
  twitchUsername: dj.twitchUsername,
});

const djIdSchema = z.string().min(1).max(200);
export const djIdParamsSchema = z.object({ djId: djIdSchema });

/** GET /api/djs?archived=include also lists archived DJs (the roster's "Show archived"). */
export const ROSTER_ARCHIVED = ['hide', 'include'] as const;
/** Rows of the roster a page holds unless asked (the Dj Roster screen's page), and at most. */
export const ROSTER_PAGE = 50;
export const ROSTER_PAGE_MAX = 100;
export const ROSTER_SEARCH_MAX = 100;
/**
 * A page of the roster: `limit` DJs from `offset` in Dj Name order, only those whose Dj Name,
 * public name or Discord ID contains `search` (ignoring case) when given.
 */
export const rosterQuerySchema = z.object({
  archived: z.enum(ROSTER_ARCHIVED).default('hide'),
  search: oneLine('Search', ROSTER_SEARCH_MAX).default(''),
  limit: z.coerce.number<number>().int().min(1).max(ROSTER_PAGE_MAX).default(ROSTER_PAGE),
  offset: z.coerce.number<number>().int().min(0).max(1_000_000).default(0),
});
export type RosterQuery = z.input<typeof rosterQuerySchema>;
export type RosterPageQuery = z.output<typeof rosterQuerySchema>;

/** Merge the DJ of the path into `intoDjId`: the record kept, which takes over the plays and signups. */
export const mergeDjSchema = z.object({ intoDjId: djIdSchema });

/**
 * A row of the Dj Roster: the DJ (without staff notes) and their play statistics as of now: plays
 * that happened (Total Plays, Most Recent Play), and the next event they are booked for.
 */
export const rosterDjSchema = djSchema.omit({ notes: true }).extend({
  archived: z.boolean(),
  totalPlays: z.number(),
  mostRecentPlay: djPlaySchema.nullable(),
  nextPlay: djPlaySchema.nullable(),
});
export type RosterDj = z.infer<typeof rosterDjSchema>;

/** GET /api/djs: a page of the DJs (the active ones unless asked) ordered by Dj Name (case-insensitive), then id. */
export const rosterResponseSchema = z.object({
  djs: z.array(rosterDjSchema),
  meta: z.object({
    /** DJs in the view (active, or all with archived=include), searched or not. */
    total: z.number(),
    /** Of those, the ones the search matches (all of them without a search): what pages go through. */
    matching: z.number(),
    /** The earliest event anyone played in. */
    earliestEvent: djPlaySchema.nullable(),
  }),
});
export type RosterResponse = z.infer<typeof rosterResponseSchema>;

/** GET /api/djs/:djId (and archive, restore, merge): the DJ, archived or not, and their plays, newest first. */
export const djDetailsResponseSchema = z.object({
  dj: djSchema,
  /** Left out of the roster's default view and the lineup's DJ search; plays and signups kept. */
  archived: z.boolean(),
  plays: z.array(djPlaySchema),
});
export type DjDetailsResponse = z.infer<typeof djDetailsResponseSchema>;
