import type { FastifyInstance } from 'fastify';
import * as api from '@shared/api/djs.js';
import type { AppContext } from '../context.js';
import { registerEndpoint } from '../http/endpoint.js';
import * as service from './service.js';

export function registerDjRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx.store;
  // Every DJ with their play counts: the heaviest staff read.
  registerEndpoint(app, api.getRoster, () => service.getRoster(db), {
    cache: { store: ctx.store, capacity: 1, key: () => 'roster' },
  });
  registerEndpoint(app, api.createDj, ({ body }) => service.createDj(db, body));
  registerEndpoint(app, api.getDj, ({ params }) => service.getDjDetails(db, params.djId));
  registerEndpoint(app, api.updateDj, ({ params, body }) => service.updateDj(db, params.djId, body));
}
