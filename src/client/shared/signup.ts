import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as api from '@shared/api/signup';
import type { SignupArea } from '@shared/schemas/signup';
import type { SignupIntake } from '@shared/schemas/signup-intake';
import type { BodyOf } from '@shared/api/contract';
import { call, queryOf } from '@client/lib/api';

// The DJ's signup area and the wizard's submission.

export const signupAreaQuery = (eventId: string) => queryOf(api.getSignupArea, { query: { event_id: eventId } });

export const useSignupArea = (eventId: string) => useQuery({ ...signupAreaQuery(eventId), enabled: eventId !== '' });

export function useSubmitSignup(eventId: string) {
  const queryClient = useQueryClient();
  const { queryKey } = signupAreaQuery(eventId);
  return useMutation({
    mutationFn: (body: SignupIntake) => call(api.submitSignup, { body }),
    onSuccess: async ({ signup }) => {
      queryClient.setQueryData<SignupArea>(queryKey, (old) => old && { ...old, signup });
      await queryClient.invalidateQueries({ queryKey });
    },
  });
}

/** The DJ confirms the slot proposed to them, or says they cannot make it. */
export function useConfirmSlot(eventId: string) {
  const queryClient = useQueryClient();
  const { queryKey } = signupAreaQuery(eventId);
  return useMutation({
    mutationFn: (confirmation: BodyOf<typeof api.confirmSlot>['confirmation']) => call(api.confirmSlot, { body: { event_id: eventId, confirmation } }),
    onSuccess: (area) => queryClient.setQueryData<SignupArea>(queryKey, area),
  });
}

/** The DJ withdraws the signup they gave (issue 34); the answer is the signup area as it is then. */
export function useWithdrawSignup(eventId: string) {
  const queryClient = useQueryClient();
  const { queryKey } = signupAreaQuery(eventId);
  return useMutation({
    mutationFn: () => call(api.withdrawSignup, { body: { event_id: eventId } }),
    onSuccess: (area) => queryClient.setQueryData<SignupArea>(queryKey, area),
  });
}

/** The DJ's own "Stream tested"; the answer is the signup area as it is then. */
export function useStreamTested(eventId: string) {
  const queryClient = useQueryClient();
  const { queryKey } = signupAreaQuery(eventId);
  return useMutation({
    mutationFn: () => call(api.streamTested, { body: { event_id: eventId } }),
    onSuccess: (area) => queryClient.setQueryData<SignupArea>(queryKey, area),
  });
}

/** By when the DJ tests their stream, and the server's time (null while it loads or when it could not). */
export function useStreamTestDeadline(eventId: string, enabled: boolean): { deadline: string; passed: boolean } | null {
  const { data } = useQuery({ ...queryOf(api.getStreamTestDeadline, { query: { event_id: eventId } }), enabled });
  return data ? { deadline: data.deadline, passed: Date.parse(data.now) >= Date.parse(data.deadline) } : null;
}
