// A weekly series (issue 13 "next week in one click"): the next event after one, with the
// series' schedule from the global settings. Pure; times through shared/wall-clock.ts.
import type { EventFormValues } from './schemas/events.js';
import type { Settings } from './schemas/settings.js';
import { calendarDay } from './time.js';
import { comingSundayAt, endOfDayIn, type WeeklySchedule } from './wall-clock.js';

/** The series' weekly schedule, from the global settings. */
export const scheduleOf = (settings: Pick<Settings, 'defaultWeekday' | 'defaultTime' | 'defaultZone'>): WeeklySchedule => ({
  weekday: settings.defaultWeekday,
  time: settings.defaultTime,
  zone: settings.defaultZone,
});

/**
 * The name of the next event in a numbered series: the last number in the name, plus one
 * ('Sunday Service #21' → 'Sunday Service #22', 'Night 9' → 'Night 10'). A name without a
 * number is kept as it is.
 */
export function nextEventName(name: string): string {
  const match = /(\d+)(\D*)$/.exec(name);
  if (!match) return name;
  const [whole, digits, rest] = match as unknown as [string, string, string];
  const next = String(Number(digits) + 1).padStart(digits.length, '0');
  return `${name.slice(0, name.length - whole.length)}${next}${rest}`;
}

/**
 * The next event of the series after `event`: the schedule's next weekday and time after both
 * the event's day (in the series' zone: an event held an hour early on the series' weekday is
 * followed by next week's, not by one that evening) and `now` (so the next one is never in the
 * past), its name's number
 * incremented, host, message, footer and signup cap carried over, signups closed until staff
 * open them (and no deadline: it was the old event's).
 */
export function nextEventFields(event: EventFormValues, schedule: WeeklySchedule, now: Date): EventFormValues {
  const after = new Date(Math.max(endOfDayIn(event.startDatetime, schedule.zone).getTime(), now.getTime()));
  return {
    name: nextEventName(event.name),
    startDatetime: comingSundayAt(after, schedule),
    host: event.host,
    message: event.message,
    footer: event.footer,
    signupsAreOpen: false,
    signupsCloseAt: null,
    signupCap: event.signupCap,
    // Where people watch usually stays the same from week to week.
    publicLinks: event.publicLinks,
  };
}

/** Events that start on the same calendar day as `start`, in the series' zone. */
export function sameDayEvents<E extends { startDatetime: string }>(events: readonly E[], start: string, zone: string): E[] {
  const wanted = calendarDay(start, zone);
  return events.filter((event) => calendarDay(event.startDatetime, zone) === wanted);
}
