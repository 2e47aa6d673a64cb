import { Alert, Nav, Spinner, Table } from 'react-bootstrap';
import { Link, NavLink } from 'react-router';
import { paths } from '@shared/paths';
import type { EventList } from '@shared/schemas/events';
import { formatEventDate } from '@shared/time';
import { CancelledBadge } from '@client/components/CancelledBadge';
import { browserZone } from '@client/lib/zone';
import { useEventList } from '@client/shared/events';

/** /events (upcoming, soonest first) and /events/past (newest first). */
export function EventsListPage({ when }: { when: EventList }) {
  const events = useEventList(when);
  const zone = browserZone();
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
        <Alert variant="danger">Failed to load events: {events.error.message}</Alert>
      ) : events.data.length === 0 ? (
        <Alert variant="warning">No Events Found</Alert>
      ) : (
        <Table striped hover responsive>
          <thead>
            <tr>
              <th>Date</th>
              <th>Name</th>
              <th>Host</th>
              <th>Djs</th>
            </tr>
          </thead>
          <tbody>
            {events.data.map((event) => (
              <tr key={event.id}>
                <td>{formatEventDate(event.startDatetime, zone)}</td>
                <td>
                  <Link to={paths.event(event.id)}>{event.name}</Link>
                  {event.cancelled && <CancelledBadge className="ms-2" />}
                </td>
                <td>{event.host}</td>
                <td>{event.djs.join(', ')}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </>
  );
}
