import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ACCESS, hasAccess } from '@shared/policy.js';
import type { AppContext } from '../context.js';
import { readCache } from '../db/read-cache.js';
import { forbidden, HttpError, unauthorized } from '../http/errors.js';
import { SESSION_ROWS } from '../limits.js';
import { ownOrigin } from './origin.js';
import { SessionChecker } from './session-check.js';
import { resumeSession, SESSION_COOKIE, type SessionRows, type SessionUser } from './sessions.js';

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
    /** The signed-in session's id (its token's hash), for what outlives the request (live streams). */
    sessionId: string | null;
  }
}

export function sessionCookieOptions(ctx: AppContext, expiresAt: number) {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: ctx.config.publicUrl?.startsWith('https://') ?? false,
    expires: new Date(expiresAt),
  };
}

/**
 * Access is decided from the route that matched, never from the URL's spelling: every route
 * declares its access when it is registered (start-up fails for one that does not), and every
 * request that matched a route is checked, and refused by default, before its handler runs.
 * Unmatched requests only ever reach the not-found answer.
 */
export function registerGuard(app: FastifyInstance, ctx: AppContext) {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);
  const checker = new SessionChecker(ctx);
  // A signed-in page's reads need no query for the session while nothing is written; a sign-out,
  // a renewal, a membership check or a role change is a write, and ends every entry.
  const sessionRows: SessionRows = readCache(ctx.store, SESSION_ROWS.cached, { maxAgeMs: SESSION_ROWS.maxAgeMs });

  app.addHook('onRoute', (route) => {
    const access = route.config?.access;
    if (!access || !(ACCESS as readonly string[]).includes(access)) {
      const methods = Array.isArray(route.method) ? route.method.join(',') : route.method;
      throw new Error(`The route ${methods} ${route.url} declares no access (one of ${ACCESS.join(', ')}).`);
    }
  });

  const signedInUser = async (request: FastifyRequest, reply: FastifyReply) => {
    const token = request.cookies[SESSION_COOKIE];
    if (!token) return null;
    const resumed = await resumeSession(ctx.store.db, token, ctx.config.sessionTtlMs, Date.now(), sessionRows);
    // Membership and roles are confirmed with Discord when due (auth/session-check.ts).
    const user = resumed && (await checker.ensureChecked(resumed, request));
    if (!resumed || !user) return null;
    request.user = user;
    request.sessionId = resumed.idHash;
    if (resumed.renewedUntil) reply.setCookie(SESSION_COOKIE, token, sessionCookieOptions(ctx, resumed.renewedUntil));
    return user;
  };

  app.addHook('onRequest', async (request, reply) => {
    if (request.is404) return;
    rejectCrossSite(request, ctx);
    const access = request.routeOptions.config.access;
    if (access === undefined) throw forbidden();
    if (access === 'public') return;
    await signedInUser(request, reply);
    if (!request.user) throw unauthorized();
    if (!hasAccess(request.user.roles, access)) throw forbidden();
  });
}

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Cross-site request forgery, for every state-changing request whatever route it matched: besides
 * the SameSite=Lax cookie, a request a browser marks as coming from another site (Sec-Fetch-Site)
 * or whose Origin is not ours is refused. Browsers send Origin on every cross-origin POST;
 * programs that send neither (curl, server-to-server) carry no browser's cookies.
 */
function rejectCrossSite(request: FastifyRequest, ctx: AppContext) {
  if (!MUTATING.has(request.method)) return;
  const fetchSite = request.headers['sec-fetch-site'];
  const origin = request.headers.origin;
  const crossSite =
    fetchSite === 'cross-site' || fetchSite === 'same-site' || (origin !== undefined && origin !== ownOrigin(request, ctx));
  if (crossSite) throw new HttpError(403, 'cross_site', 'Cross-site requests are not allowed.');
}

