// The series' feeds (issue 14): read-only, published data only, for anyone (a DJ's own calendar
// by its secret token). Calendars, text and images answering GET and HEAD, so not JSON contracts:
// their paths are declared here once, for the server's routes (server/public/routes.ts, which
// holds their schemas) and every link to them (paths.ts `feeds`). No zod here: the public pages
// link to the feeds and stay small.

export const FEEDS = {
  /** Every published event, as an iCal calendar. */
  seriesCalendar: '/feeds/events.ics',
  /** A DJ's private calendar of their own slots; an unknown or revoked token is a 404. */
  djCalendar: '/feeds/dj/:token.ics',
  /** The current or next published event as text, its slots timed in each zone asked for. */
  nextEventText: '/feeds/next.txt',
  /** The same as JSON (nextEventFeedSchema). */
  nextEventJson: '/feeds/next.json',
  /** A published event's lineup as a PNG or SVG image. */
  lineupImage: '/feeds/lineup/:eventId.:format',
} as const satisfies Record<string, `/feeds/${string}`>;
