import type { FastifyInstance } from 'fastify';
import * as api from '@shared/api/history.js';
import type { AppContext } from '../context.js';
import { registerEndpoint } from '../http/endpoint.js';
import { getDjSignups, getEventHistory } from './service.js';

export function registerHistoryRoutes(app: FastifyInstance, ctx: AppContext) {
  registerEndpoint(app, api.getEventHistory, ({ params, query }) => getEventHistory({ ctx, eventId: params.eventId, query }));
  registerEndpoint(app, api.getDjSignups, ({ params }) => getDjSignups({ ctx, djId: params.djId }));
}
