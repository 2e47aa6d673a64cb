// Client addresses, built in one place (the spec's route table).

export const EVENT_TABS = ['setup', 'lineup', 'verifyDJs', 'technicalDetails', 'announcements', 'preflight', 'debug'] as const;
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
  discordRedirect: () => '/discordRedirect',
};

/** The public signup link staff post (spec: origin plus /eventSignup/{eventId}). */
export const signupLink = (origin: string, eventId: string) => `${origin}${paths.eventSignup(eventId)}`;
