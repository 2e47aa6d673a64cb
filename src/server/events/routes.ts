import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';

export function registerEventRoutes(_app: FastifyInstance, _ctx: AppContext) {}
