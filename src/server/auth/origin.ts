import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';

/** PUBLIC_URL when set, else the origin the request was addressed to. */
export function ownOrigin(request: FastifyRequest, ctx: AppContext): string {
  if (ctx.config.publicUrl) return ctx.config.publicUrl;
  return `${request.protocol}://${request.host}`;
}
