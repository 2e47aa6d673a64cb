import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as api from '@shared/api/live';
import type { LiveMark } from '@shared/domain';
import { call, queryOf } from '@client/lib/api';

// The live board's marks and the server's clock (issue 35). Another host may mark a slot on their
// phone: the board asks again now and then while it is open.

const FOLLOW_MS = 15_000;
const liveQuery = (eventId: string) => queryOf(api.getLiveState, { params: { eventId } });

export const useLiveState = (eventId: string) => useQuery({ ...liveQuery(eventId), refetchInterval: FOLLOW_MS });

export function useMarkSlot(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ signupUuid, mark }: { signupUuid: string; mark: LiveMark | null }) => call(api.markSlot, { params: { eventId, signupUuid }, body: { mark } }),
    onSuccess: (state) => queryClient.setQueryData(liveQuery(eventId).queryKey, state),
  });
}
