import { CANCELLED_WORDS, clockTime, longDate, zoneLabel } from '@shared/public-lineup';
import { zonePlace } from '@shared/time';
import { paths } from '@shared/paths';
import type { PublicEventSummary, PublicLineupList } from '@shared/schemas/public';
import { djCount } from './format';
import { VISITOR_PENDING } from './visitorText';
import { VisitorTime } from './VisitorTime';

/** The series' upcoming published events, soonest first. `visitorZone` as in PublicLineupView. */
export function PublicLineupsView({ list, visitorZone }: { list: PublicLineupList; visitorZone: string | null }) {
  const { seriesName, seriesZone, events } = list;
  return (
    <div className={visitorZone === null ? VISITOR_PENDING : undefined}>
      <title>{`Upcoming events · ${seriesName}`}</title>
      <p className="public-kicker">{seriesName}</p>
      <h1 className="public-index-title">Upcoming events</h1>
      {events.length === 0 ? (
        <p className="public-lead">No upcoming events have been announced yet. Check back soon!</p>
      ) : (
        <ul className="public-event-list">
          {events.map((event) => (
            <li key={event.id}>
              <EventCard event={event} seriesZone={seriesZone} visitorZone={visitorZone} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function EventCard({ event, seriesZone, visitorZone }: { event: PublicEventSummary; seriesZone: string; visitorZone: string | null }) {
  const start = event.startDatetime;
  return (
    <div className="public-card">
      <p className="public-muted">
        {longDate(start, seriesZone)}, {clockTime(start, seriesZone)} {zoneLabel(start, seriesZone)} in {zonePlace(seriesZone)}
        <br />
        <span data-visitor-only>
          <VisitorTime format="when" iso={start} eventStart={start} zone={visitorZone ?? seriesZone} /> your time
        </span>
      </p>
      <h2>
        <a href={paths.publicLineup(event.id)}>{event.name}</a>
      </h2>
      {event.cancelled ? (
        <p className="public-cancelled">{CANCELLED_WORDS}</p>
      ) : (
        <p>
          {event.host.trim() ? `Hosted by ${event.host}` : 'Host TBA'} · {event.djs.length > 0 ? djCount(event.djs.length) : 'Lineup TBA'}
        </p>
      )}
      {event.djs.length > 0 && <p className="public-card-djs">{event.djs.join(' · ')}</p>}
    </div>
  );
}
