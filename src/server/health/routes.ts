import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { ping } from '../db/open.js';

export function registerHealthRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/healthz', { config: { access: 'public' } }, async (_request, reply) => {
    const database = await ping(ctx.store.db);
    return reply
      .code(database ? 200 : 503)
      .send({ status: database ? 'ok' : 'unavailable', database: ctx.store.dialect });
  });
}
