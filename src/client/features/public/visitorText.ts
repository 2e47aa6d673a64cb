import { clockTime, longDate, zonedTime, zoneLabel } from '@shared/public-lineup';

// The public pages are rendered on the server, which cannot know a visitor's zone: it writes the
// series' times, and empty <time data-visitor="…"> elements that public-page.ts fills in the
// visitor's zone (and reveals) once the page is in their browser. Rendered in the browser, the
// same components fill them at once. One formatter for both.

export type VisitorFormat = 'date' | 'start' | 'slot' | 'zone';

/** A time in the visitor's zone, as the public pages print it. */
export function visitorText(format: VisitorFormat, iso: string, zone: string, eventStart: string): string {
  if (format === 'date') return longDate(iso, zone);
  if (format === 'zone') return zoneLabel(iso, zone);
  if (format === 'start') return `${clockTime(iso, zone)} ${zoneLabel(iso, zone)}`;
  const { time, dayOffset } = zonedTime(iso, zone, eventStart);
  return dayOffset === 0 ? time : `${time}${dayOffset > 0 ? '+' : ''}${dayOffset}`;
}
