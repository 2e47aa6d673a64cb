// Resolved once: each `Intl.DateTimeFormat()` builds a formatter (about a millisecond), and a
// busy lineup asks for the zone hundreds of times while it renders. A zone change of the device
// shows on the next page load.
let zone: string | undefined;

/** The cookie that tells the server which zone to render a page's times in (lib/useZone.ts). */
export const ZONE_COOKIE = 'tz';

/**
 * The browser's IANA time zone: staff screens show times in it unless the spec names London.
 * Resolving it is also when the browser tells the server, in a cookie sent with every later page
 * load (a year, the whole site, never to other sites). A page's first `Intl` call costs a phone
 * tens of milliseconds, so a page that shows no times (sign-in) does not pay it while it starts.
 */
export function browserZone(): string {
  if (zone !== undefined) return zone;
  zone = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  if (typeof document !== 'undefined') document.cookie = `${ZONE_COOKIE}=${encodeURIComponent(zone)}; path=/; max-age=31536000; samesite=lax`;
  return zone;
}

/** Makes sure the server knows the browser's zone from the next page load on. */
export const rememberZone = (): void => void browserZone();
