import { useBlocker } from 'react-router';
import { paths } from '@shared/paths';
import { ConfirmDialog } from '@client/components/ConfirmDialog';
import { useEventDraft } from '@client/shared/draft';

/** Asks before leaving the event page (its tabs excepted) with unsaved changes. */
export function LeaveGuard() {
  const { isDirty, stored } = useEventDraft();
  const base = paths.event(stored.id);
  const blocker = useBlocker(
    ({ nextLocation }) => isDirty && nextLocation.pathname !== base && !nextLocation.pathname.startsWith(`${base}/`),
  );
  return (
    <ConfirmDialog
      show={blocker.state === 'blocked'}
      title="Are You sure?"
      confirmLabel="Leave"
      cancelLabel="Stay"
      onConfirm={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    >
      This event has unsaved changes. Leaving this page discards them.
    </ConfirmDialog>
  );
}
