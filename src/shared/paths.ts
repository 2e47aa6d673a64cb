// Client addresses, built in one place (the spec's route table).

export const EVENT_TABS = ['setup', 'lineup', 'verifyDJs', 'technicalDetails', 'announcements', 'preflight', 'history', 'debug'] as const;
export type EventTab = (typeof EVENT_TABS)[number];

export const paths = {
  home: () => '/',
  events: () => '/events',
  pastEvents: () => '/events/past',
  createEvent: () => '/events/create',
  event: (eventId: string, tab?: EventTab) =>
    `/events/${encodeURIComponent(eventId)}${tab ? `/${tab}` : ''}`,
  djs: () => '/djs',
  createDj: () => '/djs/create',
  dj: (djId: string) => `/djs/${encodeURIComponent(djId)}`,
  discordIdInfo: () => '/discordIdInfo',
  globalSettings: () => '/globalSettings',
  eventSignup: (eventId: string) => `/eventSignup/${encodeURIComponent(eventId)}`,
  signupWizard: (eventId: string) => `/eventSignup/${encodeURIComponent(eventId)}/wizard`,
  login: () => '/login',
  /** Starts signing in: the server sends the browser on to Discord's authorize page. */
  signInWithDiscord: () => '/login/discord',
  // Public: no sign-in (issue 14).
  publicLineups: () => '/lineups',
  publicLineup: (eventId: string) => `/lineups/${encodeURIComponent(eventId)}`,
  discordRedirect: () => '/discordRedirect',
};

/** The public signup link staff post (spec: origin plus /eventSignup/{eventId}). */
export const signupLink = (origin: string, eventId: string) => `${origin}${paths.eventSignup(eventId)}`;

/** The public feeds' addresses (issue 14); `tz`: IANA zones, comma-separated. */
export const feeds = {
  events: () => '/feeds/events.ics',
  dj: (token: string) => `/feeds/dj/${encodeURIComponent(token)}.ics`,
  next: (format: 'txt' | 'json', tz?: string) => `/feeds/next.${format}${query({ tz })}`,
  lineupImage: (eventId: string, format: 'png' | 'svg', options: Record<string, string | undefined> = {}) =>
    `/feeds/lineup/${encodeURIComponent(eventId)}.${format}${query(options)}`,
};

function query(values: Record<string, string | undefined>): string {
  const entries = Object.entries(values).filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== '');
  return entries.length === 0 ? '' : `?${new URLSearchParams(entries).toString()}`;
}
