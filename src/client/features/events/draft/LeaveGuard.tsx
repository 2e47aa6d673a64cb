import { paths } from '@shared/paths';
import { useLeaveGuard } from '@client/components/LeaveGuard';
import { useDraftStatus, useStoredEvent } from '@client/shared/draft';

/** Asks before leaving the event page (its tabs excepted) or reloading it with unsaved changes. */
export function LeaveGuard() {
  const { isDirty } = useDraftStatus();
  const { stored } = useStoredEvent();
  const base = paths.event(stored.id);
  return useLeaveGuard(isDirty, {
    keepsEditsAt: (pathname) => pathname === base || pathname.startsWith(`${base}/`),
    message: 'This event has unsaved changes. Leaving this page discards them.',
  });
}
