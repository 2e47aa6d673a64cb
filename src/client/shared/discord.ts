import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as api from '@shared/api/discord';
import type { DiscordPostKind } from '@shared/discord-webhooks';
import { call, queryOf } from '@client/lib/api';

// "Post to Discord" (issue 14): the event's posts and which webhooks are set, and posting.

const postsQuery = (eventId: string) => queryOf(api.getDiscordPosts, { params: { eventId } });

/** `enabled` false: not fetched (yet), e.g. until a save would tell DJs anything. */
export const useDiscordPosts = (eventId: string, enabled = true) => useQuery({ ...postsQuery(eventId), enabled });

/** Posts `text` as `kind`, or edits the message posted before; the answer replaces the post in the cache. */
export function usePostToDiscord(eventId: string, kind: DiscordPostKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => call(api.postToDiscord, { params: { eventId, kind }, body: { text } }),
    // A failure may have changed what is stored (a message deleted in Discord is forgotten).
    onSettled: () => queryClient.invalidateQueries({ queryKey: postsQuery(eventId).queryKey }),
  });
}
