import { z } from 'zod';
import { ROLES } from '../domain.js';

// Sign-in (ARCHITECTURE.md "Sign-in contract"): the browser asks the server to start, goes to
// the authorize page, and posts what Discord handed back to /discordRedirect.

export const AUTH_MESSAGES = {
  notAuthorized: 'You are not authorized to access this application.',
  failed: 'Authentication failed. Please try again.',
  notAuthenticated: 'You are not authenticated. Please log in to access this page.',
  noPermission: 'You do not have the required permissions to view this content.',
} as const;

export const DISCORD_SCOPES = ['identify', 'guilds.members.read'] as const;


export const authCallbackBody = z.object({
  code: z.string().min(1).max(512),
  redirect_uri: z.string().min(1).max(2000),
  state: z.string().min(1).max(512),
});
export type AuthCallbackBody = z.infer<typeof authCallbackBody>;

export const meResponse = z.object({
  /** Their roster entry; null for a member without roles. */
  djId: z.string().nullable(),
  publicName: z.string(),
  avatarUrl: z.string().nullable(),
  roles: z.array(z.enum(ROLES)),
  /**
   * The zone the series plans in (Global Settings): staff pages write times in the viewer's zone
   * with this one beside it where it differs (decision 042).
   */
  seriesZone: z.string(),
});
export type Me = z.infer<typeof meResponse>;
