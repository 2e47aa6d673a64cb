// Resolved once: each `Intl.DateTimeFormat()` builds a formatter (about a millisecond), and a
// busy lineup asks for the zone hundreds of times while it renders. A zone change of the device
// shows on the next page load.
let zone: string | undefined;

/** The browser's IANA time zone: staff screens show times in it unless the spec names London. */
export const browserZone = (): string => (zone ??= Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC');

/** The cookie that tells the server which zone to render a page's times in (lib/useZone.ts). */
export const ZONE_COOKIE = 'tz';

/** Sent with every later page load: a year, the whole site, never to other sites. */
export function rememberZone() {
  document.cookie = `${ZONE_COOKIE}=${encodeURIComponent(browserZone())}; path=/; max-age=31536000; samesite=lax`;
}
