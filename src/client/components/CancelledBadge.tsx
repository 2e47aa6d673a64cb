/**
 * Marks a cancelled event wherever staff or its DJs see it (event page, events list, home, signup
 * page). Bootstrap's badge as plain markup: the DJ's signup page is a first visit (components/Alert.tsx).
 */
export function CancelledBadge({ className }: { className?: string }) {
  return <span className={`badge bg-danger${className ? ` ${className}` : ''}`}>Cancelled</span>;
}
