import type { EventDetail } from '@shared/schemas/events';
import { staffTime } from '@shared/time';
import { CachedCrumb } from '@client/components/CachedCrumb';
import { useStaffZones } from '@client/lib/useZone';
import { eventQuery } from '@client/shared/events';

/** The event's name and date from the page's own query; its id until that is in (spec §8). */
export function EventCrumb({ eventId }: { eventId: string }) {
  const zones = useStaffZones();
  return (
    <CachedCrumb
      queryKey={eventQuery(eventId).queryKey}
      render={(event: EventDetail) => `${event.name} (${staffTime(event.startDatetime, zones)})`}
      fallback={eventId}
    />
  );
}
