import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { MessageAlert } from '@client/components/MessageAlert';
import { VinylLoader } from '@client/components/VinylLoader';
import { ApiError } from '@client/lib/api';
import { useZone } from '@client/lib/useZone';
import type { SignupArea } from '@shared/schemas/signup';
import { useSignupArea } from '@client/shared/signup';
import { eventDate } from './format';

/**
 * Both signup pages load the event and the DJ first (spec §2), then show the closed state, the
 * errors of spec §8, that the event is full (to a DJ not on a signup yet), or the page itself. `closed` adds to the closed state (the summary keeps
 * the DJ's submission readable).
 */
export function SignupAreaGate({
  children,
  closed,
}: {
  children: (area: SignupArea) => ReactNode;
  closed?: (area: SignupArea) => ReactNode;
}) {
  const eventId = useParams().eventId ?? '';
  const query = useSignupArea(eventId);
  const zone = useZone();

  if (!eventId) return <Problem>No event ID provided.</Problem>;
  if (query.isPending) {
    return (
      <div className="signup-page py-5">
        <VinylLoader />
      </div>
    );
  }
  if (query.isError) {
    // A refusal (not found, no access) will not change by asking again; anything else might.
    const refused = query.error instanceof ApiError && query.error.status < 500;
    return <Problem onRetry={refused ? undefined : query.refetch}>{problemText(query.error)}</Problem>;
  }

  const area = query.data;
  const named = `${area.event.name} (${eventDate(area.event.startDatetime, zone)})`;
  if (area.event.cancelled) {
    // Said first and in words (issue 34), then the spec's closed state.
    return (
      <SignupCard>
        <div className="alert alert-danger" data-testid="event-cancelled">
          <h1 className="h3 alert-heading">Event Cancelled</h1>
          <p className="mb-0">{named} is cancelled: it will not take place.</p>
        </div>
        <h2 className="h5">Signups Closed</h2>
        <p className="mb-1">Signups for this event are currently closed.</p>
        {closed?.(area)}
      </SignupCard>
    );
  }
  if (!area.event.signupsAreOpen) {
    return (
      <SignupCard>
        <h1 className="h3">Signups Closed</h1>
        <p className="mb-1">Signups for this event are currently closed.</p>
        <p className="text-body-secondary mb-0">{named}</p>
        {closed?.(area)}
      </SignupCard>
    );
  }
  if (area.event.full) {
    // Said before the wizard (the Setup help promises it): no four steps for a refusal at Submit.
    return (
      <SignupCard>
        <h1 className="h3">Signups Full</h1>
        <p className="mb-1">This event has all the signups it can take: no more are accepted.</p>
        <p className="text-body-secondary">
          {area.event.name} ({eventDate(area.event.startDatetime, zone)})
        </p>
        <p className="mb-0">If a place opens up, the hosts say so in Discord. If there are questions, please contact {area.contactHostName}.</p>
      </SignupCard>
    );
  }
  return <>{children(area)}</>;
}

function problemText(error: Error): string {
  if (error instanceof ApiError && error.status === 404) return 'Event or DJ data not found.';
  if (error instanceof ApiError && error.status === 400) return error.message;
  return `Error fetching event and DJ: ${error.message}`;
}

function Problem({ children, onRetry }: { children: ReactNode; onRetry?: () => unknown }) {
  return (
    <div className="signup-page">
      <MessageAlert variant="danger" message={children}>
        {onRetry && (
          <button type="button" className="btn btn-outline-danger" onClick={() => void onRetry()}>
            Retry
          </button>
        )}
      </MessageAlert>
    </div>
  );
}

/** The signup area's page frame: one card, narrow enough to read on a desktop. */
export function SignupCard({ children }: { children: ReactNode }) {
  return (
    <div className="signup-page">
      <div className="card">
        <div className="card-body p-3 p-sm-4">{children}</div>
      </div>
    </div>
  );
}
