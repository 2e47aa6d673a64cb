import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import * as api from '@shared/api/history';
import { call, queryKeyOf, queryOf } from '@client/lib/api';

// An event's history (newest first, a page at a time) and a DJ's signups over time, for staff.

export function useEventHistory(eventId: string) {
  return useInfiniteQuery({
    queryKey: queryKeyOf(api.getEventHistory, { params: { eventId } }),
    queryFn: ({ pageParam }) => call(api.getEventHistory, { params: { eventId }, query: pageParam === null ? {} : { before: pageParam } }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextBefore,
  });
}

export const useDjSignups = (djId: string) => useQuery(queryOf(api.getDjSignups, { params: { djId } }));
