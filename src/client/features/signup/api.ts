import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SignupFormData } from '../../../shared/domain';
import type { SignupIntake } from '../../../shared/schemas/signup';
import { api } from '../../lib/api';

/** GET /api/signup: the event's public basics, the caller's DJ record and own signup. */
export interface SignupArea {
  event: { id: string; name: string; startDatetime: string; signupsAreOpen: boolean; host: string };
  dj: { id: string; djName: string; publicName: string };
  signup: SignupFormData | null;
  contactHostName: string;
}

export const signupAreaQueryKey = (eventId: string) => ['signupArea', eventId] as const;

export const useSignupArea = (eventId: string) =>
  useQuery({
    queryKey: signupAreaQueryKey(eventId),
    queryFn: () => api.get<SignupArea>(`/api/signup?event_id=${encodeURIComponent(eventId)}`),
    enabled: eventId !== '',
  });

export function useSubmitSignup(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (intake: SignupIntake) => api.post<{ signup: SignupFormData }>('/api/signup', intake),
    onSuccess: async ({ signup }) => {
      queryClient.setQueryData<SignupArea>(signupAreaQueryKey(eventId), (old) => old && { ...old, signup });
      await queryClient.invalidateQueries({ queryKey: signupAreaQueryKey(eventId) });
    },
  });
}
