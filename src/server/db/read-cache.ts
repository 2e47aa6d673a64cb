import type { Store } from './open.js';

export interface ReadCache<T> {
  /** The cached value for this key while the database is unchanged, else `load()`'s (then cached). */
  get(key: string, load: () => Promise<T>): Promise<T>;
}

/**
 * Answers that stay valid until the database changes. Each entry remembers the store's data
 * version read before it was loaded and is served only while that version is still current, so
 * any write (through any route, by another process or another app instance on the same
 * PostgreSQL database) retires every entry; no write path has to remember to invalidate
 * anything. A store without a data version caches nothing. Concurrent misses share one load;
 * failures are not kept. The least recently used entry makes room; with `maxAgeMs` an entry is
 * also reloaded once that old, and with `expiresAt` once the time its value names has come (an
 * answer that depends on the clock too: the events still to come end, one by one), by `clock`
 * (the app's, which tests set: the slot playing now changes with it).
 */
export function readCache<T>(
  store: Pick<Store, 'dataVersion'>,
  capacity: number,
  { maxAgeMs = Infinity, expiresAt, clock = () => Date.now() }: { maxAgeMs?: number; expiresAt?: (value: T) => number; clock?: () => number } = {},
): ReadCache<T> {
  const entries = new Map<string, { version: string; loadedAt: number; value: Promise<T>; until: number }>();
  return {
    async get(key, load) {
      const version = await store.dataVersion?.();
      if (version === undefined) return load();
      const now = clock();
      const hit = entries.get(key);
      entries.delete(key);
      if (hit?.version === version && now - hit.loadedAt < maxAgeMs && now < hit.until) {
        entries.set(key, hit);
        return hit.value;
      }
      const value = load();
      if (entries.size >= capacity) entries.delete(entries.keys().next().value!);
      const entry = { version, loadedAt: now, value, until: Infinity };
      entries.set(key, entry);
      value.then(
        (loaded) => {
          if (expiresAt) entry.until = expiresAt(loaded);
        },
        () => {
          if (entries.get(key) === entry) entries.delete(key);
        },
      );
      return value;
    },
  };
}
