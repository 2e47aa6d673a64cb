import type { FastifyInstance } from 'fastify';
import * as api from '@shared/api/me.js';
import type { AppContext } from '../context.js';
import { registerEndpoint } from '../http/endpoint.js';
import { loadDjHome, loadMemberContact } from './service.js';

export function registerMeRoutes(app: FastifyInstance, ctx: AppContext) {
  registerEndpoint(app, api.getDjHome, ({ user }) => loadDjHome({ ctx, user }));
  registerEndpoint(app, api.getMemberContact, () => loadMemberContact(ctx));
}
