import type { EventDetail } from '@shared/schemas/events.js';
import type { Store } from '../db/open.js';

/** What the event page shows of DJs: their rows and their other events. */
export type DjDetails = Pick<EventDetail, 'djs' | 'otherEventsByDj'>;

export interface DjDetailsCache {
  /** The version to stamp details read now with, or undefined when nothing can be cached. */
  version(): string | undefined;
  /** What was saved for the event, if nothing that could change it was written since. */
  get(eventId: string): DjDetails | undefined;
  set(eventId: string, version: string | undefined, details: DjDetails): void;
}

/**
 * The DJ details of the events saved last, for the next save of the same event: a save cannot
 * change them (other events exclude the event itself), so its answer needs to read only DJs it
 * newly names. An entry is used only while the store's DJ-details version is the one it was
 * stamped with, which any write to a DJ, a play or an event's name or start changes (and any
 * write by another connection). SQLite only: PostgreSQL has no such version, so saves read.
 */
export function djDetailsCache(store: Pick<Store, 'djDetailsVersion'>, capacity = 50): DjDetailsCache {
  const entries = new Map<string, { version: string; details: DjDetails }>();
  return {
    version: () => store.djDetailsVersion?.(),
    get(eventId) {
      const entry = entries.get(eventId);
      return entry && entry.version === store.djDetailsVersion?.() ? entry.details : undefined;
    },
    set(eventId, version, details) {
      entries.delete(eventId);
      if (version === undefined) return;
      if (entries.size >= capacity) entries.delete(entries.keys().next().value!);
      entries.set(eventId, { version, details });
    },
  };
}
