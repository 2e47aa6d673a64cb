import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as api from '@shared/api/public';
import { call, queryOf } from '@client/lib/api';

// The public lineup pages (no sign-in) and a DJ's private calendar link.

export const usePublicLineups = () => useQuery(queryOf(api.listPublicLineups));

export const usePublicLineup = (eventId: string) =>
  useQuery({
    ...queryOf(api.getPublicLineup, { params: { eventId } }),
    enabled: eventId !== '',
    // An unknown or unpublished event stays not found: no retries.
    retry: false,
  });

const calendarLinkQuery = () => queryOf(api.getCalendarLink);

/** The DJ's calendar link, made the first time it is asked for. */
export const useCalendarLink = () => useQuery(calendarLinkQuery());

export function useRevokeCalendarLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(api.revokeCalendarLink),
    onSuccess: (link) => queryClient.setQueryData(calendarLinkQuery().queryKey, link),
  });
}
