import { Badge, Table } from 'react-bootstrap';
import { Link, useParams } from 'react-router';
import { clockTime, longDate, zoneCity, zonedTime, zoneLabel } from '@shared/public-lineup';
import { feeds, paths } from '@shared/paths';
import type { PublicEvent, PublicLineup } from '@shared/schemas/public';
import { DocumentTitle } from '@client/components/DocumentTitle';
import { LoadError } from '@client/components/LoadError';
import { VinylLoader } from '@client/components/VinylLoader';
import { ApiError } from '@client/lib/api';
import { browserZone } from '@client/lib/zone';
import { usePublicLineup } from '@client/shared/public';
import { djCount } from './format';

/** /lineups/{eventId}: a published event's lineup, in the visitor's time and the series' (London) time. */
export function PublicLineupPage() {
  const eventId = useParams().eventId ?? '';
  const query = usePublicLineup(eventId);
  if (query.isPending) return <VinylLoader label="Loading the lineup…" />;
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.status === 404) return <LineupNotFound />;
    return <LoadError title="Could not load this lineup." error={query.error} onRetry={query.refetch} />;
  }
  return <Lineup lineup={query.data} />;
}

function LineupNotFound() {
  return (
    <section className="py-3">
      <DocumentTitle title="Lineup not found" />
      <h1 className="h3">Lineup not found</h1>
      <p>This lineup is not public, or there is no such event.</p>
      <Link to={paths.publicLineups()}>See the upcoming events</Link>
    </section>
  );
}

function Lineup({ lineup }: { lineup: PublicLineup }) {
  const { event, seriesName, seriesZone } = lineup;
  const visitorZone = browserZone();
  // The visitor's zone first; the series' zone beside it unless they are the same clock.
  const zones = sameClock(event, visitorZone, seriesZone) ? [seriesZone] : [visitorZone, seriesZone];
  const start = event.startDatetime;
  return (
    <article className="public-lineup">
      <DocumentTitle title={`${event.name} · ${seriesName}`} />
      <p className="public-kicker">{seriesName}</p>
      <h1 className="h2 mb-2">{event.name}</h1>
      <p className="lead mb-1">{longDate(start, visitorZone)}</p>
      <p className="mb-1">
        {zones.map((zone, index) => (
          <span key={zone}>
            {index > 0 && ' · '}
            {clockTime(start, zone)} {zoneLabel(start, zone)} {zoneName(zone, visitorZone, zones.length)}
          </span>
        ))}
      </p>
      <p className="mb-4">{event.host.trim() ? `Hosted by ${event.host}` : 'Host TBA'}</p>

      <section aria-labelledby="lineup-heading" className="mb-4">
        <h2 id="lineup-heading" className="h4">
          Lineup {event.slots.length > 0 && <small className="text-body-secondary fs-6">({djCount(event.slots.length)})</small>}
        </h2>
        {event.slots.length === 0 ? (
          <p>The lineup will be announced soon.</p>
        ) : (
          <Table className="public-lineup-table align-middle">
            <thead>
              <tr>
                {zones.map((zone) => (
                  <th key={zone} scope="col" className="public-time">
                    {zoneHeading(zone, visitorZone, zones.length)} <span className="text-body-secondary fw-normal">{zoneLabel(start, zone)}</span>
                  </th>
                ))}
                <th scope="col">DJ</th>
              </tr>
            </thead>
            <tbody>
              {event.slots.map((slot) => (
                <tr key={`${slot.startTime}-${slot.name}`}>
                  {zones.map((zone) => {
                    const time = zonedTime(slot.startTime, zone, start);
                    return (
                      <td key={zone} className="public-time">
                        {time.time}
                        {time.dayOffset !== 0 && (
                          <sup className="public-day-mark" title={time.dayOffset > 0 ? 'the next day' : 'the day before'}>
                            {time.dayOffset > 0 ? `+${time.dayOffset}` : time.dayOffset}
                          </sup>
                        )}
                      </td>
                    );
                  })}
                  <td className="public-act">
                    {slot.name}
                    {slot.isDebut && (
                      <Badge bg="warning" text="dark" className="ms-2">
                        Debut
                      </Badge>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </section>

      {event.links.length > 0 && (
        <section aria-labelledby="watch-heading" className="mb-4">
          <h2 id="watch-heading" className="h4">
            Watch and join
          </h2>
          <div className="d-flex flex-wrap gap-2">
            {event.links.map((link) => (
              <a key={link.url} href={link.url} className="btn btn-primary" target="_blank" rel="noopener noreferrer">
                {link.label}
              </a>
            ))}
          </div>
        </section>
      )}

      <section aria-labelledby="share-heading">
        <h2 id="share-heading" className="h6 text-body-secondary">
          Share
        </h2>
        <ul className="list-inline mb-0">
          <li className="list-inline-item">
            <a href={feeds.lineupImage(event.id, 'png', { tz: zones.join(',') })}>Lineup image</a>
          </li>
          <li className="list-inline-item">
            <a href={feeds.events()}>Add the series to your calendar</a>
          </li>
          <li className="list-inline-item">
            <Link to={paths.publicLineups()}>All upcoming events</Link>
          </li>
        </ul>
      </section>
    </article>
  );
}

/** Whether two zones show the same clock for the whole event (then one column is enough). */
function sameClock(event: PublicEvent, a: string, b: string): boolean {
  return [event.startDatetime, ...event.slots.map((slot) => slot.startTime)].every(
    (iso) => clockTime(iso, a) === clockTime(iso, b) && zoneLabel(iso, a) === zoneLabel(iso, b),
  );
}

const zoneHeading = (zone: string, visitorZone: string, columns: number) =>
  columns > 1 && zone === visitorZone ? 'Your time' : columns > 1 ? zoneCity(zone) : 'Time';

const zoneName = (zone: string, visitorZone: string, columns: number) =>
  columns > 1 && zone === visitorZone ? '(your time)' : `(${zoneCity(zone)})`;
