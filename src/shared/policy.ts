import type { Role } from './domain.js';

// Who may do what: the single policy table. The server enforces it on every API route before
// any data access; the client's route guards mirror it to decide what to show.

export type Access = 'public' | 'signedIn' | 'staff' | 'signup';

const ROLES_FOR: Record<Exclude<Access, 'public' | 'signedIn'>, readonly Role[]> = {
  staff: ['host', 'admin'],
  signup: ['dj', 'host'],
};

export function hasAccess(roles: readonly Role[] | undefined, access: Access): boolean {
  if (access === 'public') return true;
  if (!roles) return false;
  if (access === 'signedIn') return true;
  return ROLES_FOR[access].some((role) => roles.includes(role));
}

/** Every API route, by method and Fastify path pattern. A route missing here refuses to start. */
export const API_POLICY = {
  'POST /api/auth/start': 'public',
  'POST /api/auth/callback': 'public',
  'POST /api/auth/logout': 'public',
  'GET /api/me': 'signedIn',

  'GET /api/events': 'staff',
  'POST /api/events': 'staff',
  'GET /api/events/home': 'staff',
  'GET /api/events/:eventId': 'staff',
  'PUT /api/events/:eventId': 'staff',
  'POST /api/events/:eventId/publish': 'staff',
  'GET /api/events/:eventId/changes': 'staff',

  'GET /api/djs': 'staff',
  'POST /api/djs': 'staff',
  'GET /api/djs/:djId': 'staff',
  'PUT /api/djs/:djId': 'staff',

  'GET /api/settings': 'staff',
  'PUT /api/settings': 'staff',

  'GET /api/signup': 'signup',
  'POST /api/signup': 'signup',
} as const satisfies Record<string, Access>;

export type ApiRoute = keyof typeof API_POLICY;
