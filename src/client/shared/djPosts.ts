import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import * as api from '@shared/api/dj-posts';
import type { EventDjPosts, ReminderSettings } from '@shared/schemas/dj-posts';
import { call, queryKeyOf, queryOf } from '@client/lib/api';

// Posts Lineup sends DJs on its own (issue 35): an event's list with Retry, Global Settings'
// Reminders section, a DJ's own choice on their Home.

const eventPostsQuery = (eventId: string) => queryOf(api.getEventDjPosts, { params: { eventId } });

/**
 * The list follows the schedule while it is on screen (a post goes out without anyone on the page
 * doing anything): closely while one is due or being sent, else now and then.
 */
const FOLLOW_MS = { busy: 2_000, idle: 30_000 };

const busy = (posts: EventDjPosts | undefined) =>
  posts?.posts.some((post) => post.state === 'sending' || (post.state === 'scheduled' && Date.parse(post.dueAt) <= Date.now())) ?? false;

export const useEventDjPosts = (eventId: string) =>
  useQuery({ ...eventPostsQuery(eventId), refetchInterval: (query) => (busy(query.state.data) ? FOLLOW_MS.busy : FOLLOW_MS.idle) });

/** Reads the list again (the event changed: its reminders moved with it). */
export function useRefetchDjPosts(eventId: string) {
  const queryClient = useQueryClient();
  return useCallback(() => void queryClient.invalidateQueries({ queryKey: eventPostsQuery(eventId).queryKey }), [queryClient, eventId]);
}

export function useRetryDjPost(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (postId: string) => call(api.retryDjPost, { params: { eventId, postId } }),
    // It goes out at once: the list follows it closely while it is due.
    onSettled: () => queryClient.invalidateQueries({ queryKey: eventPostsQuery(eventId).queryKey }),
  });
}

const reminderSettingsQuery = () => queryOf(api.getReminderSettings);

export const useReminderSettings = () => useQuery(reminderSettingsQuery());

export function useSaveReminderSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReminderSettings) => call(api.saveReminderSettings, { body }),
    onSuccess: (stored) => {
      queryClient.setQueryData(reminderSettingsQuery().queryKey, stored);
      // Every upcoming event's reminders moved with them.
      return queryClient.invalidateQueries({ queryKey: queryKeyOf(api.getEventDjPosts) });
    },
  });
}

const myRemindersQuery = () => queryOf(api.getMyReminders);

export const useMyReminders = () => useQuery(myRemindersQuery());

export function useSaveMyReminders() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (remindersOn: boolean) => call(api.saveMyReminders, { body: { remindersOn } }),
    onSuccess: (stored) => queryClient.setQueryData(myRemindersQuery().queryKey, stored),
  });
}
