import { Badge } from 'react-bootstrap';

/** Marks a cancelled event wherever staff see it (event page, events list, home card). */
export function CancelledBadge({ className }: { className?: string }) {
  return (
    <Badge bg="danger" className={className}>
      Cancelled
    </Badge>
  );
}
