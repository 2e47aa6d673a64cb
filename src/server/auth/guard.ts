import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API_POLICY, type Access, hasAccess } from '../../shared/policy.js';
import type { AppContext } from '../context.js';
import { forbidden, HttpError, unauthorized } from '../http/errors.js';
import { resumeSession, SESSION_COOKIE, type SessionUser } from './sessions.js';

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
  }
}

/** The signed-in user of a route whose policy requires one. */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw unauthorized();
  return request.user;
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
 * Enforces the policy table: every /api route must be listed (start-up fails otherwise), and
 * each request is checked before its handler touches data.
 */
export function registerGuard(app: FastifyInstance, ctx: AppContext) {
  app.decorateRequest('user', null);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD') continue;
      const key = `${method} ${route.url}`;
      if (!(key in API_POLICY)) throw new Error(`API route ${key} is missing from the policy table`);
    }
  });

  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api/')) return;
    rejectCrossSite(request, ctx);
    const token = request.cookies[SESSION_COOKIE];
    if (token) {
      const resumed = await resumeSession(ctx.store.db, token, ctx.config.sessionTtlMs);
      if (resumed) {
        request.user = resumed.user;
        if (resumed.renewedUntil) reply.setCookie(SESSION_COOKIE, token, sessionCookieOptions(ctx, resumed.renewedUntil));
      }
    }
    const access = policyFor(request);
    if (access) enforce(request, access);
  });
}

function policyFor(request: FastifyRequest): Access | undefined {
  const pattern = request.routeOptions.url;
  if (!pattern) return undefined;
  const method = request.method === 'HEAD' ? 'GET' : request.method;
  return (API_POLICY as Record<string, Access>)[`${method} ${pattern}`];
}

function enforce(request: FastifyRequest, access: Access) {
  if (access === 'public') return;
  if (!request.user) throw unauthorized();
  if (!hasAccess(request.user.roles, access)) throw forbidden();
}

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Cross-site request forgery: besides the SameSite=Lax cookie, a mutating request whose Origin is
 * not ours is refused. Browsers always send Origin on cross-origin POSTs.
 */
function rejectCrossSite(request: FastifyRequest, ctx: AppContext) {
  if (!MUTATING.has(request.method)) return;
  const origin = request.headers.origin;
  const fetchSite = request.headers['sec-fetch-site'];
  if (fetchSite === 'cross-site') throw new HttpError(403, 'Cross-site requests are not allowed.');
  if (!origin) return;
  if (origin !== ownOrigin(request, ctx)) throw new HttpError(403, 'Cross-site requests are not allowed.');
}

/** PUBLIC_URL when set, else the origin the request was addressed to. */
export function ownOrigin(request: FastifyRequest, ctx: AppContext): string {
  if (ctx.config.publicUrl) return ctx.config.publicUrl;
  return `${request.protocol}://${request.host}`;
}

