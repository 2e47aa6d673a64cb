import { type ReactNode, useEffect } from 'react';
import { useFormContext } from 'react-hook-form';
import { useBlocker } from 'react-router';
import { ConfirmDialog } from './ConfirmDialog';

// Unsaved edits are never lost without asking: one guard for every form and the event page.

interface LeaveGuardOptions {
  /** Addresses that keep the edits (the event page's tabs share its draft): no question there. */
  keepsEditsAt?: (pathname: string) => boolean;
  /** What the dialog says. */
  message?: ReactNode;
}

/**
 * While `unsaved`, leaving asks first: in-app navigation with a confirm dialog (render what this
 * returns), reloading or closing the tab with the browser's own prompt (`beforeunload`).
 */
export function useLeaveGuard(unsaved: boolean, { keepsEditsAt, message = 'You have unsaved changes. Leaving this page discards them.' }: LeaveGuardOptions = {}): ReactNode {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => unsaved && nextLocation.pathname !== currentLocation.pathname && !keepsEditsAt?.(nextLocation.pathname),
  );

  useEffect(() => {
    if (!unsaved) return;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers only ask when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [unsaved]);

  return (
    <ConfirmDialog
      show={blocker.state === 'blocked'}
      title="Are You sure?"
      confirmLabel="Leave"
      cancelLabel="Stay"
      onConfirm={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
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
