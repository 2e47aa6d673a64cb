import { Alert, Badge, Nav, OverlayTrigger, Spinner, Tooltip } from 'react-bootstrap';
import { Link, NavLink, Outlet, useLocation, useParams } from 'react-router';
import { paths } from '@shared/paths';
import { dropOuts, eventEnd, formatHours, placeSlots } from '@shared/lineup';
import { pluralise } from '@shared/pluralise';
import { formatEventDate, formatLocalTime, zoneName } from '@shared/time';
import { CancelledBadge } from '@client/components/CancelledBadge';
import { LoadError } from '@client/components/LoadError';
import { MessageAlert } from '@client/components/MessageAlert';
import { ApiError } from '@client/lib/api';
import { browserZone } from '@client/lib/zone';
import type { EventTabDefinition } from '@client/shared/eventTabs';
import { useEventDetail } from '@client/shared/events';
import { CancellationNotice } from './CancellationNotice';
import { CreateNextEventButton } from './CreateNextEventButton';
import { ConflictAlert } from './draft/ConflictAlert';
import { EventLifecycle } from './EventLifecycle';
import { EventDraftProvider, useDraftStatus, useStoredEvent } from '@client/shared/draft';
import { LeaveGuard } from './draft/LeaveGuard';
import { PublishButton, UnpublishButton } from './PublicationButtons';
import { SaveBar } from './draft/SaveBar';
import { StoredProblemsAlert } from './draft/StoredProblemsAlert';

/** /events/:eventId: loads the event, holds its draft for every tab, and frames the tabs (in their order). */
export function EventPage({ tabs }: { tabs: readonly EventTabDefinition[] }) {
  const { eventId = '' } = useParams();
  const event = useEventDetail(eventId);
  const { pathname } = useLocation();
  if (event.isPending) return <Spinner animation="border" role="status" aria-label="Loading event" />;
  if (event.isError) {
    const backToEvents = (
      <Alert.Link as={Link} to={paths.events()}>
        Back to Events
      </Alert.Link>
    );
    if (event.error instanceof ApiError && event.error.status === 404) {
      return (
        <MessageAlert variant="warning" message="Event not found.">
          {backToEvents}
        </MessageAlert>
      );
    }
    return (
      <LoadError title="Failed to load the event." error={event.error} onRetry={event.refetch}>
        {backToEvents}
      </LoadError>
    );
  }
  return (
    // Keyed by event: another event gets a fresh draft.
    <EventDraftProvider key={eventId} stored={event.data}>
      <EventHeader />
      <CancellationNotice />
      <ConflictAlert />
      <StoredProblemsAlert tabs={tabs} />
      <Nav variant="tabs" className="mb-3">
        {tabs.filter((definition) => !definition.hidden).map(({ tab, label }, index) => (
          <Nav.Item key={tab}>
            <Nav.Link
              as={NavLink}
              to={paths.event(eventId, tab)}
              // The index route shows the first tab too.
              className={index === 0 && pathname === paths.event(eventId) ? 'active' : undefined}
            >
              {label}
            </Nav.Link>
          </Nav.Item>
        ))}
      </Nav>
      <Outlet />
      <SaveBar />
      <LeaveGuard />
    </EventDraftProvider>
  );
}

function EventHeader() {
  const { stored } = useStoredEvent();
  const { isDirty } = useDraftStatus();
  const zone = browserZone();
  const placed = placeSlots(stored, stored.djs);
  const end = eventEnd(placed, stored.startDatetime);
  const hours = placed.reduce((total, slot) => total + slot.duration, 0);
  const pending = stored.signups.filter((signup) => signup.updatePendingAt !== null).length;
  const dropped = dropOuts(stored).length;
  return (
    <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
      <div className="me-auto">
        <h1 className="h3 mb-0">{stored.name}</h1>
        <div className="text-body-secondary">
          {formatEventDate(stored.startDatetime, zone)}
          {placed.length > 0 && ` – ${formatLocalTime(end, zone)}`} {zoneName(zone)}
          {placed.length > 0 && ` · ${formatHours(hours)}`}
        </div>
      </div>
      {pending > 0 && (
        <Badge as={Link} to={paths.event(stored.id, 'lineup')} bg="warning" text="dark" className="fs-6 text-decoration-none">
          {pluralise(pending, 'pending change')}
        </Badge>
      )}
      {dropped > 0 && (
        <Badge as={Link} to={paths.event(stored.id, 'lineup')} bg="danger" className="fs-6 text-decoration-none" data-testid="drop-outs">
          {dropped === 1 ? "1 DJ can't make it" : `${dropped} DJs can't make it`}
        </Badge>
      )}
      {/* One badge: a cancelled event is cancelled wherever it shows, whatever its published flag says. */}
      {stored.cancelled ? (
        <CancelledBadge className="fs-6" />
      ) : (
        <OverlayTrigger
          placement="bottom"
          overlay={
            <Tooltip id="event-published-tooltip">
              {stored.published
                ? 'This event is published: its lineup can be shown publicly.'
                : 'This event is not published yet: its lineup is not shown publicly.'}
            </Tooltip>
          }
        >
          <Badge bg={stored.published ? 'success' : 'secondary'} tabIndex={0} className="fs-6">
            {stored.published ? 'Published' : 'Unpublished'}
          </Badge>
        </OverlayTrigger>
      )}
      {/* A cancelled event takes no change but Restore (issue 34). */}
      {!stored.cancelled && (stored.published ? <UnpublishButton /> : <PublishButton />)}
      <EventLifecycle />
      <CreateNextEventButton
        eventId={stored.id}
        eventName={stored.name}
        // The next event carries the stored host, message and footer over.
        blockedBecause={isDirty ? 'Please save changes before creating the next event.' : undefined}
      />
    </div>
  );
}
