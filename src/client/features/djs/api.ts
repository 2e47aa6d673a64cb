import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Dj } from '../../../shared/domain';
import type { DjDetailsResponse, DjValues, RosterResponse } from '../../../shared/schemas/djs';
import { api } from '../../lib/api';

export const djsQueryKey = ['djs'] as const;
export const djQueryKey = (djId: string) => ['dj', djId] as const;

export const useRoster = () =>
  useQuery({ queryKey: djsQueryKey, queryFn: () => api.get<RosterResponse>('/api/djs') });

export const useDjDetails = (djId: string) =>
  useQuery({ queryKey: djQueryKey(djId), queryFn: () => api.get<DjDetailsResponse>(`/api/djs/${encodeURIComponent(djId)}`) });

/** Keeps the cache in step after a DJ is saved: their details, and the roster refetched. */
function useRememberDj() {
  const queryClient = useQueryClient();
  return (dj: Dj) => {
    queryClient.setQueryData<DjDetailsResponse>(djQueryKey(dj.id), (old) => ({ dj, plays: old?.plays ?? [] }));
    void queryClient.invalidateQueries({ queryKey: djsQueryKey });
  };
}

export function useCreateDj() {
  const remember = useRememberDj();
  return useMutation({
    mutationFn: (values: DjValues) => api.post<Dj>('/api/djs', values),
    onSuccess: remember,
  });
}

export function useUpdateDj(djId: string) {
  const remember = useRememberDj();
  return useMutation({
    mutationFn: (values: DjValues) => api.put<Dj>(`/api/djs/${encodeURIComponent(djId)}`, values),
    onSuccess: remember,
  });
}
