import type { FastifyInstance } from 'fastify';
import * as api from '@shared/api/djs.js';
import type { AppContext } from '../context.js';
import { registerEndpoint } from '../http/endpoint.js';
import * as service from './service.js';

export function registerDjRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx.store;
  // Every DJ with their play counts: the heaviest staff read.
  registerEndpoint(app, api.getRoster, ({ query }) => service.getRoster(db, { includeArchived: query.archived === 'include' }), {
    cache: { store: ctx.store, capacity: 2, key: ({ query }) => query.archived },
  });
  registerEndpoint(app, api.createDj, ({ body }) => service.createDj(db, body));
  registerEndpoint(app, api.getDj, ({ params }) => service.getDjDetails(db, params.djId));
  registerEndpoint(app, api.updateDj, ({ params, body }) => service.updateDj(db, params.djId, body));
  registerEndpoint(app, api.archiveDj, ({ params }) => service.setArchived(db, params.djId, true));
  registerEndpoint(app, api.restoreDj, ({ params }) => service.setArchived(db, params.djId, false));
  registerEndpoint(app, api.mergeDj, ({ params, body, user }) => service.mergeDj(ctx.store, ctx.changes, user, params.djId, body.intoDjId));
}
