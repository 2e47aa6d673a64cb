import type { RouteObject } from 'react-router';
import { PublicLineupPage } from './PublicLineupPage';
import { PublicLineupsPage } from './PublicLineupsPage';

// The public lineup pages (issue 14): no sign-in, outside the staff shell.
export const publicRoutes: RouteObject[] = [
  { index: true, Component: PublicLineupsPage },
  { path: ':eventId', Component: PublicLineupPage },
];
