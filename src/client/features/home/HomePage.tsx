import type { ReactNode } from 'react';
import { Badge, Card, Col, Row, Spinner } from 'react-bootstrap';
import { Link } from 'react-router';
import { paths } from '@shared/paths';
import { hasAccess } from '@shared/policy';
import type { Settings } from '@shared/schemas/settings';
import { isShippedExample } from '@shared/setup-checklist';
import { staffTime } from '@shared/time';
import { CancelledBadge } from '@client/components/CancelledBadge';
import { RetryButton } from '@client/components/LoadError';
import { useStaffZones } from '@client/lib/useZone';
import { useHomeEvent } from '@client/shared/events';
import { useMe } from '@client/shared/session';
import { useSettings } from '@client/shared/settings';
import { DjHome } from './DjHome';
import { SetupChecklist } from './SetupChecklist';

/** Staff get the dashboard; a DJ their own signups (the guard has loaded who this is). */
export function HomePage() {
  const me = useMe();
  return hasAccess(me.data?.roles, 'staff') ? <StaffHome /> : <DjHome />;
}

function StaffHome() {
  const settings = useSettings();
  return (
    <>
      <h1 className="h3 mb-3">Home</h1>
      <SetupChecklist />
      <Row className="g-3 mb-4">
        <Col md={7}>
          <HomeEventCard />
        </Col>
        <Col md={5}>
          <Card className="h-100">
            <Card.Body>
              <Card.Title as="h2" className="h5">
                Signup Sheet
              </Card.Title>
              {settings.isPending ? (
                <Loading />
              ) : settings.isError ? (
                <Card.Text className="text-danger">
                  unable to find signup url ({settings.error.message})
                  <RetryButton onRetry={settings.refetch} />
                </Card.Text>
              ) : isShippedExample('signupUrl', settings.data.signupUrl) ? (
                <NotSetYet />
              ) : (
                <>
                  <Card.Text className="text-body-secondary small">Where DJs sign up to play.</Card.Text>
                  <a href={settings.data.signupUrl} target="_blank" rel="noopener noreferrer" className="text-break" data-testid="signup-url">
                    {settings.data.signupUrl}
                  </a>
                </>
              )}
            </Card.Body>
          </Card>
        </Col>
      </Row>
      <h2 className="h4 mb-3">Helpful Links</h2>
      <Row xs={1} md={3} className="g-3">
        <LinkCard title="Hosting Guide" url={settings.data?.hostingGuideUrl} loading={settings.isPending}>
          How to run an event, step by step.
        </LinkCard>
        <LinkCard title="Shared Drive Folder" url={settings.data?.sharedDriveUrl} loading={settings.isPending}>
          Performer stream links and a fallback tracking sheet.
        </LinkCard>
        <LinkCard title="Chat Server" url={settings.data?.chatServerUrl} loading={settings.isPending}>
          The community Discord server.
        </LinkCard>
      </Row>
    </>
  );
}

const NotSetYet = () => (
  <span className="small fst-italic">
    Not set yet — add it in <Link to={paths.globalSettings()}>Global Settings</Link>
  </span>
);

const Loading = () => (
  <div className="d-flex align-items-center gap-2 text-body-secondary">
    <Spinner size="sm" animation="border" role="status" /> Loading…
  </div>
);

/** The current event (started, not ended), else the next one. */
function HomeEventCard() {
  const home = useHomeEvent();
  const event = home.data?.event;
  const zones = useStaffZones();
  // Judged at the moment the server picked the event, so rendering stays pure.
  const inProgress = event ? Date.parse(event.startDatetime) <= home.dataUpdatedAt : false;
  return (
    <Card className="h-100">
      <Card.Body>
        <Card.Title as="h2" className="h5">
          {inProgress ? 'Current Event' : 'Next Event'}
          {inProgress && (
            <Badge bg="success" className="ms-2 align-middle">
              Live now
            </Badge>
          )}
        </Card.Title>
        {home.isPending && <Loading />}
        {home.isError && (
          <Card.Text className="text-danger">
            The next event could not be loaded: {home.error.message}
            <RetryButton onRetry={home.refetch} />
          </Card.Text>
        )}
        {home.isSuccess && !event && (
          <>
            <Card.Text className="text-body-secondary">No upcoming events</Card.Text>
            <Link to={paths.createEvent()}>Create Event</Link>
          </>
        )}
        {event && (
          <>
            <Link to={paths.event(event.id)} className="fs-5 fw-semibold d-block text-break">
              {event.name}
            </Link>
            {event.cancelled && <CancelledBadge />}
            <div>{staffTime(event.startDatetime, zones)}</div>
            <div className="text-body-secondary small">Host: {event.host || 'TBA'}</div>
          </>
        )}
      </Card.Body>
    </Card>
  );
}

function LinkCard({ title, url, loading, children }: { title: string; url: Settings['hostingGuideUrl'] | undefined; loading: boolean; children: ReactNode }) {
  return (
    <Col>
      <Card className="h-100">
        <Card.Body>
          <Card.Title as="h3" className="h6">
            {title}
          </Card.Title>
          <Card.Text className="text-body-secondary small">{children}</Card.Text>
          {loading ? null : url ? (
            <a href={url} target="_blank" rel="noopener noreferrer" className="stretched-link">
              Open {title}
            </a>
          ) : (
            <NotSetYet />
          )}
        </Card.Body>
      </Card>
    </Col>
  );
}
