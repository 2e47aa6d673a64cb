import { lazy, type ReactNode, Suspense } from 'react';
import { Badge, Card, Col, ListGroup, Row, Spinner } from 'react-bootstrap';
import { Link } from 'react-router';
import { paths } from '@shared/paths';
import { pluralise } from '@shared/pluralise';
import type { DjHome as DjHomeData } from '@shared/schemas/me';
import { formatEventDay, formatSlotForDj, timeBothWays } from '@shared/time';
import { CancelledBadge } from '@client/components/CancelledBadge';
import { LoadError } from '@client/components/LoadError';
import { browserZone } from '@client/lib/zone';
import { useDjHome } from '@client/shared/me';

// Below the DJ's signups, and staff's home shares this module: loaded on demand.
const ReminderChoice = lazy(async () => ({ default: (await import('./ReminderChoice')).ReminderChoice }));

type OwnSignup = DjHomeData['signups'][number];

/** A DJ's Home: events open for signup, their own signups and where they stand, their past plays. */
export function DjHome() {
  const home = useDjHome();
  return (
    <>
      <h1 className="h3 mb-3">Home</h1>
      {home.isPending && (
        <div className="d-flex align-items-center gap-2 text-body-secondary">
          <Spinner size="sm" animation="border" role="status" /> Loading…
        </div>
      )}
      {home.isError && <LoadError title="Your signups could not be loaded." error={home.error} onRetry={home.refetch} heading="h2" />}
      {home.data && <Sections home={home.data} />}
    </>
  );
}

function Sections({ home }: { home: DjHomeData }) {
  const viewer = browserZone();
  const when = (iso: string) => `${formatEventDay(iso, home.seriesZone)} · ${timeBothWays(iso, home.seriesZone, viewer)}`;
  return (
    <>
      <Row className="g-3 mb-3">
        <Col lg={6}>
          <Section title="Open for signup" empty={home.openEvents.length === 0 && 'No events are open for signup right now. The hosts say so in Discord when they are.'}>
            {home.openEvents.map((event) => (
              <ListGroup.Item key={event.id} className="d-flex flex-wrap align-items-center justify-content-between gap-2" data-testid="open-event">
                <EventLine name={event.name} when={when(event.startDatetime)} />
                {event.full ? (
                  <Badge bg="secondary" title="It has all the signups it can take: no more are accepted.">
                    Full<span className="visually-hidden">: {event.name} takes no more signups</span>
                  </Badge>
                ) : (
                  <Link to={paths.signupWizard(event.id)} className={`btn btn-sm ${event.signedUp ? 'btn-outline-primary' : 'btn-primary'}`}>
                    {event.signedUp ? 'Update Signup' : 'Sign up'}
                    <span className="visually-hidden"> for {event.name}</span>
                  </Link>
                )}
              </ListGroup.Item>
            ))}
          </Section>
        </Col>
        <Col lg={6}>
          <Section title="Your signups" empty={home.signups.length === 0 && 'You are not signed up for an upcoming event yet.'}>
            {home.signups.map((signup) => (
              <ListGroup.Item key={signup.eventId} className="d-flex flex-wrap align-items-center justify-content-between gap-2" data-testid="own-signup">
                <div className="me-auto">
                  <EventLine name={signup.eventName} when={when(signup.startDatetime)} />
                  <div className="small mt-1">
                    <SignupState signup={signup} seriesZone={home.seriesZone} />
                    <span className="text-body-secondary"> as {signup.signupName}</span>
                  </div>
                  {signup.state === 'standby' && !signup.cancelled && (
                    <div className="small mt-1" data-testid="standby-line">
                      You are on standby for {signup.eventName}: if a DJ drops out, the hosts may swap you into their slot.
                    </div>
                  )}
                </div>
                <Link to={paths.eventSignup(signup.eventId)} className="btn btn-sm btn-outline-secondary">
                  View signup<span className="visually-hidden"> for {signup.eventName}</span>
                </Link>
              </ListGroup.Item>
            ))}
          </Section>
        </Col>
      </Row>
      <Section
        title={`Your past plays${home.pastPlayCount ? ` (${pluralise(home.pastPlayCount, 'play')})` : ''}`}
        empty={home.pastPlayCount === 0 && 'No past plays yet: your sets show here once their event is over.'}
      >
        {home.pastPlays.map((play) => (
          <ListGroup.Item key={play.eventId} data-testid="past-play">
            <EventLine name={play.eventName} when={formatEventDay(play.startDatetime, home.seriesZone)} />
          </ListGroup.Item>
        ))}
        {home.pastPlayCount > home.pastPlays.length && (
          <ListGroup.Item className="small text-body-secondary">and {pluralise(home.pastPlayCount - home.pastPlays.length, 'earlier play')}</ListGroup.Item>
        )}
      </Section>
      <Suspense fallback={null}>
        <ReminderChoice />
      </Suspense>
      <p className="text-body-secondary small mt-3 mb-0">If there are questions, please contact {home.contactHostName}.</p>
    </>
  );
}

function Section({ title, empty, children }: { title: string; empty: string | false; children: ReactNode }) {
  return (
    <Card as="section" aria-label={title} className="h-100">
      <Card.Header as="h2" className="h6 mb-0">
        {title}
      </Card.Header>
      {empty ? <Card.Body className="text-body-secondary">{empty}</Card.Body> : <ListGroup variant="flush">{children}</ListGroup>}
    </Card>
  );
}

const EventLine = ({ name, when }: { name: string; when: string }) => (
  <div>
    <div className="fw-semibold text-break">{name}</div>
    <div className="small text-body-secondary">{when}</div>
  </div>
);

const STATE_BADGES: Record<OwnSignup['state'], { label: string; bg: string }> = {
  signed_up: { label: 'Signed up', bg: 'secondary' },
  withdrawn: { label: 'Withdrawn', bg: 'warning' },
  standby: { label: 'On standby', bg: 'info' },
  in_lineup: { label: 'In the lineup', bg: 'primary' },
  confirmed: { label: 'Confirmed', bg: 'success' },
  declined: { label: 'You cannot make it', bg: 'warning' },
};

/**
 * 'Signed up', or where they stand in the lineup and their slot: 'Sun 20:00–21:00 London, 15:00
 * your time'. A cancelled event says only that: nobody plays it.
 */
function SignupState({ signup, seriesZone }: { signup: OwnSignup; seriesZone: string }) {
  if (signup.cancelled) {
    return (
      <>
        <CancelledBadge /> <span>This event is cancelled: it will not take place.</span>
      </>
    );
  }
  const badge = STATE_BADGES[signup.state];
  return (
    <>
      <Badge bg={badge.bg} text={badge.bg === 'warning' || badge.bg === 'info' ? 'dark' : undefined}>
        {badge.label}
      </Badge>
      {signup.slot && <span> {formatSlotForDj(signup.slot, seriesZone, browserZone())}</span>}
    </>
  );
}
