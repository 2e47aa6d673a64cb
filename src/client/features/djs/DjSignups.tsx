import { useId } from 'react';
import { Badge, Card, ListGroup, Spinner } from 'react-bootstrap';
import { Link } from 'react-router';
import type { DjSignup } from '@shared/schemas/history';
import { paths } from '@shared/paths';
import { type StaffZones, staffTime } from '@shared/time';
import { LoadError } from '@client/components/LoadError';
import { CancelledBadge } from '@client/components/CancelledBadge';
import { useStaffZones } from '@client/lib/useZone';
import { useDjSignups } from '@client/shared/history';

/** Where the signup stands now, as hosts say it: 'In the lineup at 20:00 London time'. */
function stateText(signup: DjSignup, zones: StaffZones): string {
  const at = signup.slotStart ? ` at ${staffTime(signup.slotStart, zones, 'time')}` : '';
  switch (signup.state) {
    case 'signed_up':
      return 'Signed up';
    case 'withdrawn':
      return 'Withdrawn by the DJ';
    case 'standby':
      return 'On standby';
    case 'in_lineup':
      return `In the lineup${at}`;
    case 'confirmed':
      return `Confirmed${at}`;
    case 'declined':
      return `Declined${at}`;
  }
}

const STATE_VARIANTS = { signed_up: 'secondary', withdrawn: 'warning', standby: 'secondary', in_lineup: 'info', confirmed: 'success', declined: 'warning' } as const;
/** Light backgrounds need dark text to be readable. */
const DARK_TEXT = new Set<DjSignup['state']>(['in_lineup', 'declined', 'withdrawn']);

/** The DJ's signups over time, newest event first, each linking to its event. */
export function DjSignups({ djId }: { djId: string }) {
  const signups = useDjSignups(djId);
  const heading = useId();
  const zones = useStaffZones();
  return (
    <Card as="section" aria-labelledby={heading}>
      <Card.Header as="h2" className="h5" id={heading}>
        Signups{signups.data ? ` (${signups.data.signups.length})` : ''}
      </Card.Header>
      {signups.isPending ? (
        <Card.Body>
          <Spinner size="sm" animation="border" role="status" aria-label="Loading signups" />
        </Card.Body>
      ) : signups.isError ? (
        <Card.Body>
          <LoadError title="The signups could not be loaded." error={signups.error} onRetry={signups.refetch} heading={null} className="mb-0" />
        </Card.Body>
      ) : signups.data.signups.length === 0 ? (
        <Card.Body className="text-body-secondary">No signups yet.</Card.Body>
      ) : (
        <ListGroup variant="flush">
          {signups.data.signups.map((signup) => (
            <ListGroup.Item key={signup.eventId} action as={Link} to={paths.event(signup.eventId)}>
              <div className="d-flex flex-wrap justify-content-between column-gap-2">
                <span className="text-break link-primary">{signup.eventName}</span>
                <span className="text-body-secondary text-nowrap">{staffTime(signup.startDatetime, zones, 'day')}</span>
              </div>
              <div className="d-flex flex-wrap align-items-center gap-1 small">
                <span className="text-break me-1">as {signup.signupName}</span>
                <Badge bg={STATE_VARIANTS[signup.state]} text={DARK_TEXT.has(signup.state) ? 'dark' : undefined}>
                  {stateText(signup, zones)}
                </Badge>
                {signup.cancelled && <CancelledBadge />}
              </div>
            </ListGroup.Item>
          ))}
        </ListGroup>
      )}
    </Card>
  );
}
