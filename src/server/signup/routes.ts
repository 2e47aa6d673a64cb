import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signupIntakeSchema } from '../../shared/schemas/signup.js';
import { currentUser } from '../auth/guard.js';
import type { AppContext } from '../context.js';
import { HttpError } from '../http/errors.js';
import { loadSignupArea, submitSignup } from './service.js';

/**
 * Per DJ (the guard has resolved the session before this runs; the client address otherwise).
 * A person fills the wizard in at most a few times a minute, so this only stops scripts.
 */
export const SIGNUP_RATE_LIMIT = {
  max: 30,
  timeWindow: 60_000,
  keyGenerator: (request: FastifyRequest) => (request.user ? `dj:${request.user.djId}` : `ip:${request.ip}`),
  errorResponseBuilder: () =>
    new HttpError(429, 'Too many signup submissions. Please wait a minute and try again.'),
};

const areaQuery = z.object({ event_id: z.string().trim().max(200).optional() });

export function registerSignupRoutes(app: FastifyInstance, ctx: AppContext) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get('/api/signup', { schema: { querystring: areaQuery } }, (request) =>
    loadSignupArea(ctx, currentUser(request), request.query.event_id),
  );

  routes.post('/api/signup', { config: { rateLimit: SIGNUP_RATE_LIMIT }, schema: { body: signupIntakeSchema } }, async (request) => ({
    signup: await submitSignup(ctx, currentUser(request), request.body),
  }));
}
