import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signupIntakeSchema } from '../../shared/schemas/signup.js';
import { currentUser } from '../auth/guard.js';
import type { AppContext } from '../context.js';
import { loadSignupArea, submitSignup } from './service.js';

const areaQuery = z.object({ event_id: z.string().trim().max(200).optional() });

export function registerSignupRoutes(app: FastifyInstance, ctx: AppContext) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get('/api/signup', { schema: { querystring: areaQuery } }, (request) =>
    loadSignupArea(ctx, currentUser(request), request.query.event_id),
  );

  routes.post('/api/signup', { schema: { body: signupIntakeSchema } }, async (request) => ({
    signup: await submitSignup(ctx, currentUser(request), request.body),
  }));
}
