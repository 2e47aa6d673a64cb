// From wall-clock time in a zone to instants, and parsing of instants: through luxon, so DST is
// handled by the tz database, never by hand. Staff screens and the server only; what every page
// shows goes through time.ts (Intl), so a DJ's signup pages do not download luxon.
import { DateTime } from 'luxon';
import { toIsoUtc } from './time.js';

/** When the series' events happen (series.ts scheduleOf, from the settings): weekday 1=Mon..7=Sun (luxon), wall-clock time, IANA zone. */
export interface WeeklySchedule {
  weekday: number;
  time: string;
  zone: string;
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
export function comingSundayAt(now: Date, settings: WeeklySchedule): string {
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

/** The last moment of the calendar day, in the zone, on which `instant` falls. */
export function endOfDayIn(instant: string, zone: string): Date {
  return DateTime.fromISO(instant, { zone }).endOf('day').toJSDate();
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
