import type { EventDetail } from '../../../shared/schemas/events';
import { formatEventDate } from '../../../shared/time';
import { CachedCrumb } from '../../components/CachedCrumb';
import { browserZone } from '../../lib/zone';
import { eventQueryKey } from './api';

/** The event's name and date from the page's own query; its id until that is in (spec §8). */
export function EventCrumb({ eventId }: { eventId: string }) {
  return (
    <CachedCrumb
      queryKey={eventQueryKey(eventId)}
      render={(event: EventDetail) => `${event.name} (${formatEventDate(event.startDatetime, browserZone())})`}
      fallback={eventId}
    />
  );
}
