import { createContext, useContext, useSyncExternalStore } from 'react';
import { browserZone } from './zone';

/**
 * The zone a server-rendered page's times were written in (the browser's own, from its `tz`
 * cookie, when it has sent one). Null on pages the browser renders alone.
 */
const RenderedZone = createContext<string | null>(null);
export const RenderedZoneProvider = RenderedZone.Provider;

const unchanging = () => () => {};

/**
 * The browser's zone, for times on pages the server renders: the server's zone while React
 * hydrates its HTML (so the markup matches: no warning, no flash), the browser's own right after
 * when the two differ at all (a browser that had not sent its `tz` cookie yet).
 */
export function useZone(): string {
  const rendered = useContext(RenderedZone);
  return useSyncExternalStore(unchanging, browserZone, () => rendered ?? browserZone());
}
