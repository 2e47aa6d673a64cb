import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as api from '@shared/api/djs';
import type { BodyOf } from '@shared/api/contract';
import type { Dj, DjDetailsResponse } from '@shared/schemas/djs';
import { call, queryKeyOf, queryOf } from '@client/lib/api';

// The DJ roster and DJ records, as the roster, the DJ pages and the lineup's typeahead use them.

export const rosterQuery = () => queryOf(api.getRoster);
export const djQuery = (djId: string) => queryOf(api.getDj, { params: { djId } });

export const useRoster = () => useQuery(rosterQuery());
export const useDjDetails = (djId: string) => useQuery(djQuery(djId));

/** Keeps the cache in step after a DJ is saved: their details, and the roster refetched. */
function useRememberDj() {
  const queryClient = useQueryClient();
  return (dj: Dj) => {
    queryClient.setQueryData<DjDetailsResponse>(djQuery(dj.id).queryKey, (old) => ({ dj, plays: old?.plays ?? [] }));
    void queryClient.invalidateQueries({ queryKey: queryKeyOf(api.getRoster) });
  };
}

export function useCreateDj() {
  const remember = useRememberDj();
  return useMutation({
    mutationFn: (body: BodyOf<typeof api.createDj>) => call(api.createDj, { body }),
    onSuccess: remember,
  });
}

export function useUpdateDj(djId: string) {
  const remember = useRememberDj();
  return useMutation({
    mutationFn: (body: BodyOf<typeof api.updateDj>) => call(api.updateDj, { params: { djId }, body }),
    onSuccess: remember,
  });
}
