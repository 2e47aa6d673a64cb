import { zonedTime, zoneLabel } from '@shared/public-lineup';
import { formatEventDate } from '@shared/time';

// The public pages are rendered on the server, which cannot know a visitor's zone: it writes the
// visitor's times in the series' zone, in space kept for them but not shown (public.css:
// `.public-visitor-pending`), and public-page.ts writes them again in the visitor's zone and shows
// them, so nothing moves. Without script they are not there at all (PublicDocument's noscript
// style). Rendered in the browser, the same components write them at once. One formatter for all.

export type VisitorFormat = 'when' | 'slot' | 'zone';

/** A time in the visitor's zone, as the public pages print it. */
export function visitorText(format: VisitorFormat, iso: string, zone: string, eventStart: string): string {
  if (format === 'zone') return zoneLabel(iso, zone);
  if (format === 'when') return `${formatEventDate(iso, zone)} ${zoneLabel(iso, zone)}`;
  const { time, dayOffset } = zonedTime(iso, zone, eventStart);
  return dayOffset === 0 ? time : `${time}${dayOffset > 0 ? '+' : ''}${dayOffset}`;
}

/** The class of a page whose visitor's times are not written yet. */
export const VISITOR_PENDING = 'public-visitor-pending';
