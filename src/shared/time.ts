// Time helpers shared by server and client. Instants travel as ISO-8601 UTC strings
// (`2024-06-09T19:00:00.000Z`, the `Date#toISOString` form); zones are only applied for display
// and input, always through luxon so DST is handled by the tz database, never by hand.
import { DateTime } from 'luxon';
import { AVAILABILITY_OPTION_COUNT } from './domain.js';

/** When events happen by default: weekday 1=Mon..7=Sun (luxon), wall-clock time, IANA zone. */
export interface WeeklySchedule {
  weekday: number;
  time: string;
  zone: string;
}

/** Spec §9: Sunday 20:00 Europe/London. */
export const DEFAULT_EVENT_SCHEDULE: WeeklySchedule = {
  weekday: 7,
  time: '20:00',
  zone: 'Europe/London',
};

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

/** The one canonical serialisation of an instant. */
export function toIsoUtc(ms: number): string {
  return new Date(ms).toISOString();
}

/** Parses a stored/submitted instant (ISO string, epoch ms or Date); spec §8 names the error. */
export function parseDateOrThrow(value: unknown): string {
  let parsed: DateTime | null = null;
  if (value instanceof Date) parsed = DateTime.fromJSDate(value);
  else if (typeof value === 'number') parsed = DateTime.fromMillis(value);
  // A string without an offset is read as UTC so the result never depends on the machine's zone.
  else if (typeof value === 'string') parsed = DateTime.fromISO(value.trim(), { zone: 'utc' });
  if (!parsed || !parsed.isValid) throw new Error('Invalid date format');
  return toIsoUtc(parsed.toMillis());
}

/** Parses an ISO instant, or null when it is not one. */
function instant(iso: string, zone: string): DateTime | null {
  const dt = DateTime.fromISO(iso, { zone });
  return dt.isValid ? dt : null;
}

function parseTimeOfDay(time: string): { hour: number; minute: number } {
  const match = /^(\d{1,2}):(\d{2})$/.exec(time.trim());
  const hour = Number(match?.[1]);
  const minute = Number(match?.[2]);
  if (!match || hour > 23 || minute > 59) throw new Error(`Invalid time of day: ${time}`);
  return { hour, minute };
}

/**
 * The next weekday+time in the zone strictly after `now` (today counts if the time is still
 * ahead). Named after the default (Sunday), but the schedule is a global setting.
 */
export function comingSundayAt(now: Date, settings: WeeklySchedule = DEFAULT_EVENT_SCHEDULE): string {
  const { hour, minute } = parseTimeOfDay(settings.time);
  if (!Number.isInteger(settings.weekday) || settings.weekday < 1 || settings.weekday > 7) {
    throw new Error(`Invalid weekday: ${settings.weekday}`);
  }
  const today = DateTime.fromJSDate(now, { zone: settings.zone });
  if (!today.isValid) throw new Error(`Invalid time zone: ${settings.zone}`);

  // Build the candidate from a calendar date plus wall-clock time, so adding a week across a
  // DST change keeps 20:00 local rather than shifting by an hour.
  const at = (daysAhead: number) => {
    const day = today.startOf('day').plus({ days: daysAhead });
    return DateTime.fromObject(
      { year: day.year, month: day.month, day: day.day, hour, minute },
      { zone: settings.zone },
    );
  };
  const daysAhead = (settings.weekday - today.weekday + 7) % 7;
  let candidate = at(daysAhead);
  if (candidate.toMillis() <= now.getTime()) candidate = at(daysAhead + 7);
  return toIsoUtc(candidate.toMillis());
}

export interface AvailabilityOption {
  /** 'any' or an ISO instant. */
  value: string;
  label: string;
}

/**
 * 'Any Time' plus hourly instants from the event start to start + 6 h (spec §5), labelled in
 * `zone` (the browser's zone on the client; luxon's system zone when omitted).
 */
export function availabilityOptions(eventStart: string, zone?: string): AvailabilityOption[] {
  const start = instant(eventStart, 'utc');
  if (!start) throw new Error('Invalid date format');
  const labelZone = zone ?? DateTime.local().zoneName ?? 'utc';
  const values = [ANY_TIME];
  for (let hour = 0; hour < AVAILABILITY_OPTION_COUNT; hour++) {
    values.push(toIsoUtc(start.plus({ hours: hour }).toMillis()));
  }
  return values.map((value) => ({ value, label: formatAvailability(value, labelZone) }));
}

/**
 * 'Any Time' for 'any', else the local time: 'HH:mm', or the locale's own short time format
 * when a locale is given (e.g. '8:00 PM' for en-US). Unparsable values are shown as they are.
 */
export function formatAvailability(value: string, zone: string, locale?: string): string {
  if (value === ANY_TIME) return ANY_TIME_LABEL;
  const dt = instant(value, zone);
  if (!dt) return value;
  return locale ? dt.setLocale(locale).toLocaleString(DateTime.TIME_SIMPLE) : dt.toFormat('HH:mm');
}

/**
 * Compact date and time for headers and breadcrumbs: 'Sun 9 Jun 2024, 20:00'. English names
 * are pinned to en-US because en-GB's ICU data abbreviates September as 'Sept'.
 * Returns '' for an unparsable value.
 */
export function formatEventDate(iso: string, zone: string): string {
  const dt = instant(iso, zone);
  return dt ? dt.setLocale('en-US').toFormat('ccc d LLL yyyy, HH:mm') : '';
}

/** The day of an instant in the zone, as formatEventDate writes it: 'Sun 9 Jun 2024'; '' if unparsable. */
export function formatEventDay(iso: string, zone: string): string {
  const dt = instant(iso, zone);
  return dt ? dt.setLocale('en-US').toFormat('ccc d LLL yyyy') : '';
}

/** The calendar day of an instant in the zone, 'yyyy-MM-dd'; '' for an unparsable value. */
export function calendarDay(iso: string, zone: string): string {
  const dt = instant(iso, zone);
  return dt ? dt.toFormat('yyyy-MM-dd') : '';
}

/** 'HH:mm' in the zone; '' for an unparsable value. */
export function formatLocalTime(iso: string, zone: string): string {
  const dt = instant(iso, zone);
  return dt ? dt.toFormat('HH:mm') : '';
}

/** The zone's place as people say it: 'Europe/London' → 'London', 'America/New_York' → 'New York'. */
export const zonePlace = (zone: string): string => (zone.split('/').pop() ?? zone).replace(/_/g, ' ');

/**
 * A DJ's slot as the hosts plan it and as the DJ lives it: 'Sun 20:00–21:00 London, 15:00 your
 * time' ('' for unparsable times). The viewer's time is left out when their clock says the same.
 */
export function formatSlotForDj(slot: { startTime: string; endTime: string }, seriesZone: string, viewerZone: string): string {
  const start = instant(slot.startTime, seriesZone);
  const end = instant(slot.endTime, seriesZone);
  if (!start || !end) return '';
  const planned = `${start.setLocale('en-US').toFormat('ccc HH:mm')}–${end.toFormat('HH:mm')} ${zonePlace(seriesZone)}`;
  const mine = start.setZone(viewerZone);
  const sameClock = mine.toFormat('ccc HH:mm') === start.toFormat('ccc HH:mm');
  return sameClock ? planned : `${planned}, ${mine.setLocale('en-US').toFormat(mine.weekday === start.weekday ? 'HH:mm' : 'ccc HH:mm')} your time`;
}

/** Value for `<input type="datetime-local">`: 'yyyy-MM-ddTHH:mm' in the zone; '' if unparsable. */
export function toDateTimeLocalValue(iso: string, zone: string): string {
  const dt = instant(iso, zone);
  return dt ? dt.toFormat("yyyy-MM-dd'T'HH:mm") : '';
}

/**
 * Reads a datetime-local value as wall-clock time in the zone. Null when unparsable, because
 * the spec says an unparsable date/time is ignored (the caller keeps the previous value).
 */
export function fromDateTimeLocalValue(value: string, zone: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?$/.test(value.trim())) return null;
  const dt = DateTime.fromISO(value.trim(), { zone });
  return dt.isValid ? toIsoUtc(dt.toMillis()) : null;
}

/**
 * An instant as the series and the viewer read it: '20:00 London, 15:00 your time', or only
 * '20:00 London' when both clocks show the same (formatSlotForDj does it for a slot). '' for
 * an unparsable value.
 */
export function timeBothWays(iso: string, seriesZone: string, viewerZone: string): string {
  const series = formatLocalTime(iso, seriesZone);
  if (!series) return '';
  const own = formatLocalTime(iso, viewerZone);
  const place = `${series} ${zonePlace(seriesZone)}`;
  return own === series ? place : `${place}, ${own} your time`;
}
