import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as api from '@shared/api/auth.js';
import { paths } from '@shared/paths.js';
import type { AppContext } from '../context.js';
import { registerEndpoint } from '../http/endpoint.js';
import { tooManyRequests } from '../http/errors.js';
import { sessionCookieOptions } from './guard.js';
import { ownOrigin } from './origin.js';
import { discordEndpointsFor, registerDevProvider } from './dev-provider.js';
import { completeSignIn, currentMe, type PendingSignIn, signOut, startSignIn } from './service.js';
import { SESSION_COOKIE } from './sessions.js';

/** Binds a sign-in in progress (state and PKCE verifier) to the browser that started it. */
const PENDING_COOKIE = 'lineup_oauth';
const PENDING_TTL_SECONDS = 10 * 60;

/**
 * Per client address and route. Generous enough for a team signing in (and for the end-to-end
 * suite, which signs in from one address), low enough to stop hammering Discord's token endpoint.
 */
export const SIGN_IN_RATE_LIMIT = {
  max: 60,
  timeWindow: 60_000,
  errorResponseBuilder: () => tooManyRequests('Too many sign-in attempts. Please wait a minute and try again.'),
};

export function registerAuthRoutes(app: FastifyInstance, ctx: AppContext) {
  if (ctx.config.discord.devProvider) registerDevProvider(app, ctx);

  // The login page's button is a plain form that comes here, so it works before (and without)
  // the page's script: the state and PKCE verifier go into a cookie, the browser on to Discord.
  app.get(paths.signInWithDiscord(), { config: { access: 'public', rateLimit: SIGN_IN_RATE_LIMIT } }, (request, reply) => {
    const { url, pending } = startSignIn({ ctx, endpoints: discordEndpointsFor(request, ctx), redirectUri: redirectUriFor(request, ctx) });
    reply.setCookie(PENDING_COOKIE, JSON.stringify(pending), pendingCookieOptions(ctx, PENDING_TTL_SECONDS));
    return reply.header('cache-control', 'no-store').redirect(url, 303);
  });

  registerEndpoint(
    app,
    api.completeSignIn,
    async ({ request, reply, body }) => {
      // A state is good for one attempt, whatever its outcome.
      reply.clearCookie(PENDING_COOKIE, pendingCookieOptions(ctx, 0));
      const { me, session } = await completeSignIn(
        { ctx, endpoints: discordEndpointsFor(request, ctx), input: {
          body,
          pending: readPending(request),
          expectedRedirectUri: redirectUriFor(request, ctx),
          previousSessionToken: request.cookies[SESSION_COOKIE],
          onSessionClosed: (sessionId) => app.liveStreams.closeSession(sessionId),
        }, log: request.log },
      );
      reply.setCookie(SESSION_COOKIE, session.token, sessionCookieOptions(ctx, session.expiresAt));
      return me;
    },
    { rateLimit: SIGN_IN_RATE_LIMIT },
  );

  registerEndpoint(app, api.signOut, async ({ request, reply }) => {
    const sessionId = await signOut({ ctx, sessionToken: request.cookies[SESSION_COOKIE] });
    // Its open live-update streams end with it, at once.
    if (sessionId) app.liveStreams.closeSession(sessionId);
    clearSessionCookie(reply, ctx);
  });

  registerEndpoint(app, api.getMe, ({ user }) => currentMe({ db: ctx.store.db, user }));
}

const redirectUriFor = (request: FastifyRequest, ctx: AppContext) => `${ownOrigin(request, ctx)}${paths.discordRedirect()}`;

function pendingCookieOptions(ctx: AppContext, maxAgeSeconds: number) {
  const { expires: _expires, ...options } = sessionCookieOptions(ctx, Date.now());
  return { ...options, path: '/api/auth', maxAge: maxAgeSeconds };
}

function readPending(request: FastifyRequest): PendingSignIn | null {
  const raw = request.cookies[PENDING_COOKIE];
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<PendingSignIn>;
    return typeof value.state === 'string' && typeof value.verifier === 'string'
      ? { state: value.state, verifier: value.verifier }
      : null;
  } catch {
    return null;
  }
}

function clearSessionCookie(reply: FastifyReply, ctx: AppContext) {
  const { expires: _expires, ...options } = sessionCookieOptions(ctx, Date.now());
  reply.clearCookie(SESSION_COOKIE, options);
}
