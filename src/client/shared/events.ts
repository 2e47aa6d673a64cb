import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as api from '@shared/api/events';
import { type BodyOf, urlOf } from '@shared/api/contract';
import type { EventDetail, EventList } from '@shared/schemas/events';
import { call, queryKeyOf, queryOf } from '@client/lib/api';

// Events as the staff screens use them: fetchers and query keys derived from the contracts.

export const useEventList = (when: EventList) => useQuery(queryOf(api.listEvents, { query: { when } }));

/** The current event, else the next; moves on by itself when the current event ends. */
export const useHomeEvent = () => useQuery({ ...queryOf(api.getHomeEvent), refetchInterval: 60_000 });

export const eventQuery = (eventId: string) => queryOf(api.getEvent, { params: { eventId } });

/** The stored event; the event page's draft is built on it. */
export const useEventDetail = (eventId: string) => useQuery(eventQuery(eventId));

/** Every cached list of events (and the home card), to refresh after a change. */
export const eventListsKeys = [queryKeyOf(api.listEvents), queryKeyOf(api.getHomeEvent)];

/** Refreshes every cached list of events once a new event exists. */
function useRefreshEventLists() {
  const queryClient = useQueryClient();
  return () => Promise.all(eventListsKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

export function useCreateEvent() {
  const refresh = useRefreshEventLists();
  return useMutation({
    mutationFn: (body: BodyOf<typeof api.createEvent>) => call(api.createEvent, { body }),
    onSuccess: refresh,
  });
}

/** 'Create next event': the series' next occurrence after the event. */
export function useCreateNextEvent() {
  const refresh = useRefreshEventLists();
  return useMutation({
    mutationFn: ({ eventId, confirmSameDay }: { eventId: string; confirmSameDay: boolean }) =>
      call(api.createNextEvent, { params: { eventId }, body: { confirmSameDay } }),
    onSuccess: refresh,
  });
}

export const saveEvent = (eventId: string, body: BodyOf<typeof api.saveEvent>) => call(api.saveEvent, { params: { eventId }, body });

export const publishEvent = (eventId: string, body: BodyOf<typeof api.publishEvent>) => call(api.publishEvent, { params: { eventId }, body });

export const unpublishEvent = (eventId: string, baseVersion: number) =>
  call(api.unpublishEvent, { params: { eventId }, body: { baseVersion } });

/**
 * A change to the event outside its draft (a preflight step, a DJ's confirmation): the answer
 * becomes the stored event, which the open draft takes in.
 */
function useEventChange<B>(eventId: string, send: (body: B) => Promise<EventDetail>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (detail) => queryClient.setQueryData(eventQuery(eventId).queryKey, detail),
  });
}

export const useSetPreflightStep = (eventId: string) =>
  useEventChange(eventId, (body: BodyOf<typeof api.setPreflightStep>) => call(api.setPreflightStep, { params: { eventId }, body }));

export const useSetConfirmation = (eventId: string) =>
  useEventChange(eventId, (body: BodyOf<typeof api.setConfirmation>) => call(api.setConfirmation, { params: { eventId }, body }));
/** Cancel (true) or restore (false) the event, against the version the page showed. */
/** Cancels (telling the lineup's DJs in Discord with `notifyDjs`) or restores the event. */
export const setEventCancelled = (eventId: string, cancelled: boolean, baseVersion: number, notifyDjs = false) =>
  cancelled
    ? call(api.cancelEvent, { params: { eventId }, body: { baseVersion, ...(notifyDjs && { notifyDjs }) } })
    : call(api.restoreEvent, { params: { eventId }, body: { baseVersion } });

export const deleteEvent = (eventId: string, baseVersion: number) => call(api.deleteEvent, { params: { eventId }, body: { baseVersion } });

/** The address of the event's live change stream (server-sent events). */
export const eventChangesUrl = (eventId: string) => urlOf(api.eventChanges, { params: { eventId } });
