import type { EventDetail } from '@shared/schemas/events';
import { formatZonedDate } from '@shared/time';
import { CachedCrumb } from '@client/components/CachedCrumb';
import { browserZone } from '@client/lib/zone';
import { eventQuery } from '@client/shared/events';

/** The event's name and date from the page's own query; its id until that is in (spec §8). */
export function EventCrumb({ eventId }: { eventId: string }) {
  return (
    <CachedCrumb
      queryKey={eventQuery(eventId).queryKey}
      render={(event: EventDetail) => `${event.name} (${formatZonedDate(event.startDatetime, browserZone())})`}
      fallback={eventId}
    />
  );
}
