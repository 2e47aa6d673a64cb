import { useState } from 'react';

/**
 * Whether a dialog is in the page: from the first time it is shown until it has faded out again
 * (pass `onExited` to its Modal). A list of cards each holding a closed dialog (a lineup's 48
 * signups) then costs nothing for them until one is opened.
 */
export function useDialogPresence(show: boolean): { present: boolean; onExited: () => void } {
  const [present, setPresent] = useState(show);
  if (show && !present) setPresent(true);
  return { present: show || present, onExited: () => setPresent(false) };
}
