import { Card } from 'react-bootstrap';
import { Link } from 'react-router';
import { clockTime, longDate, zoneLabel } from '@shared/public-lineup';
import { paths } from '@shared/paths';
import type { PublicEventSummary } from '@shared/schemas/public';
import { DocumentTitle } from '@client/components/DocumentTitle';
import { LoadError } from '@client/components/LoadError';
import { VinylLoader } from '@client/components/VinylLoader';
import { browserZone } from '@client/lib/zone';
import { usePublicLineups } from '@client/shared/public';
import { djCount } from './format';

/** /lineups: the series' upcoming published events, soonest first. */
export function PublicLineupsPage() {
  const query = usePublicLineups();
  if (query.isPending) return <VinylLoader label="Loading lineups…" />;
  if (query.isError) {
    return <LoadError title="Could not load the lineups." error={query.error} onRetry={query.refetch} />;
  }
  const { seriesName, events } = query.data;
  return (
    <>
      <DocumentTitle title={`Upcoming events · ${seriesName}`} />
      <p className="public-kicker">{seriesName}</p>
      <h1 className="h2 mb-4">Upcoming events</h1>
      {events.length === 0 ? (
        <p className="lead">No upcoming events have been announced yet. Check back soon!</p>
      ) : (
        <ul className="list-unstyled public-event-list">
          {events.map((event) => (
            <li key={event.id}>
              <EventCard event={event} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function EventCard({ event }: { event: PublicEventSummary }) {
  const zone = browserZone();
  return (
    <Card className="public-card">
      <Card.Body>
        <p className="text-body-secondary mb-1">
          {longDate(event.startDatetime, zone)}, {clockTime(event.startDatetime, zone)} {zoneLabel(event.startDatetime, zone)}
        </p>
        <h2 className="h4 mb-1">
          <Link to={paths.publicLineup(event.id)} className="stretched-link">
            {event.name}
          </Link>
        </h2>
        <p className="mb-0">
          {event.host.trim() ? `Hosted by ${event.host}` : 'Host TBA'} · {event.djs.length > 0 ? djCount(event.djs.length) : 'Lineup TBA'}
        </p>
        {event.djs.length > 0 && <p className="text-body-secondary small mb-0 mt-1">{event.djs.join(' · ')}</p>}
      </Card.Body>
    </Card>
  );
}
