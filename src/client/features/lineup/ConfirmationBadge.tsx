import { Badge } from 'react-bootstrap';
import type { Confirmation } from '@shared/domain';

/** The slot's DJs' answer: declined if any declined, confirmed once all confirmed, else proposed. */
export function ConfirmationBadge({ confirmations }: { confirmations: Confirmation[] }) {
  const state = confirmations.includes('declined') ? 'declined' : confirmations.length > 0 && confirmations.every((c) => c === 'confirmed') ? 'confirmed' : 'proposed';
  const look = { confirmed: 'success', declined: 'danger', proposed: 'secondary' } as const;
  return (
    <Badge bg={look[state]} data-testid="confirmation">
      {state === 'confirmed' ? 'Confirmed' : state === 'declined' ? 'Declined' : 'Proposed'}
    </Badge>
  );
}
