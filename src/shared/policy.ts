import type { Role } from './domain.js';

// Who may do what: the role rules, in one place. Every API contract (shared/api) and every other
// server route declares one of these accesses; the server's guard decides each request from the
// route that matched, and the client's route guards mirror the same rules to decide what to show.

export const ACCESS = ['public', 'signedIn', 'staff', 'admin', 'signup'] as const;
export type Access = (typeof ACCESS)[number];

const ROLES_FOR: Record<Exclude<Access, 'public' | 'signedIn'>, readonly Role[]> = {
  staff: ['host', 'admin'],
  /** What only an admin may do: take the community's data out or bring data in (issue 28). */
  admin: ['admin'],
  signup: ['dj', 'host'],
};

export function hasAccess(roles: readonly Role[] | undefined, access: Access): boolean {
  if (access === 'public') return true;
  if (!roles) return false;
  if (access === 'signedIn') return true;
  return ROLES_FOR[access].some((role) => roles.includes(role));
}
