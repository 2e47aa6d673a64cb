import { useState } from 'react';
import { Badge, Button, Dropdown, OverlayTrigger, Tooltip } from 'react-bootstrap';
import { Link } from 'react-router';
import { hasPendingUpdate } from '@shared/dj-update';
import { paths } from '@shared/paths';
import { dropOuts, eventEnd, formatHours, placeSlots } from '@shared/lineup';
import { pluralise } from '@shared/pluralise';
import { staffTime } from '@shared/time';
import { CancelledBadge } from '@client/components/CancelledBadge';
import { useStaffZones } from '@client/lib/useZone';
import { useDraft, useDraftStatus, useStoredEvent } from '@client/shared/draft';
import { useCreateNext } from './CreateNextEventButton';
import { deletable, type LifecycleQuestion, LifecycleDialogs } from './EventLifecycle';
import { PublishButton, UnpublishDialog } from './PublicationButtons';

/**
 * The event page's header: its name and when, where it stands, and its actions. Laid out for a
 * phone as for a desktop (events.css): the name over its time, then the badges, then the actions.
 */
export function EventHeader() {
  const { stored } = useStoredEvent();
  const zones = useStaffZones();
  const placed = placeSlots(stored, stored.djs);
  const hours = placed.reduce((total, slot) => total + slot.duration, 0);
  const when = placed.length > 0 ? staffTime({ start: stored.startDatetime, end: eventEnd(placed, stored.startDatetime) }, zones) : staffTime(stored.startDatetime, zones);
  const dropped = dropOuts(stored).length;
  return (
    <header className="event-header mb-3">
      <div className="event-header__title">
        <h1 className="h3 mb-0 text-break">{stored.name}</h1>
        <div className="text-body-secondary">
          {when}
          {placed.length > 0 && <span className="text-nowrap"> · {formatHours(hours)}</span>}
        </div>
      </div>
      <div className="event-header__status">
        {/* One badge: a cancelled event is public nowhere, whatever its published flag says. */}
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
        <PendingBadge />
        {dropped > 0 && (
          <Badge as={Link} to={paths.event(stored.id, 'lineup')} bg="danger" className="fs-6 text-decoration-none" data-testid="drop-outs">
            {dropped === 1 ? "1 DJ can't make it" : `${dropped} DJs can't make it`}
          </Badge>
        )}
      </div>
      <EventActions />
    </header>
  );
}

/**
 * DJ updates waiting for staff, as the draft has them: Apply or Dismiss on the Lineup tab counts
 * at once, before Save (issue 34).
 */
function PendingBadge() {
  const { id } = useStoredEvent().stored;
  const pending = useDraft().signups.filter(hasPendingUpdate).length;
  if (pending === 0) return null;
  return (
    <Badge as={Link} to={paths.event(id, 'lineup')} bg="warning" text="dark" className="fs-6 text-decoration-none" data-testid="pending-changes">
      {pluralise(pending, 'pending change')}
    </Badge>
  );
}

type Question = LifecycleQuestion | 'unpublish' | null;

/**
 * The header's actions (issue 34): what the host is most likely there for in view (Publish Event,
 * or Restore Event for a cancelled event), Create next event beside it from 576 px, and the rest
 * in the More actions menu, each destructive one behind its question.
 */
function EventActions() {
  const { stored } = useStoredEvent();
  const { isDirty, saving } = useDraftStatus();
  const [asking, setAsking] = useState<Question>(null);
  const close = () => setAsking(null);
  // The next event carries the stored host, message and footer over.
  const next = useCreateNext({ eventId: stored.id, blockedBecause: isDirty ? 'Please save changes before creating the next event.' : undefined });

  return (
    <div className="event-header__actions">
      {stored.cancelled ? (
        <Button variant="outline-primary" onClick={() => setAsking('restore')} disabled={saving}>
          Restore Event
        </Button>
      ) : (
        !stored.published && <PublishButton />
      )}
      {!stored.cancelled && (
        <Link to={paths.event(stored.id, 'live')} className="btn btn-outline-primary">
          Live
        </Link>
      )}
      <Button variant="outline-primary" className="d-none d-sm-inline-block text-nowrap" disabled={next.pending} onClick={next.createNext}>
        Create next event
      </Button>
      <Dropdown align="end">
        <Dropdown.Toggle variant="outline-secondary" aria-label="More actions" disabled={saving}>
          More
        </Dropdown.Toggle>
        <Dropdown.Menu>
          <Dropdown.Item as="button" className="d-sm-none" disabled={next.pending} onClick={next.createNext}>
            Create next event
          </Dropdown.Item>
          {/* A cancelled event takes no change but Restore (issue 34). */}
          {stored.published && !stored.cancelled && (
            <Dropdown.Item as="button" className="text-danger" onClick={() => setAsking('unpublish')}>
              Unpublish
            </Dropdown.Item>
          )}
          {!stored.cancelled && (
            <Dropdown.Item as="button" className="text-danger" onClick={() => setAsking(deletable(stored) ? 'delete' : 'cancel')}>
              {deletable(stored) ? 'Delete Event' : 'Cancel Event'}
            </Dropdown.Item>
          )}
        </Dropdown.Menu>
      </Dropdown>
      {next.dialog}
      <UnpublishDialog show={asking === 'unpublish'} onClose={close} />
      <LifecycleDialogs asking={asking === 'unpublish' ? null : asking} onClose={close} />
    </div>
  );
}
