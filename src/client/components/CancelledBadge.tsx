import { Badge } from 'react-bootstrap';

/** Marks a cancelled event wherever staff or its DJs see it (event page, events list, home, signup page). */
export function CancelledBadge({ className }: { className?: string }) {
  return (
    <Badge bg="danger" className={className}>
      Cancelled
    </Badge>
  );
}
