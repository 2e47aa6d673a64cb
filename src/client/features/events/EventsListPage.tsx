import './events.css';
import { Alert, Badge, Nav, Spinner, Table } from 'react-bootstrap';
import { Link, NavLink } from 'react-router';
import { paths } from '@shared/paths';
import { pluralise } from '@shared/pluralise';
import type { EventList, EventSummary } from '@shared/schemas/events';
import { staffTime } from '@shared/time';
import { CancelledBadge } from '@client/components/CancelledBadge';
import { LoadError } from '@client/components/LoadError';
import { useStaffZones } from '@client/lib/useZone';
import { useEventList } from '@client/shared/events';
import { CreateNextEventButton } from './CreateNextEventButton';

/** /events (upcoming, soonest first) and /events/past (newest first). */
export function EventsListPage({ when }: { when: EventList }) {
  const events = useEventList(when);
  const zones = useStaffZones();
  return (
    <>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <h1 className="h3 mb-0 me-auto">Events</h1>
        <Link className="btn btn-primary" to={paths.createEvent()}>
          Create Event
        </Link>
      </div>
      <Nav variant="tabs" className="mb-3">
        <Nav.Item>
          <Nav.Link as={NavLink} to={paths.events()} end>
            Upcoming Events
          </Nav.Link>
        </Nav.Item>
        <Nav.Item>
          <Nav.Link as={NavLink} to={paths.pastEvents()}>
            Past Events
          </Nav.Link>
        </Nav.Item>
      </Nav>
      {events.isPending ? (
        <Spinner animation="border" role="status" aria-label="Loading events" />
      ) : events.isError ? (
        <LoadError title="Failed to load events." error={events.error} onRetry={events.refetch} heading="h2" />
      ) : events.data.length === 0 ? (
        <Alert variant="warning">No Events Found</Alert>
      ) : (
        // Below 576 px each row stacks into a card, its cells labelled (events.css).
        <Table striped hover className="events-table align-middle">
          <thead>
            <tr>
              <th>Date</th>
              <th>Name</th>
              <th>Host</th>
              <th>Djs</th>
              <th>
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {events.data.map((event) => (
              <tr key={event.id}>
                <td data-label="Date">{staffTime(event.startDatetime, zones)}</td>
                <td data-label="Name">
                  <Link to={paths.event(event.id)} className="text-break">
                    {event.name}
                  </Link>
                  <EventBadges event={event} />
                </td>
                <td data-label="Host">{event.host || <span className="text-body-secondary">TBA</span>}</td>
                <td data-label="Djs">{event.djs.length > 0 ? event.djs.join(', ') : <span className="text-body-secondary">None yet</span>}</td>
                <td className="text-md-end">
                  <CreateNextEventButton eventId={event.id} eventName={event.name} />
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </>
  );
}

/** Where the event stands this week, at a glance. */
function EventBadges({ event }: { event: EventSummary }) {
  return (
    <div className="d-flex flex-wrap gap-1 mt-1" data-testid="event-badges">
      {/* A cancelled event takes no signups and shows as cancelled wherever it is seen, whatever its flags say. */}
      {event.cancelled ? (
        <CancelledBadge />
      ) : (
        <Badge bg={event.published ? 'success' : 'secondary'}>{event.published ? 'Published' : 'Unpublished'}</Badge>
      )}
      {event.signupsAreOpen && !event.cancelled && (
        <Badge bg="info" text="dark">
          Signups open
        </Badge>
      )}
      <Badge bg="light" text="dark" className="border">
        {pluralise(event.slotCount, 'slot')}
      </Badge>
    </div>
  );
}
