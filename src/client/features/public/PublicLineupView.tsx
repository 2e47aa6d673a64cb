import { Badge, Table } from 'react-bootstrap';
import { CANCELLED_WORDS, clockTime, longDate, zoneCity, zoneLabel } from '@shared/public-lineup';
import { feeds, paths } from '@shared/paths';
import type { PublicLineup } from '@shared/schemas/public';
import { djCount } from './format';
import { VISITOR_PENDING, visitorText } from './visitorText';
import { VisitorTime } from './VisitorTime';

/**
 * A published event's lineup in the visitor's time and the series' time. `visitorZone` null:
 * rendered on the server, which leaves the visitor's times to public-page.ts (visitorText.ts).
 */
export function PublicLineupView({ lineup, visitorZone }: { lineup: PublicLineup; visitorZone: string | null }) {
  const { event, seriesName, seriesZone } = lineup;
  const start = event.startDatetime;
  const zone = visitorZone ?? seriesZone;
  const series = zoneCity(seriesZone);
  return (
    <article className={visitorZone === null ? `public-lineup ${VISITOR_PENDING}` : 'public-lineup'}>
      <title>{`${event.cancelled ? 'Cancelled: ' : ''}${event.name} · ${seriesName}`}</title>
      <div className="public-poster">
        <p className="public-kicker">{seriesName}</p>
        <h1 className="mb-3">{event.name}</h1>
        {event.cancelled && (
          <p className="public-cancelled" data-testid="cancelled">
            {CANCELLED_WORDS}
          </p>
        )}
        <p className="public-date mb-1">{longDate(start, seriesZone)}</p>
        <p className="mb-0">
          {clockTime(start, seriesZone)} {zoneLabel(start, seriesZone)} in {series}
        </p>
        <p className="mb-2" data-visitor-only>
          <VisitorTime format="when" iso={start} eventStart={start} zone={zone} /> your time
        </p>
        <p className="public-host mb-0">{event.host.trim() ? `Hosted by ${event.host}` : 'Host TBA'}</p>
      </div>

      {!event.cancelled && (
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
                  <th scope="col" className="public-time" data-visitor-only>
                    Your time{' '}
                    <span className="text-body-secondary fw-normal">
                      <VisitorTime format="zone" iso={start} eventStart={start} zone={zone} />
                    </span>
                  </th>
                  <th scope="col" className="public-time">
                    {series} <span className="text-body-secondary fw-normal">{zoneLabel(start, seriesZone)}</span>
                  </th>
                  <th scope="col">DJ</th>
                </tr>
              </thead>
              <tbody>
                {event.slots.map((slot) => (
                  <tr key={`${slot.startTime}-${slot.name}`}>
                    <td className="public-time" data-visitor-only>
                      <VisitorTime format="slot" iso={slot.startTime} eventStart={start} zone={zone} />
                    </td>
                    <td className="public-time">{visitorText('slot', slot.startTime, seriesZone, start)}</td>
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
      )}

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
        <h2 id="share-heading" className="lu-eyebrow">
          Share
        </h2>
        <ul className="list-inline mb-0">
          {!event.cancelled && (
            <li className="list-inline-item">
              <a href={feeds.lineupImage(event.id, 'png', { tz: seriesZone })}>Lineup image</a>
            </li>
          )}
          <li className="list-inline-item">
            <a href={paths.publicLineups()}>All upcoming events</a>
          </li>
        </ul>
      </section>
    </article>
  );
}

export function LineupNotFound() {
  return (
    <section className="py-3">
      <title>Lineup not found</title>
      <h1 className="h3">Lineup not found</h1>
      <p>This lineup is not public, or there is no such event.</p>
      <a href={paths.publicLineups()}>See the upcoming events</a>
    </section>
  );
}
