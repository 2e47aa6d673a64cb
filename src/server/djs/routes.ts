import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';

export function registerDjRoutes(_app: FastifyInstance, _ctx: AppContext) {}
