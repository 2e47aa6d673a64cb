import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { djIdParamsSchema, djInputSchema } from '../../shared/schemas/djs.js';
import type { AppContext } from '../context.js';
import { cachedJson } from '../http/cached-json.js';
import * as service from './service.js';

// Staff only (policy table). Bodies are validated by the shared schema before the handler runs.
export function registerDjRoutes(app: FastifyInstance, ctx: AppContext) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx.store;

  // Every DJ with their play counts: the heaviest staff read.
  const sendRoster = cachedJson(ctx.store, 1);
  typed.get('/api/djs', (_request, reply) => sendRoster(reply, 'roster', () => service.getRoster(db)));

  typed.post('/api/djs', { schema: { body: djInputSchema } }, async (request, reply) =>
    reply.code(201).send(await service.createDj(db, request.body)),
  );

  typed.get('/api/djs/:djId', { schema: { params: djIdParamsSchema } }, (request) =>
    service.getDjDetails(db, request.params.djId),
  );

  typed.put('/api/djs/:djId', { schema: { params: djIdParamsSchema, body: djInputSchema } }, (request) =>
    service.updateDj(db, request.params.djId, request.body),
  );
}
