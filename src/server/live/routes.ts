import type { FastifyInstance } from 'fastify';
import * as api from '@shared/api/live.js';
import type { AppContext } from '../context.js';
import { registerEndpoint } from '../http/endpoint.js';
import * as service from './service.js';

// The live board of an event (issue 35): staff only, by the app's clock (ctx.clock, which tests set).
export function registerLiveRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db, dialect } = ctx.store;
  registerEndpoint(app, api.getLiveState, ({ params }) => service.getLiveState({ db, eventId: params.eventId, now: ctx.clock.now() }));
  registerEndpoint(app, api.markSlot, ({ params, body, user }) =>
    service.markSlot({ db, dialect, actor: user, eventId: params.eventId, signupUuid: params.signupUuid, body, now: ctx.clock.now() }),
  );
}
