import type { RouteObject } from 'react-router';

// The public lineup pages (issue 14): no sign-in, outside the staff shell. Loaded on demand: they
// bring luxon (shared/public-lineup.ts), which no other first visit needs.
export const publicRoutes: RouteObject[] = [
  { index: true, lazy: async () => ({ Component: (await import('./PublicLineupsPage')).PublicLineupsPage }) },
  { path: ':eventId', lazy: async () => ({ Component: (await import('./PublicLineupPage')).PublicLineupPage }) },
];
