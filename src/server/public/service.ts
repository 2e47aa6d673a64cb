import type { Kysely } from 'kysely';
import { CANCELLED_WORDS, clockTime, lineupLines, longDate, nextEventFeed, zoneLabel } from '@shared/public-lineup.js';
import { feeds, paths } from '@shared/paths.js';
import { nowAndNext, publicNowAndNext } from '@shared/live.js';
import type { NextEventFeed, PublicEvent, PublicLineup, PublicLineupList, PublicLive, PublicPageMeta, PublicSlot } from '@shared/schemas/public.js';
import type { Settings } from '@shared/schemas/settings.js';
import type { Database } from '../db/schema.js';
import { notFound } from '../http/errors.js';
import { readSettings } from '../settings/service.js';
import { djCalendar, seriesCalendar } from './ical.js';
import type { LineupImageInput } from './image.js';
import * as repository from './repository.js';

// The public pages and feeds (issue 14): only what publiclyVisible (repository.ts) lets through,
// shaped into the public schemas of shared/schemas/public.ts.

type Db = Kysely<Database>;

const DAY_MS = 86_400_000;
/** How far back the calendars reach: last month's events stay in people's calendars. */
const FEED_HISTORY_MS = 31 * DAY_MS;
const MAX_LISTED = 50;
const MAX_IN_FEED = 200;

export const LINEUP_NOT_FOUND = 'This lineup is not public, or there is no such event.';

const publicSlot = ({ noShow: _marked, ...slot }: repository.MarkedPublicSlot): PublicSlot => slot;

/** A cancelled event shows no lineup and no watch links: nobody plays, there is nothing to watch. */
const toPublic = (row: repository.PublicEventRow, slots: Map<string, repository.MarkedPublicSlot[]>): PublicEvent => ({
  id: row.id,
  name: row.name,
  startDatetime: row.startDatetime,
  endDatetime: row.endDatetime,
  host: row.host,
  cancelled: row.cancelled,
  links: row.cancelled ? [] : row.links,
  slots: row.cancelled ? [] : (slots.get(row.id) ?? []).map(publicSlot),
});

/**
 * Now playing and up next at `now` (issue 35), and until when that holds: the next slot boundary
 * while the event runs, its start before it, never after its end. A no-show plays nothing.
 */
function liveOf(row: repository.PublicEventRow, slots: Map<string, repository.MarkedPublicSlot[]>, now: number): { live: PublicLive | null; until: number } {
  const marked = (slots.get(row.id) ?? []).map((slot) => ({ ...slot, mark: slot.noShow ? ('no_show' as const) : null }));
  const { phase, until } = nowAndNext(row, marked, now);
  const live = row.cancelled ? null : publicNowAndNext(row, marked, now);
  const plain = (slot: (typeof marked)[number] | null) => (slot ? publicSlot(slot) : null);
  return { live: live && { nowPlaying: plain(live.nowPlaying), upNext: plain(live.upNext) }, until: phase === 'after' ? Infinity : until };
}

const series = (settings: Settings) => ({ seriesName: settings.seriesName, seriesZone: settings.defaultZone });

/** Upcoming published events (an event in progress included), soonest first. */
export async function listPublicLineups({ db, now = Date.now() }: { db: Db; now?: number }): Promise<PublicLineupList> {
  const [rows, settings] = await Promise.all([repository.listPublicEvents(db, now, MAX_LISTED), readSettings(db)]);
  return upcoming(db, rows, settings);
}

async function upcoming(db: Db, rows: repository.PublicEventRow[], settings: Settings): Promise<PublicLineupList> {
  const slots = await repository.findPublicSlots(db, rows.map((row) => row.id));
  return {
    ...series(settings),
    events: rows.map((row) => {
      const { links: _links, slots: lineup, ...event } = toPublic(row, slots);
      return { ...event, djs: lineup.map((slot) => slot.name) };
    }),
  };
}

/** A published event with its lineup and the version an image of it depends on; 404 otherwise. */
async function findLineup(db: Db, eventId: string) {
  const row = await repository.findPublicEvent(db, eventId);
  if (!row) throw notFound(LINEUP_NOT_FOUND);
  const slots = await repository.findPublicSlots(db, [row.id]);
  return { event: toPublic(row, slots), row, slots };
}

export async function getPublicLineup({ db, eventId, now }: { db: Db; eventId: string; now: number }): Promise<PublicLineup> {
  const [{ event, row, slots }, settings] = await Promise.all([findLineup(db, eventId), readSettings(db)]);
  return { ...series(settings), event, live: liveOf(row, slots, now).live };
}

/**
 * A feed's text, and until when it holds as time passes (its first event leaves it then): kept
 * until then or until anything is written (decision 036).
 */
export interface TimedFeed<T = string> {
  feed: T;
  until: number;
  /** It says what plays now: its event is running (issue 35). */
  live?: boolean;
}

/** The earliest of these instants, plus `after`; never while there is none. */
const firstOf = (isoTimes: readonly string[], after = 0) => Math.min(...isoTimes.map((iso) => Date.parse(iso) + after));

/** The series' iCalendar: published events from the last month on. */
export async function seriesFeed({ db, appName, origin, now = Date.now() }: { db: Db; appName: string; origin: string; now?: number }): Promise<TimedFeed> {
  const [rows, settings] = await Promise.all([repository.listPublicEvents(db, now - FEED_HISTORY_MS, MAX_IN_FEED), readSettings(db)]);
  const slots = await repository.findPublicSlots(db, rows.map((row) => row.id));
  const feed = seriesCalendar({
    appName,
    seriesName: settings.seriesName,
    zone: settings.defaultZone,
    events: rows.map((row) => ({ ...toPublic(row, slots), updatedAt: row.updatedAt, url: `${origin}${paths.publicLineup(row.id)}` })),
  });
  return { feed, until: firstOf(rows.map((row) => row.endDatetime), FEED_HISTORY_MS) };
}

/** One DJ's own slots in published events, from the last month on (held until its first slot's end is a month old, sooner than its event's). */
export async function djFeed({ db, djId, appName, origin, now = Date.now() }: { db: Db; djId: string; appName: string; origin: string; now?: number }): Promise<TimedFeed> {
  const [slots, settings] = await Promise.all([repository.findDjPublicSlots(db, djId, now - FEED_HISTORY_MS), readSettings(db)]);
  const feed = djCalendar({
    appName,
    seriesName: settings.seriesName,
    slots: slots.map((slot) => ({ ...slot, url: `${origin}${paths.publicLineup(slot.eventId)}` })),
  });
  return { feed, until: firstOf(slots.map((slot) => slot.endTime), FEED_HISTORY_MS) };
}

/** How long the next-event feed holds while no event is coming: its zones' names follow the clock (summer time). */
const NO_EVENT_HOLD_MS = 3_600_000;

/**
 * The current or next published event, timed in each zone (the series' zone when none is asked
 * for); it holds until that event ends, when the next one becomes the next.
 */
export async function nextEvent({ db, zones, origin, now = Date.now() }: { db: Db; zones: readonly string[] | undefined; origin: string; now?: number }): Promise<TimedFeed<NextEventFeed>> {
  const [[row], settings] = await Promise.all([repository.listPublicEvents(db, now, 1), readSettings(db)]);
  const slots = row ? await repository.findPublicSlots(db, [row.id]) : new Map<string, repository.MarkedPublicSlot[]>();
  const live = row ? liveOf(row, slots, now) : null;
  const feed = nextEventFeed({
    seriesName: settings.seriesName,
    zones: zones?.length ? zones : [settings.defaultZone],
    event: row ? toPublic(row, slots) : null,
    url: row ? `${origin}${paths.publicLineup(row.id)}` : '',
    now: new Date(now).toISOString(),
    live: live?.live ?? null,
  });
  // Until the event ends, or sooner: its start, or the next slot boundary while it runs.
  return { feed, until: row ? Math.min(Date.parse(row.endDatetime), live!.until) : now + NO_EVENT_HOLD_MS, live: Boolean(live?.live) };
}

export interface ColourOverrides {
  bg?: string;
  fg?: string;
  accent?: string;
}

/** What the lineup image of a published event is drawn from: settings' colours unless a preview overrides them. */
export async function lineupImageInput({ db, eventId, zones, overrides }: { db: Db; eventId: string; zones: readonly string[] | undefined; overrides: ColourOverrides }): Promise<LineupImageInput> {
  const [{ event }, settings] = await Promise.all([findLineup(db, eventId), readSettings(db)]);
  return {
    seriesName: settings.seriesName,
    event: { name: event.name, startDatetime: event.startDatetime, host: event.host, cancelled: event.cancelled, slots: event.slots },
    zones: zones?.length ? zones : [settings.defaultZone],
    colours: {
      background: overrides.bg ?? settings.imageBackground,
      text: overrides.fg ?? settings.imageText,
      accent: overrides.accent ?? settings.imageAccent,
    },
  };
}

/** What a public page is drawn from besides its own data: the accent it is written in (decision 026). */
interface PageLook {
  accent: string;
}

/** A published event's page as it is rendered: its lineup and what its link-preview tags need. */
export interface LineupPageData extends PageLook {
  lineup: PublicLineup;
  /** The event's version, in the preview image's address so that chat services fetch a changed lineup anew. */
  version: number;
  /** Until when its now and next hold (the clock's part: decision 036); Infinity once the event is over. */
  until: number;
}

/** A published event's page data at `now`; undefined for an unknown or unpublished event. */
export async function lineupPageData({ db, eventId, now }: { db: Db; eventId: string; now: number }): Promise<LineupPageData | undefined> {
  const row = await repository.findPublicEvent(db, eventId);
  if (!row) return undefined;
  const [slots, settings] = await Promise.all([repository.findPublicSlots(db, [row.id]), readSettings(db)]);
  const { live, until } = liveOf(row, slots, now);
  return { lineup: { ...series(settings), event: toPublic(row, slots), live }, version: row.version, accent: settings.imageAccent, until };
}

/** What link previews show of a published event: name, date and lineup in the series' zone, the lineup image. */
export function lineupPageMeta({ lineup, version, accent }: LineupPageData, origin: string): PublicPageMeta {
  const { event, seriesZone: zone, seriesName } = lineup;
  const when = `${longDate(event.startDatetime, zone)}, ${clockTime(event.startDatetime, zone)} ${zoneLabel(event.startDatetime, zone)}`;
  const lines = lineupLines(event, zone).join(' · ');
  const about = event.cancelled ? CANCELLED_WORDS : lines ? `Lineup: ${lines}` : 'Lineup TBA';
  return {
    title: event.cancelled ? `Cancelled: ${event.name}` : event.name,
    description: [when, event.host.trim() ? `Host: ${event.host}` : '', about].filter(Boolean).join(' — '),
    imageUrl: `${origin}${feeds.lineupImage(event.id, 'png', { v: String(version) })}`,
    imageAlt: `Lineup of ${event.name}`,
    canonicalUrl: `${origin}${paths.publicLineup(event.id)}`,
    siteName: seriesName,
    themeColour: accent,
  };
}

/** The index's data, and until when it holds: the first listed event to end leaves it then. */
export interface LineupsPageData extends PageLook {
  list: PublicLineupList;
  until: number;
}

export async function lineupsPageData({ db, now = Date.now() }: { db: Db; now?: number }): Promise<LineupsPageData> {
  const [rows, settings] = await Promise.all([repository.listPublicEvents(db, now, MAX_LISTED), readSettings(db)]);
  return { list: await upcoming(db, rows, settings), accent: settings.imageAccent, until: firstOf(rows.map((row) => row.endDatetime)) };
}

/** What link previews show of the index of upcoming published events. */
export function lineupsPageMeta({ list }: LineupsPageData, origin: string): PublicPageMeta {
  const next = list.events[0];
  return {
    title: `Upcoming events · ${list.seriesName}`,
    description: next
      ? `${list.seriesName}: the lineups of upcoming events, next ${next.name} on ${longDate(next.startDatetime, list.seriesZone)}.`
      : `${list.seriesName}: the lineups of upcoming events.`,
    canonicalUrl: `${origin}${paths.publicLineups()}`,
    siteName: list.seriesName,
  };
}

/** What the page of an unknown or unpublished event needs: the series' zone and name, the accent. */
export async function notFoundPageData(db: Db): Promise<ReturnType<typeof series> & PageLook> {
  const settings = await readSettings(db);
  return { ...series(settings), accent: settings.imageAccent };
}
