import { useEffect, useState } from 'react';
import { keepPreviousData, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { otherEvents } from '@shared/plays';
import * as api from '@shared/api/djs';
import { getEvent } from '@shared/api/events';
import type { BodyOf } from '@shared/api/contract';
import { type Dj, type DjDetailsResponse, type OtherEvents, ROSTER_PAGE, ROSTER_PAGE_MAX, type RosterQuery } from '@shared/schemas/djs';
import { call, queryKeyOf, queryOf } from '@client/lib/api';

// The DJ roster and DJ records, as the roster, the DJ pages and the lineup's typeahead use them.

type Archived = NonNullable<RosterQuery['archived']>;

/**
 * A page of the roster: active DJs, or with 'include' the archived ones too (the roster's "Show
 * archived"), searched and paged by the server. Defaults are left out of the address, so the
 * first page has one cache key wherever it is asked for.
 */
export const rosterQuery = ({ archived = 'hide', search = '', limit = ROSTER_PAGE, offset = 0 }: RosterQuery = {}) =>
  queryOf(api.getRoster, {
    query: { archived, ...(search !== '' && { search }), ...(limit !== ROSTER_PAGE && { limit }), ...(offset !== 0 && { offset }) },
  });
export const djQuery = (djId: string) => queryOf(api.getDj, { params: { djId } });

// Paging, searching or switching views keeps the rows on screen until the next ones arrive.
export const useRoster = (query: RosterQuery) => useQuery({ ...rosterQuery(query), placeholderData: keepPreviousData });

/** The DJs a picker offers for what was typed (the server searches all of them); nothing is asked before typing. */
export function useDjSearch(typed: string, archived: Archived) {
  const search = useDebounced(typed.trim(), 250);
  return useQuery({ ...rosterQuery({ archived, search, limit: ROSTER_PAGE_MAX }), enabled: search !== '', placeholderData: keepPreviousData });
}

/** `value` once it has stayed the same for `ms` (a search is sent when typing pauses, not on every key). */
export function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
export const useDjDetails = (djId: string) => useQuery(djQuery(djId));

/**
 * The DJs' other events, by DJ: what the stored event knows, else (a DJ just added to the draft)
 * from their details, as 'Other Events' loads them (shared/plays.ts either way); undefined while
 * those load.
 */
export function useOtherEvents(
  djIds: readonly string[],
  event: { id: string; startDatetime: string },
  known: Record<string, OtherEvents>,
): Array<OtherEvents | undefined> {
  const missing = djIds.filter((djId) => !known[djId]);
  const fetched = useQueries({ queries: missing.map((djId) => djQuery(djId)) });
  return djIds.map((djId) => {
    if (known[djId]) return known[djId];
    const details = fetched[missing.indexOf(djId)]?.data;
    return details && otherEvents(details.plays, event.id, event.startDatetime);
  });
}

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
