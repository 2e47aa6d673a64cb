import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as api from '@shared/api/stream-checks';
import type { StaffStreamCheckBody, StreamCheckSettings } from '@shared/schemas/stream-checks';
import { streamCheckDeadline } from '@shared/stream-checks';
import { call, queryOf } from '@client/lib/api';
import { eventQuery } from './events';

// Stream checks (issue 35): staff's tick and the deadline setting (the DJ's "Stream tested" is in signup.ts).

/** The deadline setting and the server's time: every event page asks for it with the event (its lineup flags and Preflight follow it). */
export const streamCheckSettingsQuery = () => queryOf(api.getStreamCheckSettings, {});

/** The deadline setting and the server's time (the server's clock decides what is overdue). */
export const useStreamCheckSettings = () => useQuery(streamCheckSettingsQuery());

/** The deadline of an event's stream checks and the server's time, whose clock decides (null while loading). */
export function useStreamCheckDeadline(eventStart: string): { deadline: number; now: number } | null {
  const settings = useStreamCheckSettings();
  if (!settings.data) return null;
  return { deadline: streamCheckDeadline(eventStart, settings.data.hoursBefore), now: Date.parse(settings.data.now) };
}

/** Global Settings → Stream checks: the answer is what was stored (every event's deadline follows it). */
export function useSaveStreamCheckSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StreamCheckSettings) => call(api.saveStreamCheckSettings, { body }),
    onSuccess: (stored) => queryClient.setQueryData(streamCheckSettingsQuery().queryKey, stored),
  });
}

/** Staff tick a slot's stream as tested (Stream Details): the answer becomes the stored event. */
export function useSetStreamCheck(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StaffStreamCheckBody) => call(api.setStreamCheck, { params: { eventId }, body }),
    onSuccess: (detail) => queryClient.setQueryData(eventQuery(eventId).queryKey, detail),
  });
}
