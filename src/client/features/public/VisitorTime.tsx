import { type VisitorFormat, visitorText } from './visitorText';

/** A time in the visitor's zone: filled now when the zone is known, else by public-page.ts. */
export function VisitorTime({ format, iso, eventStart, zone }: { format: VisitorFormat; iso: string; eventStart: string; zone: string | null }) {
  return (
    <time dateTime={iso} data-visitor={format} data-event-start={eventStart}>
      {zone === null ? '' : visitorText(format, iso, zone, eventStart)}
    </time>
  );
}
