import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as api from '@shared/api/djs';
import { getEvent } from '@shared/api/events';
import type { BodyOf } from '@shared/api/contract';
import type { Dj, DjDetailsResponse, RosterQuery } from '@shared/schemas/djs';
import { call, queryKeyOf, queryOf } from '@client/lib/api';

// The DJ roster and DJ records, as the roster, the DJ pages and the lineup's typeahead use them.

type Archived = NonNullable<RosterQuery['archived']>;

/** The roster: active DJs, or with 'include' the archived ones too (the roster's "Show archived"). */
export const rosterQuery = (archived: Archived = 'hide') => queryOf(api.getRoster, { query: { archived } });
export const djQuery = (djId: string) => queryOf(api.getDj, { params: { djId } });

// Switching between the two keeps the list on screen until the other arrives.
export const useRoster = (archived: Archived = 'hide') => useQuery({ ...rosterQuery(archived), placeholderData: keepPreviousData });
export const useDjDetails = (djId: string) => useQuery(djQuery(djId));

/** Keeps the cache in step after a DJ changed: their details, and the roster refetched. */
function useRememberDj() {
  const queryClient = useQueryClient();
  return (djId: string, details: (old: DjDetailsResponse | undefined) => DjDetailsResponse) => {
    queryClient.setQueryData<DjDetailsResponse>(djQuery(djId).queryKey, details);
    void queryClient.invalidateQueries({ queryKey: queryKeyOf(api.getRoster) });
  };
}

/** A saved DJ record, its archived state and plays as they were. */
const savedDj = (dj: Dj) => (old: DjDetailsResponse | undefined) => ({ dj, archived: old?.archived ?? false, plays: old?.plays ?? [] });

export function useCreateDj() {
  const remember = useRememberDj();
  return useMutation({
    mutationFn: (body: BodyOf<typeof api.createDj>) => call(api.createDj, { body }),
    onSuccess: (dj) => remember(dj.id, savedDj(dj)),
  });
}

export function useUpdateDj(djId: string) {
  const remember = useRememberDj();
  return useMutation({
    mutationFn: (body: BodyOf<typeof api.updateDj>) => call(api.updateDj, { params: { djId }, body }),
    onSuccess: (dj) => remember(dj.id, savedDj(dj)),
  });
}

/** Archive (true) or restore (false) the DJ. */
export function useArchiveDj(djId: string) {
  const remember = useRememberDj();
  return useMutation({
    mutationFn: (archived: boolean) => call(archived ? api.archiveDj : api.restoreDj, { params: { djId } }),
    onSuccess: (details) => remember(djId, () => details),
  });
}

/** Merges this DJ into another record; answers with the record kept. */
export function useMergeDj(djId: string) {
  const queryClient = useQueryClient();
  const remember = useRememberDj();
  return useMutation({
    mutationFn: (intoDjId: string) => call(api.mergeDj, { params: { djId }, body: { intoDjId } }),
    onSuccess: (kept) => {
      remember(kept.dj.id, () => kept);
      queryClient.removeQueries({ queryKey: djQuery(djId).queryKey, exact: true });
      // Event pages name DJs: the merged record's signups now name the kept one.
      void queryClient.invalidateQueries({ queryKey: queryKeyOf(getEvent) });
    },
  });
}
