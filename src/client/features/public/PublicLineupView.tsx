import { CANCELLED_WORDS, clockTime, longDate, zoneLabel } from '@shared/public-lineup';
import { zonePlace } from '@shared/time';
import { feeds, paths } from '@shared/paths';
import type { PublicLineup, PublicLive, PublicSlot } from '@shared/schemas/public';
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
  const series = zonePlace(seriesZone);
  return (
    <article
      className={visitorZone === null ? `public-lineup ${VISITOR_PENDING}` : 'public-lineup'}
      // The night the page's script follows (public-page.ts): from before the start to the end.
      data-live-from={event.cancelled ? undefined : start}
      data-live-until={event.cancelled ? undefined : event.endDatetime}
    >
      <title>{`${event.cancelled ? 'Cancelled: ' : ''}${event.name} · ${seriesName}`}</title>
      <div className="public-poster">
        <p className="public-kicker">{seriesName}</p>
        <h1>{event.name}</h1>
        {event.cancelled && (
          <p className="public-cancelled" data-testid="cancelled">
            {CANCELLED_WORDS}
          </p>
        )}
        <p className="public-date">{longDate(start, seriesZone)}</p>
        <p>
          {clockTime(start, seriesZone)} {zoneLabel(start, seriesZone)} in {series}
        </p>
        <p data-visitor-only>
          <VisitorTime format="when" iso={start} eventStart={start} zone={zone} /> your time
        </p>
        <p className="public-host">{event.host.trim() ? `Hosted by ${event.host}` : 'Host TBA'}</p>
      </div>

      {lineup.live && <LiveNow live={lineup.live} start={start} seriesZone={seriesZone} zone={zone} />}

      {!event.cancelled && (
        <section aria-labelledby="lineup-heading" className="public-section">
          <h2 id="lineup-heading">
            Lineup {event.slots.length > 0 && <small className="public-count">({djCount(event.slots.length)})</small>}
          </h2>
          {event.slots.length === 0 ? (
            <p>The lineup will be announced soon.</p>
          ) : (
            <table className="public-lineup-table">
              <thead>
                <tr>
                  <th scope="col" className="public-time" data-visitor-only>
                    Your time{' '}
                    <span className="public-zone">
                      <VisitorTime format="zone" iso={start} eventStart={start} zone={zone} />
                    </span>
                  </th>
                  <th scope="col" className="public-time">
                    {series} <span className="public-zone">{zoneLabel(start, seriesZone)}</span>
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
                      {slot.isDebut && <span className="public-debut">Debut</span>}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      )}

      {event.links.length > 0 && (
        <section aria-labelledby="watch-heading" className="public-section">
          <h2 id="watch-heading">Watch and join</h2>
          <div className="public-links">
            {event.links.map((link) => (
              <a key={link.url} href={link.url} className="public-button" target="_blank" rel="noopener noreferrer">
                {link.label}
              </a>
            ))}
          </div>
        </section>
      )}

      <section aria-labelledby="share-heading">
        <h2 id="share-heading" className="public-caption">
          Share
        </h2>
        <ul className="public-inline-list">
          {!event.cancelled && (
            <li>
              <a href={feeds.lineupImage(event.id, 'png', { tz: seriesZone })}>Lineup image</a>
            </li>
          )}
          <li>
            <a href={paths.publicLineups()}>All upcoming events</a>
          </li>
        </ul>
      </section>
    </article>
  );
}

/**
 * While the event runs (issue 35): who plays now and who is up next, as the server's clock has
 * it. The page's script fetches the page again now and then and swaps this section for the new
 * one, or puts it in after the poster once the night starts (public-page.ts), so a page left open
 * on a screen follows the night.
 */
function LiveNow({ live, start, seriesZone, zone }: { live: PublicLive; start: string; seriesZone: string; zone: string }) {
  const when = (slot: PublicSlot) => (
    <>
      {visitorText('slot', slot.startTime, seriesZone, start)} {zoneLabel(slot.startTime, seriesZone)}
      <span data-visitor-only>
        {' '}
        (<VisitorTime format="slot" iso={slot.startTime} eventStart={start} zone={zone} /> your time)
      </span>
    </>
  );
  return (
    <section aria-labelledby="live-heading" className="public-section public-live" data-live-now>
      <h2 id="live-heading" className="public-caption">
        On air
      </h2>
      <dl className="public-live-list">
        <div>
          <dt>Now playing</dt>
          <dd data-testid="now-playing">{live.nowPlaying ? live.nowPlaying.name : 'Nobody right now'}</dd>
        </div>
        {live.upNext && (
          <div>
            <dt>Up next</dt>
            <dd data-testid="up-next">
              {live.upNext.name} <span className="public-live-time">at {when(live.upNext)}</span>
            </dd>
          </div>
        )}
      </dl>
    </section>
  );
}

export function LineupNotFound() {
  return (
    <section className="public-not-found">
      <title>Lineup not found</title>
      <h1>Lineup not found</h1>
      <p>This lineup is not public, or there is no such event.</p>
      <a href={paths.publicLineups()}>See the upcoming events</a>
    </section>
  );
}
