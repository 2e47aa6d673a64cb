import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateEventBody, EventDetail, EventList, EventSummary, SaveEventRequest } from '../../../shared/schemas/events';
import { api } from '../../lib/api';

// The events API and its cache keys. Lists live under ['events', …] so one invalidation refreshes them all.

export const eventsQueryKey = ['events'] as const;
export const eventListQueryKey = (when: EventList) => ['events', when] as const;
export const eventQueryKey = (eventId: string) => ['event', eventId] as const;

const eventUrl = (eventId: string) => `/api/events/${encodeURIComponent(eventId)}`;

export const useEventList = (when: EventList) =>
  useQuery({ queryKey: eventListQueryKey(when), queryFn: () => api.get<EventSummary[]>(`/api/events?when=${when}`) });

export const fetchEvent = (eventId: string) => api.get<EventDetail>(eventUrl(eventId));

export const eventQuery = (eventId: string) => ({ queryKey: eventQueryKey(eventId), queryFn: () => fetchEvent(eventId) });

/** The stored event; the event page's draft is built on it. */
export const useEventDetail = (eventId: string) => useQuery(eventQuery(eventId));

export function useCreateEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateEventBody) => api.post<{ id: string }>('/api/events', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: eventsQueryKey }),
  });
}

export const saveEvent = (eventId: string, body: SaveEventRequest) => api.put<EventDetail>(eventUrl(eventId), body);

export const publishEvent = (eventId: string, baseVersion: number) =>
  api.post<EventDetail>(`${eventUrl(eventId)}/publish`, { baseVersion });

export const eventChangesUrl = (eventId: string) => `${eventUrl(eventId)}/changes`;
