import { Button, Card, ListGroup } from 'react-bootstrap';
import toast from 'react-hot-toast';
import { placeSlots } from '@shared/lineup';
import { useStoredEvent } from '@client/shared/draft';
import { useSetConfirmation } from '@client/shared/events';
import { ConfirmationBadge } from './ConfirmationBadge';
import { djLabel } from './draftOps';

/**
 * Who confirmed their slot, DJ by DJ, as saved: DJs confirm on their signup page; a host who
 * got the answer in Discord records it here.
 */
export function ConfirmationsCard() {
  const { stored, djs } = useStoredEvent();
  const setConfirmation = useSetConfirmation(stored.id);
  const rows = placeSlots(stored, djs).flatMap((slot) =>
    slot.signup ? slot.signup.djRefs.map((djId) => ({ djId, slot: slot.name ?? '', state: slot.signup!.confirmations[djId] ?? 'proposed' })) : [],
  );
  if (rows.length === 0) return null;
  const confirmed = rows.filter((row) => row.state === 'confirmed').length;
  return (
    <Card className="mb-3">
      <Card.Header className="d-flex flex-wrap gap-2 align-items-center">
        <h3 className="h6 mb-0 me-auto">Confirmations</h3>
        <span className="text-body-secondary small">
          {confirmed} of {rows.length} confirmed
        </span>
      </Card.Header>
      <ListGroup variant="flush">
        {rows.map(({ djId, slot, state }) => {
          const name = djs[djId] ? djLabel(djs[djId]) : djId;
          return (
            <ListGroup.Item key={djId} className="d-flex flex-wrap align-items-center gap-2" data-testid="dj-confirmation">
              <span className="me-auto">
                {name}
                {slot !== name && <span className="text-body-secondary small"> · {slot}</span>}
              </span>
              <ConfirmationBadge confirmations={[state]} />
              {state !== 'confirmed' && (
                <Button
                  size="sm"
                  variant="outline-success"
                  disabled={setConfirmation.isPending}
                  onClick={() =>
                    setConfirmation.mutate(
                      { djId, confirmation: 'confirmed' },
                      { onError: (error) => toast.error(`Could not record the confirmation: ${error.message}`) },
                    )
                  }
                >
                  Mark {name} as confirmed
                </Button>
              )}
            </ListGroup.Item>
          );
        })}
      </ListGroup>
    </Card>
  );
}
