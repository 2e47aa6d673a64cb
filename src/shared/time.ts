// Time helpers shared by server and client. Instants travel as ISO-8601 UTC strings
// (`2024-06-09T19:00:00.000Z`, the `Date#toISOString` form); zones are only applied for display
// and input, always through the tz database, never by hand. Display goes through Intl, so the
// pages every visitor loads do not carry luxon; wall-clock time to instants is in wall-clock.ts.
import { AVAILABILITY_OPTION_COUNT } from './domain.js';

export const ANY_TIME = 'any';
export const ANY_TIME_LABEL = 'Any Time';

/** Whether the runtime knows this IANA time zone. */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** A known zone's one spelling ('europe/london' → 'Europe/London', 'US/Pacific' → 'America/Los_Angeles'), as the runtime's time-zone data has it. */
export function canonicalZone(zone: string): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone: zone }).resolvedOptions().timeZone;
}

/** The one canonical serialisation of an instant. */
export function toIsoUtc(ms: number): string {
  return new Date(ms).toISOString();
}

/** An ISO instant ('…Z', '…+01:00'; read as UTC without an offset) as epoch ms, or null. */
function instantMs(iso: string): number | null {
  const text = iso.trim();
  const match = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})?$/i.exec(text);
  if (!match) return null;
  const ms = Date.parse(match[1] ? text : `${text}Z`);
  return Number.isNaN(ms) ? null : ms;
}

// Building an Intl formatter costs far more than using one: one per zone, locale and format.
const formatters = new Map<string, Intl.DateTimeFormat>();

/** A formatter for the zone, or null when it is not a time zone. */
function formatter(zone: string, locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat | null {
  const key = `${zone}|${locale}|${JSON.stringify(options)}`;
  let found = formatters.get(key);
  if (!found) {
    try {
      found = new Intl.DateTimeFormat(locale, { ...options, timeZone: zone });
    } catch {
      return null; // RangeError: not a time zone
    }
    formatters.set(key, found);
  }
  return found;
}

/** The fields of an ISO instant as shown in the zone (by Intl part type); null if either is bad. */
function wallClock(iso: string, zone: string, options: Intl.DateTimeFormatOptions) {
  const ms = instantMs(iso);
  const format = ms === null ? null : formatter(zone, 'en-US', options);
  if (ms === null || !format) return null;
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const part of format.formatToParts(ms)) parts[part.type] = part.value;
  return parts;
}

const TIME_24H: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };
const DAY_AND_TIME: Intl.DateTimeFormatOptions = { weekday: 'short', ...TIME_24H };

export interface AvailabilityOption {
  /** 'any' or an ISO instant. */
  value: string;
  label: string;
}

/**
 * 'Any Time' plus hourly instants from the event start to start + 6 h (spec §5), labelled in
 * `zone` (the browser's zone on the client; the system's zone when omitted).
 */
export function availabilityOptions(eventStart: string, zone?: string): AvailabilityOption[] {
  const start = instantMs(eventStart);
  if (start === null) throw new Error('Invalid date format');
  const labelZone = zone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  const values = [ANY_TIME];
  for (let hour = 0; hour < AVAILABILITY_OPTION_COUNT; hour++) values.push(toIsoUtc(start + hour * 3_600_000));
  return values.map((value) => ({ value, label: formatAvailability(value, labelZone) }));
}

/**
 * 'Any Time' for 'any', else the local time: 'HH:mm', or the locale's own short time format
 * when a locale is given (e.g. '8:00 PM' for en-US). Unparsable values are shown as they are.
 */
export function formatAvailability(value: string, zone: string, locale?: string): string {
  if (value === ANY_TIME) return ANY_TIME_LABEL;
  if (!locale) return formatLocalTime(value, zone) || value;
  const ms = instantMs(value);
  const format = formatter(zone, locale, { hour: 'numeric', minute: 'numeric' });
  return ms === null || !format ? value : format.format(ms);
}

/**
 * Compact date and time for headers and breadcrumbs: 'Sun 9 Jun 2024, 20:00'. English names
 * are pinned to en-US because en-GB's ICU data abbreviates September as 'Sept'.
 * Returns '' for an unparsable value.
 */
export function formatEventDate(iso: string, zone: string): string {
  const p = wallClock(iso, zone, { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', ...TIME_24H });
  return p ? `${p.weekday} ${p.day} ${p.month} ${p.year}, ${p.hour}:${p.minute}` : '';
}

/** Day and time without the year, for a line of history: 'Sun 7 Dec 20:00'; '' if unparsable. */
export function formatDayTime(iso: string, zone: string): string {
  const p = wallClock(iso, zone, { weekday: 'short', day: 'numeric', month: 'short', ...TIME_24H });
  return p ? `${p.weekday} ${p.day} ${p.month} ${p.hour}:${p.minute}` : '';
}

/** The day without the year: 'Mon 7 Dec'. */
function shortDay(iso: string, zone: string): string {
  const p = wallClock(iso, zone, { weekday: 'short', day: 'numeric', month: 'short' });
  return p ? `${p.weekday} ${p.day} ${p.month}` : '';
}

/** The day of an instant in the zone, as formatEventDate writes it: 'Sun 9 Jun 2024'; '' if unparsable. */
export function formatEventDay(iso: string, zone: string): string {
  const p = wallClock(iso, zone, { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' });
  return p ? `${p.weekday} ${p.day} ${p.month} ${p.year}` : '';
}

/** The calendar day of an instant in the zone, 'yyyy-MM-dd'; '' for an unparsable value. */
export function calendarDay(iso: string, zone: string): string {
  const p = wallClock(iso, zone, { year: 'numeric', month: '2-digit', day: '2-digit' });
  return p ? `${p.year}-${p.month}-${p.day}` : '';
}

/** 'HH:mm' in the zone; '' for an unparsable value. */
export function formatLocalTime(iso: string, zone: string): string {
  const p = wallClock(iso, zone, TIME_24H);
  return p ? `${p.hour}:${p.minute}` : '';
}

/** The day in full, in the zone: 'Sunday 9 June 2024' (English names, as announcements write them); '' if unparsable. */
export function formatLongDate(iso: string, zone: string): string {
  const p = wallClock(iso, zone, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
  return p ? `${p.weekday} ${p.day} ${p.month} ${p.year}` : '';
}

/** Calendar days from `from`'s day to `to`'s in the zone (1: the next day); 0 if either is unparsable. */
export function daysBetween(from: string, to: string, zone: string): number {
  const day = (iso: string) => Date.parse(`${calendarDay(iso, zone)}T00:00:00Z`);
  const days = (day(to) - day(from)) / 86_400_000;
  return Number.isNaN(days) ? 0 : days;
}

const OFFSET_FIELDS: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'numeric', day: 'numeric', ...TIME_24H, second: '2-digit' };

/** The zone's offset from UTC at that instant in minutes (60 for London in summer); null if either is bad. */
export function zoneOffsetMinutes(iso: string, zone: string): number | null {
  const ms = instantMs(iso);
  const p = wallClock(iso, zone, OFFSET_FIELDS);
  if (ms === null || !p) return null;
  const wall = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), Number(p.second));
  return Math.round((wall - Math.floor(ms / 1000) * 1000) / 60_000);
}

/** The runtime's short name of the zone at that instant in one locale ('BST' in en-GB, 'GMT+1' in en-US); '' if either is bad. */
export function shortZoneName(iso: string, zone: string, locale: string): string {
  const ms = instantMs(iso);
  const format = ms === null ? null : formatter(zone, locale, { timeZoneName: 'short' });
  return ms === null || !format ? '' : (format.formatToParts(ms).find((part) => part.type === 'timeZoneName')?.value ?? '');
}

/**
 * The zone the specification names (§9): the series' default zone, and the clock the social post
 * always states. Every other place reads it from here or from the settings.
 */
export const SPEC_ZONE = 'Europe/London';

/** The zone's place as people say it: 'Europe/London' → 'London', 'America/New_York' → 'New York'. */
export const zonePlace = (zone: string): string => (zone.split('/').pop() ?? zone).replace(/_/g, ' ');

/**
 * The zone as people name it after a time (issue 25, every time says its zone): 'London time',
 * 'Sydney time'; UTC and the fixed 'Etc/' offsets by their own name ('UTC', 'GMT-10').
 */
export function zoneName(zone: string): string {
  const place = zonePlace(zone);
  if (/^(UTC|UCT|GMT|Zulu|Universal)$/i.test(place)) return 'UTC';
  return zone.startsWith('Etc/') ? place : `${place} time`;
}

/** A date and time with its zone, the date being that zone's: 'Mon 7 Dec 2026, 07:00 Sydney time'; '' if unparsable. */
export function formatZonedDate(iso: string, zone: string): string {
  const date = formatEventDate(iso, zone);
  return date && `${date} ${zoneName(zone)}`;
}

/**
 * A DJ's slot as the hosts plan it and as the DJ lives it: 'Sun 20:00–21:00 London time, Mon
 * 07:00 Sydney time' ('' for unparsable times). The viewer's time is left out when their clock
 * says the same.
 */
export function formatSlotForDj(slot: { startTime: string; endTime: string }, seriesZone: string, viewerZone: string): string {
  const start = wallClock(slot.startTime, seriesZone, DAY_AND_TIME);
  const end = wallClock(slot.endTime, seriesZone, TIME_24H);
  if (!start || !end) return '';
  const planned = `${start.weekday} ${start.hour}:${start.minute}–${end.hour}:${end.minute} ${zoneName(seriesZone)}`;
  const mine = wallClock(slot.startTime, viewerZone, DAY_AND_TIME);
  if (!mine || (mine.weekday === start.weekday && mine.hour === start.hour && mine.minute === start.minute)) return planned;
  return `${planned}, ${mine.weekday === start.weekday ? '' : `${mine.weekday} `}${mine.hour}:${mine.minute} ${zoneName(viewerZone)}`;
}

/** Value for `<input type="datetime-local">`: 'yyyy-MM-ddTHH:mm' in the zone; '' if unparsable. */
export function toDateTimeLocalValue(iso: string, zone: string): string {
  const p = wallClock(iso, zone, { year: 'numeric', month: '2-digit', day: '2-digit', ...TIME_24H });
  return p ? `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}` : '';
}

/**
 * The zone's short name at that instant, as people read it: 'BST', 'GMT', 'EDT', 'CEST'. US
 * English names American zones, British English the European ones; a zone neither names
 * gets its offset ('GMT+9'). '' for an unparsable value.
 */
export function zoneAbbreviation(iso: string, zone: string): string {
  const names = ['en-US', 'en-GB'].map((locale) => shortZoneName(iso, zone, locale));
  return names.find((name) => name !== '' && !/^(GMT|UTC)[+-]/.test(name)) ?? names[0]!;
}

/**
 * An instant as the series and the viewer read it: '20:00 London time, 15:00 New York time', or
 * only '20:00 London time' when both clocks show the same (formatSlotForDj does it for a slot).
 * The viewer's part names its own day when that is not the series' ('Mon 7 Dec 07:00 Sydney
 * time'), so a date in the series' zone beside it never disagrees. '' for an unparsable value.
 */
export function timeBothWays(iso: string, seriesZone: string, viewerZone: string): string {
  const series = formatLocalTime(iso, seriesZone);
  if (!series) return '';
  const own = formatLocalTime(iso, viewerZone);
  const planned = `${series} ${zoneName(seriesZone)}`;
  if (own === series) return planned;
  const day = calendarDay(iso, viewerZone) === calendarDay(iso, seriesZone) ? '' : `${shortDay(iso, viewerZone)} `;
  return `${planned}, ${day}${own} ${zoneName(viewerZone)}`;
}

/** The zones a staff page writes times in: the viewer's (the spec's "Local Times") and the series'. */
export interface StaffZones {
  viewer: string;
  series: string;
}

/** How much of an instant a staff page shows. */
export type StaffTimeStyle = 'dateTime' | 'dayTime' | 'time' | 'day';

/** A time or a span of time (a slot, an event from its start to its end). */
export type StaffWhen = string | { start: string; end: string };

const clockOf = (when: StaffWhen, zone: string) =>
  typeof when === 'string' ? formatLocalTime(when, zone) : `${formatLocalTime(when.start, zone)}–${formatLocalTime(when.end, zone)}`;
const startOf = (when: StaffWhen) => (typeof when === 'string' ? when : when.start);

/**
 * The clock of an instant (or span) for the viewer, and for the series when its clock shows
 * something else ('21:00', '20:00'), for lists whose heading names the zones (staffZoneNames).
 */
export function staffClocks(when: StaffWhen, zones: StaffZones): { viewer: string; series: string | null } {
  const viewer = clockOf(when, zones.viewer);
  const series = clockOf(when, zones.series);
  return { viewer, series: series === viewer ? null : series };
}

/**
 * The legend of a list of clocks (staffClocks), which shows the series' clock under the viewer's:
 * 'Paris time · London time below', or 'London time' when the two agree.
 */
export function staffZoneNames(zones: StaffZones, at: string): string {
  const differ = formatLocalTime(at, zones.viewer) !== formatLocalTime(at, zones.series);
  return differ ? `${zoneName(zones.viewer)} · ${zoneName(zones.series)} below` : zoneName(zones.viewer);
}

/**
 * Text about times (`write` for a zone, without naming it) as staff pages show it: written for the
 * viewer's zone and named, with the series' beside it in brackets where it reads differently
 * ('16:00 → 17:00 New York time (21:00 → 22:00 London time)'). '' when `write` gives nothing.
 */
export function inStaffZones(zones: StaffZones, write: (zone: string) => string): string {
  const own = write(zones.viewer);
  if (!own) return '';
  const theirs = write(zones.series);
  return theirs === own ? `${own} ${zoneName(zones.viewer)}` : `${own} ${zoneName(zones.viewer)} (${theirs} ${zoneName(zones.series)})`;
}

/**
 * The one rule for times on staff pages (decision 042): in the viewer's zone, named, with the
 * series' zone beside it in brackets where its clock (or day) shows something else.
 *   dateTime 'Sun 16 Jun 2030, 21:00 Paris time (20:00 London time)'
 *   dayTime  'Sun 16 Jun 21:00 Paris time (20:00 London time)'
 *   time     '21:00 Paris time (20:00 London time)'
 *   day      'Mon 17 Jun 2030 (Sun 16 Jun in London)'
 * The bracket repeats the series' day only when it is not the viewer's ('(Sun 16 Jun 20:00 London
 * time)'). A span ({ start, end }) reads '21:00–23:00 Paris time (20:00–22:00 London time)'.
 * '' for an unparsable time.
 */
export function staffTime(when: StaffWhen, zones: StaffZones, style: StaffTimeStyle = 'dateTime'): string {
  const start = startOf(when);
  const { viewer, series } = zones;
  const sameDay = calendarDay(start, viewer) === calendarDay(start, series);
  if (style === 'day') {
    const day = formatEventDay(start, viewer);
    return !day || sameDay ? day : `${day} (${shortDay(start, series)} in ${zonePlace(series)})`;
  }
  const clock = clockOf(when, viewer);
  if (!clock || clock.startsWith('–') || clock.endsWith('–')) return '';
  const date = style === 'dateTime' ? `${formatEventDay(start, viewer)}, ` : style === 'dayTime' ? `${shortDay(start, viewer)} ` : '';
  const own = `${date}${clock} ${zoneName(viewer)}`;
  const theirs = clockOf(when, series);
  if (theirs === clock && sameDay) return own;
  const theirDay = sameDay ? '' : `${style === 'time' ? (wallClock(start, series, { weekday: 'short' })?.weekday ?? '') : shortDay(start, series)} `;
  return `${own} (${theirDay}${theirs} ${zoneName(series)})`;
}
