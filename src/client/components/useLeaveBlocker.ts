import { useEffect } from 'react';
import { useBlocker } from 'react-router';

// Unsaved edits are never lost without asking: the question itself, without its dialog, so a page
// that keeps its script small (the signup wizard) asks with its own plain markup.

export interface LeaveBlockerOptions {
  /** Addresses that keep the edits (the event page's tabs share its draft): no question there. */
  keepsEditsAt?: (pathname: string) => boolean;
}

export interface LeaveQuestion {
  /** In-app navigation is held until the person answers. */
  asking: boolean;
  leave: () => void;
  stay: () => void;
}

/**
 * While `unsaved`, leaving asks first: in-app navigation (a link, the browser's or the phone's
 * Back) is held for the caller's dialog; reloading or closing the tab asks with the browser's own
 * prompt (`beforeunload`). Moving within the page (another address of the same path) never asks.
 */
export function useLeaveBlocker(unsaved: boolean, { keepsEditsAt }: LeaveBlockerOptions = {}): LeaveQuestion {
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

  return { asking: blocker.state === 'blocked', leave: () => blocker.proceed?.(), stay: () => blocker.reset?.() };
}
