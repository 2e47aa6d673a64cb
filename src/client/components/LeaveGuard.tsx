import type { ReactNode } from 'react';
import { useFormContext } from 'react-hook-form';
import { ConfirmDialog } from './ConfirmDialog';
import { type LeaveBlockerOptions, useLeaveBlocker } from './useLeaveBlocker';

// Unsaved edits are never lost without asking: one guard for every form and the event page.

interface LeaveGuardOptions extends LeaveBlockerOptions {
  /** What the dialog says. */
  message?: ReactNode;
}

/**
 * While `unsaved`, leaving asks first: in-app navigation with a confirm dialog (render what this
 * returns), reloading or closing the tab with the browser's own prompt (`beforeunload`).
 */
export function useLeaveGuard(unsaved: boolean, { message = 'You have unsaved changes. Leaving this page discards them.', ...options }: LeaveGuardOptions = {}): ReactNode {
  const { asking, leave, stay } = useLeaveBlocker(unsaved, options);
  return (
    <ConfirmDialog
      show={asking}
      title="Are You sure?"
      confirmLabel="Leave"
      cancelLabel="Stay"
      onConfirm={leave}
      onCancel={stay}
    >
      {message}
    </ConfirmDialog>
  );
}

/**
 * The guard of a page's react-hook-form form (render it inside its FormProvider): its edits
 * count as unsaved until its submit handler has finished, since a page that moves on after
 * saving (Create Event, Create Dj) does so while the form is still submitting.
 */
export function FormLeaveGuard() {
  const { isDirty, isSubmitting } = useFormContext().formState;
  return useLeaveGuard(isDirty && !isSubmitting);
}
