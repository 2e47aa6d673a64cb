import { useEffect, useRef } from 'react';
import type { EventChangedMessage } from '@shared/schemas/events';
import { eventChangesUrl } from '../events';

/**
 * Listens to the server's change stream for one event. `onChange` runs for every `changed`
 * message, and whenever the stream (re)connects: a change saved between the page's load and
 * the subscription, or while the stream was down, would otherwise be missed.
 */
export function useEventChanges(eventId: string, onChange: (message: EventChangedMessage | null) => void) {
  const latest = useRef(onChange);
  useEffect(() => {
    latest.current = onChange;
  });

  useEffect(() => {
    const source = new EventSource(eventChangesUrl(eventId));
    source.addEventListener('open', () => latest.current(null));
    source.addEventListener('changed', (event) => {
      try {
        latest.current(JSON.parse((event as MessageEvent<string>).data) as EventChangedMessage);
      } catch {
        latest.current(null);
      }
    });
    return () => source.close();
  }, [eventId]);
}
