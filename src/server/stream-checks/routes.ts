import type { FastifyInstance } from 'fastify';
import * as api from '@shared/api/stream-checks.js';
import { getStreamTestDeadline, streamTested } from '@shared/api/signup.js';
import type { AppContext } from '../context.js';
import { registerEndpoint } from '../http/endpoint.js';
import * as service from './service.js';

export function registerStreamCheckRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerEndpoint(app, api.setStreamCheck, ({ params, body, user }) => service.setStaffStreamCheck({ ctx, actor: user, eventId: params.eventId, body }));
  registerEndpoint(app, streamTested, ({ body, user }) => service.djStreamTested({ ctx, user, body }));
  registerEndpoint(app, getStreamTestDeadline, ({ query }) => service.streamTestDeadline(ctx, query.event_id));
  registerEndpoint(app, api.getStreamCheckSettings, () => service.getStreamCheckSettings(ctx));
  registerEndpoint(app, api.saveStreamCheckSettings, ({ body }) => service.saveStreamCheckSettings(ctx, body));
}
