import { useEffect, useRef } from 'react';
import { Alert, Badge, Button, Card, ListGroup, Spinner } from 'react-bootstrap';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { hoursOnOneLine as length } from '@shared/hours';
import { paths } from '@shared/paths';
import { DJ_POST_LABELS, DJ_POST_OUTCOMES, type DjPost, type DjPostState, type ReminderSettings } from '@shared/schemas/dj-posts';
import { formatZonedDate } from '@shared/time';
import { browserZone } from '@client/lib/zone';
import { useStoredEvent } from './draft';
import { useEventDjPosts, useRefetchDjPosts, useRetryDjPost } from './djPosts';

const STATES: Record<DjPostState, { label: string; bg: string }> = {
  scheduled: { label: 'Scheduled', bg: 'secondary' },
  sending: { label: 'Sending', bg: 'info' },
  sent: { label: 'Sent', bg: 'success' },
  failed: { label: 'Failed', bg: 'danger' },
  skipped: { label: 'Skipped', bg: 'warning' },
};

/** What the Reminders settings make of the schedule, in a sentence. */
function settingsLine({ slotReminder, slotReminderMinutes, confirmReminder, confirmReminderHours }: ReminderSettings): string {
  const parts = [
    slotReminder ? `each DJ ${length(slotReminderMinutes / 60)} before their slot` : null,
    confirmReminder ? `DJs who have not confirmed ${length(confirmReminderHours)} before the event` : null,
  ].filter(Boolean);
  return parts.length ? `Reminders go to ${parts.join(', and to ')}.` : 'Reminders are off.';
}

/**
 * Verify DJs: what Lineup posts to this event's DJs in the scheduling channel on its own
 * (reminders, the lineup changes and cancellation staff chose to send), each with its state and,
 * when it did not go out, why and a Retry.
 */
export function DjPostsCard({ eventId }: { eventId: string }) {
  const posts = useEventDjPosts(eventId);
  const cancelled = useFollowTheEvent(eventId).cancelled;
  const zone = browserZone();
  return (
    <Card className="mt-3" as="section" aria-labelledby="dj-posts-title">
      <Card.Header>
        <h3 className="h6 mb-0" id="dj-posts-title">
          Posts to DJs in Discord
        </h3>
      </Card.Header>
      <Card.Body className="pb-2">
        {posts.isPending && (
          <div className="d-flex align-items-center gap-2 text-body-secondary">
            <Spinner size="sm" animation="border" role="status" /> Loading the posts…
          </div>
        )}
        {posts.isError && <Alert variant="danger" className="mb-2">The posts could not be loaded: {posts.error.message}</Alert>}
        {posts.data && (
          <>
            {!posts.data.schedulingWebhookSet && (
              <Alert variant="warning" className="mb-2">
                No scheduling webhook is set, so Lineup cannot post to DJs: set it in <Link to={paths.globalSettings()}>Global Settings</Link>.
              </Alert>
            )}
            <p className="small text-body-secondary mb-2">
              Lineup posts these in the scheduling channel, mentioning only the DJs each is for. {settingsLine(posts.data.settings)}{' '}
              <Link to={`${paths.globalSettings()}#reminders`}>Change them in Global Settings</Link>.
            </p>
            {cancelled && <p className="mb-2">This event is cancelled: Lineup sends no reminders for it.</p>}
            {!cancelled && posts.data.posts.length === 0 && <p className="mb-2">Nothing yet: reminders are scheduled once DJs are in the saved lineup.</p>}
          </>
        )}
      </Card.Body>
      {posts.data && posts.data.posts.length > 0 && (
        <ListGroup variant="flush">
          {posts.data.posts.map((post) => (
            <PostRow key={post.id} eventId={eventId} post={post} zone={zone} />
          ))}
        </ListGroup>
      )}
    </Card>
  );
}

function PostRow({ eventId, post, zone }: { eventId: string; post: DjPost; zone: string }) {
  const retry = useRetryDjPost(eventId);
  const state = STATES[post.state];
  const when =
    post.state === 'sent' && post.sentAt
      ? `Sent ${formatZonedDate(post.sentAt, zone)}`
      : `${post.state === 'scheduled' || post.state === 'sending' ? 'Due' : 'Was due'} ${formatZonedDate(post.dueAt, zone)}`;
  const label = DJ_POST_LABELS[post.kind];
  return (
    <ListGroup.Item className="d-flex align-items-start gap-2" data-testid="dj-post">
      <div className="flex-grow-1" style={{ minWidth: 0 }}>
        <div>
          <span className="fw-semibold">{label}</span>
          {post.djs.length > 0 && <span className="text-body-secondary"> · {post.djs.join(', ')}</span>}
        </div>
        <div className="small text-body-secondary">{when}</div>
        {post.outcome && (post.state === 'failed' || post.state === 'skipped') && <div className="small">{DJ_POST_OUTCOMES[post.outcome]}</div>}
        {post.content && (
          <details className="small mt-1">
            <summary>Text</summary>
            <pre className="mb-0 mt-1 text-wrap text-break font-monospace small">{post.content}</pre>
          </details>
        )}
      </div>
      <div className="d-flex flex-wrap justify-content-end align-items-center gap-2">
        <Badge bg={state.bg} text={state.bg === 'warning' || state.bg === 'info' ? 'dark' : undefined} data-testid="dj-post-state">
          {state.label}
        </Badge>
        {(post.state === 'failed' || post.state === 'skipped') && (
          <Button
            size="sm"
            variant="outline-primary"
            disabled={retry.isPending}
            onClick={() =>
              retry.mutate(post.id, {
                onSuccess: () => toast.success('Sending it now.'),
                onError: (error) => toast.error(`Could not retry: ${error.message}`),
              })
            }
          >
            Retry<span className="visually-hidden"> {label.toLowerCase()}{post.djs.length ? ` for ${post.djs.join(', ')}` : ''}</span>
          </Button>
        )}
      </div>
    </ListGroup.Item>
  );
}

/**
 * The stored event; the list is read again whenever it changes (a save, a cancellation, a DJ's
 * confirmation, here or elsewhere): its reminders moved with it, and a change may have been sent.
 */
function useFollowTheEvent(eventId: string) {
  const { stored } = useStoredEvent();
  const refetch = useRefetchDjPosts(eventId);
  const first = useRef(stored);
  useEffect(() => {
    if (stored !== first.current) refetch();
  }, [stored, refetch]);
  return stored;
}
