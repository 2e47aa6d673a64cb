// The public lineup in words (issue 14): times in the zones a reader asks for, each with a short
// label ('BST', 'EDT', 'GMT+9'), for the public pages, the next-event feed of in-world boards and
// stream overlays, the iCal descriptions and the lineup image. Pure; zones through Intl (time.ts,
// one formatter per zone and format), so the public pages' script carries no luxon.
import type { NextEventFeed, PublicEvent, PublicLive, PublicSlot, ZonedTime } from './schemas/public.js';
import { daysBetween, formatLocalTime, formatLongDate, shortZoneName, zoneOffsetMinutes } from './time.js';

/** Each locale's ICU data names a few zones: London in en-GB, America in en-US, Australia in en-AU. */
const LABEL_LOCALES = ['en-US', 'en-GB', 'en-AU'];

/** Labels by zone and offset: a zone's name changes only with its offset (BST and GMT), and working one out takes several formatters. */
const labels = new Map<string, string>();
const MAX_LABELS = 2048;

/**
 * A zone's short name at that instant: an abbreviation people know where the runtime has one
 * ('BST' and 'GMT' for London, 'EDT', 'AEST'), else the offset ('GMT+9').
 */
export function zoneLabel(iso: string, zone: string): string {
  if (zone.toUpperCase() === 'UTC') return 'UTC';
  const key = `${zone}|${zoneOffsetMinutes(iso, zone)}`;
  let label = labels.get(key);
  if (label === undefined) {
    const named = LABEL_LOCALES.map((locale) => shortZoneName(iso, zone, locale)).find((name) => /^[A-Z]{2,5}$/.test(name) && name !== 'GMT');
    label = named ?? shortZoneName(iso, zone, 'en-GB');
    if (labels.size >= MAX_LABELS) labels.clear();
    labels.set(key, label);
  }
  return label;
}

/** '20:00' in the zone. */
export const clockTime = (iso: string, zone: string) => formatLocalTime(iso, zone);

/** 'Sunday 9 June 2024' in the zone (English names, as the announcements write them). */
export const longDate = (iso: string, zone: string) => formatLongDate(iso, zone);

/** A slot's start in a zone, and how many days after the event's first day (in that zone) it falls. */
export function zonedTime(iso: string, zone: string, eventStart: string): ZonedTime {
  return {
    zone,
    label: zoneLabel(iso, zone),
    time: clockTime(iso, zone),
    dayOffset: daysBetween(eventStart, iso, zone),
  };
}

/** '00:30+1 BST': the day mark only when the slot starts on a later (or earlier) day than the event. */
export function printedTime({ time, dayOffset, label }: ZonedTime): string {
  const mark = dayOffset === 0 ? '' : dayOffset > 0 ? `+${dayOffset}` : String(dayOffset);
  return `${time}${mark} ${label}`;
}

/** What every public text says of a cancelled event (pages, feeds, the image, link previews). */
export const CANCELLED_WORDS = 'Cancelled: this event will not take place.';

const actName = (slot: PublicSlot) => (slot.isDebut ? `${slot.name} (debut)` : slot.name);

/** The lineup as lines in one zone: '20:00 BST  DJ One (debut)'. */
export function lineupLines(event: Pick<PublicEvent, 'startDatetime' | 'slots'>, zone: string): string[] {
  return event.slots.map((slot) => `${printedTime(zonedTime(slot.startTime, zone, event.startDatetime))}  ${actName(slot)}`);
}

/** The next-event feed (JSON): the event, and each slot's start in every zone asked for. */
export function nextEventFeed(input: {
  seriesName: string;
  zones: readonly string[];
  event: PublicEvent | null;
  url: string;
  now: string;
  /** Now and next while the event runs (publicNowAndNext); null outside it. */
  live?: PublicLive | null;
}): NextEventFeed {
  const { event, zones, live = null } = input;
  const reference = event?.startDatetime ?? input.now;
  const timed = (slot: PublicSlot) => ({ ...slot, times: zones.map((zone) => zonedTime(slot.startTime, zone, event!.startDatetime)) });
  return {
    seriesName: input.seriesName,
    zones: zones.map((zone) => ({ zone, label: zoneLabel(reference, zone) })),
    event: event && {
      id: event.id,
      name: event.name,
      startDatetime: event.startDatetime,
      endDatetime: event.endDatetime,
      host: event.host,
      cancelled: event.cancelled,
      url: input.url,
      dates: zones.map((zone) => ({ zone, date: longDate(event.startDatetime, zone) })),
      slots: event.slots.map(timed),
      nowPlaying: live?.nowPlaying ? timed(live.nowPlaying) : null,
      upNext: live?.upNext ? timed(live.upNext) : null,
    },
  };
}

/**
 * The same as plain text, for in-world boards and overlays: name, date, host, one line per slot
 * with its time in every zone, and the page's address.
 */
export function nextEventText(feed: NextEventFeed): string {
  const { event } = feed;
  if (!event) return `${feed.seriesName}: no upcoming event has been announced yet.\n`;
  const dates = [...new Set(event.dates.map((d) => d.date))];
  const dateLine =
    dates.length === 1
      ? dates[0]
      : event.dates.map((d) => `${d.date} (${feed.zones.find((z) => z.zone === d.zone)?.label ?? d.zone})`).join(' / ');
  const lines = event.slots.map((slot) => `${slot.times.map(printedTime).join(' / ')}  ${actName(slot)}`);
  return [
    event.name,
    ...(event.cancelled ? [CANCELLED_WORDS] : []),
    dateLine,
    `Host: ${event.host.trim() || 'TBA'}`,
    '',
    ...(event.cancelled ? [] : [...(lines.length > 0 ? lines : ['Lineup TBA']), '']),
    event.url,
    '',
  ].join('\n');
}

