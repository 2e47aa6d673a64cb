import type { WizardValues } from './wizardValues';

// The wizard's answers kept in the browser until they are sent (issue 34): a phone that reloads
// the page, or a tab the browser discarded in the background, gives the DJ their answers back.
// Kept per tab (sessionStorage), per event and DJ, and removed once sent or left on purpose.

const keyOf = (eventId: string, djId: string) => `lineup.wizard.${eventId}.${djId}`;

/** The answers kept for this event and DJ, as stored (restoredWizardValues checks them). */
export function readWizardDraft(eventId: string, djId: string): unknown {
  try {
    const text = window.sessionStorage.getItem(keyOf(eventId, djId));
    return text === null ? null : JSON.parse(text);
  } catch {
    // Storage switched off (some private modes), or not JSON: nothing kept.
    return null;
  }
}

export function keepWizardDraft(eventId: string, djId: string, values: WizardValues): void {
  try {
    window.sessionStorage.setItem(keyOf(eventId, djId), JSON.stringify(values));
  } catch {
    // Full or switched off: the history entries per step still keep the answers while the page stays.
  }
}

export function dropWizardDraft(eventId: string, djId: string): void {
  try {
    window.sessionStorage.removeItem(keyOf(eventId, djId));
  } catch {
    // Nothing was kept.
  }
}
