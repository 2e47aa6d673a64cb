import { type VisitorFormat, visitorText } from './visitorText';

/** A time in the visitor's zone (`zone`), or in the series' while the visitor's is not known (see visitorText.ts). */
export function VisitorTime({ format, iso, eventStart, zone }: { format: VisitorFormat; iso: string; eventStart: string; zone: string }) {
  return (
    <time dateTime={iso} data-visitor={format} data-event-start={eventStart}>
      {visitorText(format, iso, zone, eventStart)}
    </time>
  );
}
