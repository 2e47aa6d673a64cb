import { z } from 'zod';
import { canonicalZone, isTimeZone } from '../time.js';
import { idSchema } from './lineup.js';

// What the series shows the world (issue 14): published events' names, times, hosts, lineups
// (act names, times, debut marks) and public watch links. Nothing a DJ told staff (answers,
// stream links, notes), no Discord ids and no staff text ever appears in these shapes.

/** A slot as the public sees it. */
export const publicSlotSchema = z.object({
  name: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  isDebut: z.boolean(),
});
export type PublicSlot = z.infer<typeof publicSlotSchema>;

const publicEventFields = {
  id: z.string(),
  name: z.string(),
  startDatetime: z.string(),
  endDatetime: z.string(),
  host: z.string(),
  /** Staff cancelled it after publishing: it will not take place (no lineup, no watch links). */
  cancelled: z.boolean(),
};

/** A row of the public index of upcoming events. */
export const publicEventSummarySchema = z.object({ ...publicEventFields, djs: z.array(z.string()) });
export type PublicEventSummary = z.infer<typeof publicEventSummarySchema>;

export const publicEventSchema = z.object({
  ...publicEventFields,
  links: z.array(z.object({ label: z.string(), url: z.string() })),
  slots: z.array(publicSlotSchema),
});
export type PublicEvent = z.infer<typeof publicEventSchema>;

/** The series as the public pages name it: its name and its zone (Global Settings). */
const seriesFields = { seriesName: z.string(), seriesZone: z.string() };

export const publicLineupListSchema = z.object({ ...seriesFields, events: z.array(publicEventSummarySchema) });
export type PublicLineupList = z.infer<typeof publicLineupListSchema>;

/** While the event runs (issue 35): the slot playing now (none in a gap or for a no-show) and the one up next. */
export const publicLiveSchema = z.object({ nowPlaying: publicSlotSchema.nullable(), upNext: publicSlotSchema.nullable() });
export type PublicLive = z.infer<typeof publicLiveSchema>;

/** `live`: null outside the event (before its start, after its end) and for a cancelled one. */
export const publicLineupSchema = z.object({ ...seriesFields, event: publicEventSchema, live: publicLiveSchema.nullable() });
export type PublicLineup = z.infer<typeof publicLineupSchema>;

/** What a public page tells link previews and search engines (Open Graph, description, canonical). */
export interface PublicPageMeta {
  title: string;
  description: string;
  /** Absolute; built from PUBLIC_URL when it is set. */
  canonicalUrl: string;
  siteName: string;
  /** Absolute address of the preview image, if the page has one. */
  imageUrl?: string;
  imageAlt?: string;
  themeColour?: string;
}

export const publicEventParamsSchema = z.object({ eventId: idSchema('Event id') });

// ---- Feeds -----------------------------------------------------------------------------------

export const MAX_FEED_ZONES = 5;

/**
 * `?tz=Europe/London,Australia/Sydney`: IANA zones, comma-separated, at most a few; empty or
 * absent means the series zone (the caller's fallback). Each comes out in its one spelling, once,
 * so spellings of the same request get the same answer (and the same cached image).
 */
export const zoneListSchema = z
  .string()
  .max(400, 'Too many time zones.')
  .transform((text) => [...new Set(text.split(',').map((zone) => zone.trim()).filter(Boolean))])
  .refine((zones) => zones.length <= MAX_FEED_ZONES, `Ask for at most ${MAX_FEED_ZONES} time zones.`)
  .superRefine((zones, ctx) => {
    const unknown = zones.filter((zone) => !isTimeZone(zone));
    if (unknown.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `Unknown time zone: ${unknown.join(', ')}. Use IANA names like Europe/London, separated by commas.`,
      });
    }
  })
  .transform((zones) => [...new Set(zones.map(canonicalZone))]);

export const feedQuerySchema = z.object({ tz: zoneListSchema.optional() });

const hexColour = z
  .string()
  .regex(/^#?[0-9a-f]{6}$/i, 'Colours must be six hex digits, like 1a2b3c.')
  .transform((value) => `#${value.replace('#', '').toLowerCase()}`);

/** The lineup image's zones and colours (a preview asks for others than Global Settings'). */
export const imageQuerySchema = z.object({
  tz: zoneListSchema.optional(),
  bg: hexColour.optional(),
  fg: hexColour.optional(),
  accent: hexColour.optional(),
  /** The event's version in link previews' image addresses, so a changed lineup is fetched anew. */
  v: z.string().max(20).optional(),
});

/** A time of a slot in one zone: '20:00', its zone's short label, and days after the event's first day there. */
export const zonedTimeSchema = z.object({ zone: z.string(), label: z.string(), time: z.string(), dayOffset: z.number() });
export type ZonedTime = z.infer<typeof zonedTimeSchema>;

const feedSlotSchema = publicSlotSchema.extend({ times: z.array(zonedTimeSchema) });

/** GET /feeds/next.json: the current or next published event, its lineup timed in each zone asked for. */
export const nextEventFeedSchema = z.object({
  seriesName: z.string(),
  zones: z.array(z.object({ zone: z.string(), label: z.string() })),
  event: z
    .object({
      ...publicEventFields,
      /** The event's public page. */
      url: z.string(),
      /** The first day, as each zone's calendar has it: 'Sunday 9 June 2024'. */
      dates: z.array(z.object({ zone: z.string(), date: z.string() })),
      slots: z.array(feedSlotSchema),
      /** While the event runs (issue 35): the slot playing now (null in a gap or for a no-show) and the one up next; null outside it. */
      nowPlaying: feedSlotSchema.nullable(),
      upNext: feedSlotSchema.nullable(),
    })
    .nullable(),
});
export type NextEventFeed = z.infer<typeof nextEventFeedSchema>;

/** A DJ's private calendar link (the signup summary page's card). */
export const calendarLinkSchema = z.object({ url: z.string(), createdAt: z.string() });
export type CalendarLink = z.infer<typeof calendarLinkSchema>;
