import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '@server/auth/sessions.js';
import { ROLES, type Role } from '@shared/domain.js';
import { type Access, hasAccess } from '@shared/policy.js';
import type { CeilingDb } from './db.js';

// What the app's guard (src/server/auth/guard.ts, sessions.ts) does before a handler runs, done
// by hand: the session cookie, the SHA-256 hashed-token lookup with the same sliding renewal
// (a session used in the second half of its life is extended by a full period, and the cookie
// re-sent), the cross-site check of mutating requests, and the policy's roles.

/** An error with the status and message the app would answer with. */
export class Refusal extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

export interface CeilingUser {
  djId: string;
  /** The session's Discord name: who the event's history names. */
  publicName: string;
  discordUserId: string;
  roles: Role[];
}

declare module 'fastify' {
  interface FastifyRequest {
    ceilingUser: CeilingUser | null;
  }
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The value of one cookie in a Cookie header (what @fastify/cookie would parse and decode). */
function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    const value = part.slice(eq + 1).trim();
    if (!value.includes('%')) return value;
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return undefined;
}

async function resume(db: CeilingDb, token: string, ttlMs: number, now = Date.now()) {
  const idHash = hashToken(token);
  const row = await db.sessions.find(idHash);
  if (!row) return null;
  if (Number(row.expires_at) <= now) {
    await db.sessions.remove(idHash);
    return null;
  }
  let renewedUntil: number | null = null;
  if (Number(row.expires_at) - now < ttlMs / 2) {
    renewedUntil = now + ttlMs;
    await db.sessions.renew(idHash, renewedUntil);
  }
  const roles = (JSON.parse(row.roles) as string[]).filter((r): r is Role => (ROLES as readonly string[]).includes(r));
  return { user: { djId: row.dj_id, publicName: row.public_name, discordUserId: row.discord_user_id, roles }, renewedUntil };
}

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The route-level onRequest hook of a ceiling route with the app's policy `access`. */
export function guard(db: CeilingDb, ttlMs: number, access: Access) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (MUTATING.has(request.method)) {
      const origin = request.headers.origin;
      if (request.headers['sec-fetch-site'] === 'cross-site' || (origin && origin !== `${request.protocol}://${request.host}`)) {
        throw new Refusal(403, 'Cross-site requests are not allowed.');
      }
    }
    const token = cookieValue(request.headers.cookie, SESSION_COOKIE);
    request.ceilingUser = null;
    if (token) {
      const resumed = await resume(db, token, ttlMs);
      if (resumed) {
        request.ceilingUser = resumed.user;
        if (resumed.renewedUntil) {
          reply.header('set-cookie', `${SESSION_COOKIE}=${token}; Expires=${new Date(resumed.renewedUntil).toUTCString()}; Path=/; HttpOnly; SameSite=Lax`);
        }
      }
    }
    if (access === 'public') return;
    if (!request.ceilingUser) throw new Refusal(401, 'You are not authenticated. Please log in to access this page.');
    if (!hasAccess(request.ceilingUser.roles, access)) throw new Refusal(403, 'You do not have the required permissions to view this content.');
  };
}

/** The signed-in user of a guarded route. */
export function userOf(request: FastifyRequest): CeilingUser {
  if (!request.ceilingUser) throw new Refusal(401, 'You are not authenticated. Please log in to access this page.');
  return request.ceilingUser;
}

/** The app's text guard (src/server/http/text-guard.ts): PostgreSQL cannot store NUL. */
export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 64 || value === null || typeof value !== 'object') return false;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000') || containsNul(item, depth + 1)) return true;
  }
  return false;
}
