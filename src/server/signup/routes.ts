import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as api from '@shared/api/signup.js';
import type { AppContext } from '../context.js';
import { postsOfRequest } from '../dj-posts/service.js';
import { registerEndpoint } from '../http/endpoint.js';
import { tooManyRequests } from '../http/errors.js';
import { confirmSlot, loadSignupArea, submitSignup, withdrawSignup } from './service.js';

/**
 * Per DJ (the guard has resolved the session before this runs; the client address otherwise).
 * A person fills the wizard in at most a few times a minute, so this only stops scripts.
 */
export const SIGNUP_RATE_LIMIT = {
  max: 30,
  timeWindow: 60_000,
  keyGenerator: (request: FastifyRequest) => (request.user ? `dj:${request.user.djId}` : `ip:${request.ip}`),
  errorResponseBuilder: () => tooManyRequests('Too many signup submissions. Please wait a minute and try again.'),
};

export function registerSignupRoutes(app: FastifyInstance, ctx: AppContext) {
  registerEndpoint(app, api.getSignupArea, ({ user, query }) => loadSignupArea({ ctx, user, eventId: query.event_id }));
  registerEndpoint(app, api.confirmSlot, ({ user, body, request }) => confirmSlot({ ctx, user, body, posts: postsOfRequest(ctx, request) }));
  registerEndpoint(app, api.withdrawSignup, ({ user, body, request }) => withdrawSignup({ ctx, user, body, posts: postsOfRequest(ctx, request) }));
  registerEndpoint(app, api.submitSignup, async ({ user, body }) => ({ signup: await submitSignup({ ctx, user, intake: body }) }), {
    rateLimit: SIGNUP_RATE_LIMIT,
  });
}
