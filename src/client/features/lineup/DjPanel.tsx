import { Card, Dropdown, Spinner } from 'react-bootstrap';
import { Link } from 'react-router';
import { paths } from '@shared/paths';
import { otherEvents } from '@shared/plays';
import type { OtherEvents as OtherEventsSummary } from '@shared/schemas/djs';
import { staffTime } from '@shared/time';
import { useStaffZones } from '@client/lib/useZone';
import { useDjDetails } from '@client/shared/djs';
import { useStoredEvent } from '@client/shared/draft';
import { djLabel } from './draftOps';
import { RetryButton } from '@client/components/LoadError';
import { CardMenu } from './CardMenu';

/** One DJ of a signup: name, a menu, and 'Other Events (n total)'. */
export function DjPanel({ djId, onRemove }: { djId: string; onRemove?: () => void }) {
  const { djs, stored } = useStoredEvent();
  const dj = djs[djId];
  const others = stored.otherEventsByDj[djId];
  return (
    <Card className="mb-2 dj-panel" data-testid="dj-panel">
      <Card.Body className="p-2">
        <div className="d-flex align-items-start gap-2">
          <div className="fw-semibold me-auto text-break">{dj ? djLabel(dj) : 'No Dj Found'}</div>
          <CardMenu label={`DJ menu for ${dj ? djLabel(dj) : djId}`} floating>
            <Dropdown.Item href={paths.dj(djId)} target="_blank" rel="noopener">
              Edit DJ Info
            </Dropdown.Item>
            {onRemove && <Dropdown.Item onClick={onRemove}>Remove DJ from Signup Slot</Dropdown.Item>}
          </CardMenu>
        </div>
        {dj && (others ? <OtherEvents djId={djId} others={others} /> : <FetchedOtherEvents djId={djId} />)}
      </Card.Body>
    </Card>
  );
}

/** A DJ the stored event does not name yet (just added): their other events come from their plays. */
function FetchedOtherEvents({ djId }: { djId: string }) {
  const { stored } = useStoredEvent();
  const details = useDjDetails(djId);
  if (details.isPending) return <Spinner size="sm" animation="border" role="status" aria-label="Loading other events" />;
  if (details.isError) {
    return (
      <div className="small text-danger">
        Other events could not be loaded ({details.error.message}).
        <RetryButton onRetry={details.refetch} />
      </div>
    );
  }
  return <OtherEvents djId={djId} others={otherEvents(details.data.plays, stored.id, stored.startDatetime)} />;
}

function OtherEvents({ djId, others: { shown, total, hasMore } }: { djId: string; others: OtherEventsSummary }) {
  const zones = useStaffZones();
  return (
    <div className="small mt-1">
      <div className="text-body-secondary">Other Events ({total} total)</div>
      {shown.length > 0 && (
        <ul className="list-unstyled mb-0 ms-2">
          {shown.map((play) => (
            <li key={play.eventId}>
              {/* A 24px-high target, even when a long name wraps. */}
              <Link to={paths.event(play.eventId, 'lineup')} className="d-inline-block py-1">
                {play.eventName} ({staffTime(play.startDatetime, zones, 'day')})
              </Link>
            </li>
          ))}
        </ul>
      )}
      {hasMore && (
        <Link to={paths.dj(djId)} className="ms-2 d-inline-block py-1">
          See all
        </Link>
      )}
    </div>
  );
}
