import { useState } from 'react';
import { Button } from 'react-bootstrap';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { type DiscordMessage, whoIsPinged } from '@shared/announcements';
import type { Dj } from '@shared/schemas/djs';
import { type DiscordPostKind, WEBHOOK_LABELS, WEBHOOK_OF_POST } from '@shared/discord-webhooks';
import { paths } from '@shared/paths';
import { staffTime } from '@shared/time';
import { ApiError } from '@client/lib/api';
import { useStaffZones } from '@client/lib/useZone';
import { useDiscordPosts, usePostToDiscord } from './discord';
import { ConfirmDialog } from '@client/components/ConfirmDialog';
import { RetryButton } from '@client/components/LoadError';

const WHERE: Record<DiscordPostKind, string> = {
  'signups-open': 'the announcements channel',
  verify: 'the scheduling channel',
  announcement: 'the announcements channel',
  cancellation: 'the announcements channel',
};

/**
 * "Post to Discord" beside Copy Text, filled where Copy Text is outlined: it sends the message and
 * notifies people, and says whom; once posted, "Update post" edits that message. A failure is a
 * toast in plain words and the text stays on the screen to try again or copy by hand.
 */
export function DiscordPostButton({ eventId, kind, message, djs }: { eventId: string; kind: DiscordPostKind; message: DiscordMessage; djs: Record<string, Dj> }) {
  const text = message.content;
  const posts = useDiscordPosts(eventId);
  const post = usePostToDiscord(eventId, kind);
  const [confirming, setConfirming] = useState(false);
  const zones = useStaffZones();
  const when = (iso: string) => staffTime(iso, zones);
  if (posts.isError) {
    return (
      <span className="small text-body-secondary">
        Post to Discord is unavailable right now ({posts.error.message}).
        <RetryButton onRetry={posts.refetch} />
      </span>
    );
  }
  if (!posts.data) return null;
  const earlier = posts.data.posts.find((p) => p.kind === kind);
  const webhook = WEBHOOK_OF_POST[kind];
  const label = earlier ? 'Update post' : 'Post to Discord';

  if (!posts.data.webhooks[webhook]) {
    return (
      <span className="small text-body-secondary">
        To post from here, set the {WEBHOOK_LABELS[webhook].toLowerCase()} in <Link to={paths.globalSettings()}>Global Settings</Link>.
      </span>
    );
  }

  const send = () =>
    post.mutate(text, {
      onSuccess: ({ updated }) => {
        setConfirming(false);
        toast.success(updated ? 'The Discord message was updated.' : `Posted to ${WHERE[kind]}.`);
      },
      onError: (error) => {
        setConfirming(false);
        toast.error(error instanceof ApiError ? error.message : 'Could not reach Lineup: check your connection and try again.', { duration: 8000 });
      },
    });
  const last = earlier && (earlier.updatedAt ? `Updated ${when(earlier.updatedAt)} by ${earlier.updatedBy}` : `Posted ${when(earlier.postedAt)} by ${earlier.postedBy}`);
  const pinged = whoIsPinged(message, djs);

  return (
    <>
      <Button variant="primary" size="sm" disabled={post.isPending || text === ''} onClick={() => setConfirming(true)}>
        {post.isPending ? 'Posting…' : label}
      </Button>
      <span className="small fw-semibold" data-testid="post-pings">
        {pinged}
      </span>
      {last && <span className="small text-body-secondary">{last}</span>}
      <ConfirmDialog
        show={confirming}
        title={earlier ? 'Update the Discord message?' : 'Post to Discord?'}
        confirmLabel={label}
        busy={post.isPending}
        onConfirm={send}
        onCancel={() => setConfirming(false)}
      >
        <p>
          {earlier
            ? `The message posted earlier in ${WHERE[kind]} is replaced by the text shown here.`
            : `The text shown here is posted in ${WHERE[kind]}; the people and roles it mentions are notified.`}
        </p>
        <p className="mb-0 fw-semibold">{pinged}</p>
      </ConfirmDialog>
    </>
  );
}

