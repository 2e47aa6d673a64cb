import { useEffect, useRef } from 'react';
import { Alert, Button, Card, ListGroup, Spinner } from 'react-bootstrap';
import { HISTORY_KIND_LABELS, historyLineText, timeAgo } from '@shared/history';
import type { HistoryEntry } from '@shared/schemas/history';
import { type StaffZones, staffTime } from '@shared/time';
import { LoadError, RetryButton } from '@client/components/LoadError';
import { useAppName } from '@client/lib/appName';
import { useStaffZones } from '@client/lib/useZone';
import { useStoredEvent } from '@client/shared/draft';
import { useEventHistory } from '@client/shared/history';

/** Everything recorded about the event, newest first: who, when, and what changed. */
export function HistoryTab() {
  const { stored } = useStoredEvent();
  const history = useEventHistory(stored.id);
  const { refetch } = history;

  // The page follows the event's change stream: each newer stored event may come with entries.
  const seen = useRef(stored);
  useEffect(() => {
    if (seen.current === stored) return;
    seen.current = stored;
    void refetch();
  }, [stored, refetch]);

  const entries = history.data?.pages.flatMap((page) => page.entries) ?? [];
  const zones = useStaffZones();
  return (
    <Card>
      <Card.Body>
        <h2 className="h5">History</h2>
        {history.isPending ? (
          <Spinner animation="border" role="status" aria-label="Loading history" />
        ) : history.isError && entries.length === 0 ? (
          <LoadError title="Failed to load the history." error={history.error} onRetry={refetch} heading="h3" />
        ) : entries.length === 0 ? (
          <p className="text-body-secondary mb-0">No changes recorded yet</p>
        ) : (
          <>
            <ListGroup as="ol" className="mb-3" aria-label="Changes, newest first">
              {entries.map((entry) => (
                // 'n minutes ago' as of the last fetch, which the change stream keeps recent.
                <HistoryItem key={entry.id} entry={entry} zones={zones} now={history.dataUpdatedAt} />
              ))}
            </ListGroup>
            {history.isFetchNextPageError && (
              <Alert variant="danger">
                Failed to load more: {history.error?.message}
                <RetryButton onRetry={() => history.fetchNextPage()} />
              </Alert>
            )}
            {history.hasNextPage && (
              <Button variant="outline-secondary" onClick={() => void history.fetchNextPage()} disabled={history.isFetchingNextPage}>
                {history.isFetchingNextPage ? 'Loading…' : 'Load more'}
              </Button>
            )}
          </>
        )}
      </Card.Body>
    </Card>
  );
}

function HistoryItem({ entry, zones, now }: { entry: HistoryEntry; zones: StaffZones; now: number }) {
  const absolute = staffTime(entry.at, zones);
  const appName = useAppName();
  return (
    <ListGroup.Item as="li">
      <div className="d-flex flex-wrap column-gap-2">
        <span className="me-auto">
          <strong>{entry.actor?.name ?? appName}</strong> {HISTORY_KIND_LABELS[entry.kind]}
        </span>
        <time dateTime={entry.at} title={absolute} className="small text-body-secondary">
          {timeAgo(entry.at, now)} · {absolute}
        </time>
      </div>
      {entry.lines.length > 0 && (
        <ul className="small mb-0 mt-1 ps-3">
          {entry.lines.map((line, index) => (
            <li key={index}>{historyLineText(line, zones)}</li>
          ))}
        </ul>
      )}
    </ListGroup.Item>
  );
}
