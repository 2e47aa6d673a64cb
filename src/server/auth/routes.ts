import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';

export function registerAuthRoutes(_app: FastifyInstance, _ctx: AppContext) {}
