import { urlOf } from './api/contract.js';
import { FEEDS } from './api/feeds.js';

// Client addresses, built in one place (the spec's route table).

export const EVENT_TABS = ['setup', 'lineup', 'verifyDJs', 'technicalDetails', 'announcements', 'live', 'preflight', 'history', 'debug'] as const;
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
  events: () => urlOf({ path: FEEDS.seriesCalendar }),
  dj: (token: string) => urlOf({ path: FEEDS.djCalendar }, { params: { token } }),
  next: (format: 'txt' | 'json', tz?: string) =>
    urlOf({ path: format === 'txt' ? FEEDS.nextEventText : FEEDS.nextEventJson }, { query: given({ tz }) }),
  lineupImage: (eventId: string, format: 'png' | 'svg', options: Record<string, string | undefined> = {}) =>
    urlOf({ path: FEEDS.lineupImage }, { params: { eventId, format }, query: given(options) }),
};

/** The query's values that were given (not undefined, not empty). */
const given = (values: Record<string, string | undefined>) => Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined && value !== ''));
