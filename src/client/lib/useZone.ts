import { createContext, useContext, useMemo } from 'react';
import type { StaffZones } from '@shared/time';
import { useInBrowser } from './useInBrowser';
import { browserZone } from './zone';

/**
 * The zone a server-rendered page's times were written in (the browser's own, from its `tz`
 * cookie, when it has sent one). Null on pages the browser renders alone.
 */
const RenderedZone = createContext<string | null>(null);
export const RenderedZoneProvider = RenderedZone.Provider;

/**
 * The browser's zone, for times on pages the server renders: the server's zone while React
 * hydrates its HTML (so the markup matches: no warning, no flash), the browser's own right after
 * when the two differ at all (a browser that had not sent its `tz` cookie yet).
 */
export function useZone(): string {
  const rendered = useContext(RenderedZone);
  return useInBrowser() ? browserZone() : (rendered ?? browserZone());
}

/** The series' zone, from the signed-in person's /api/me (RequireAccess gives it). */
const SeriesZone = createContext<string | null>(null);
export const SeriesZoneProvider = SeriesZone.Provider;

/**
 * The zones a staff page writes its times in (decision 042): the browser's, and the series' beside
 * it where it differs (shared/time.ts staffTime). Staff pages render in the browser only.
 */
export function useStaffZones(): StaffZones {
  const series = useContext(SeriesZone);
  const viewer = browserZone();
  return useMemo(() => ({ viewer, series: series ?? viewer }), [viewer, series]);
}
