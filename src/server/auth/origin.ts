import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';

/**
 * PUBLIC_URL when set, else the origin the request was addressed to: the origin a request must
 * come from (cross-site checks) and the OAuth redirect_uri. For absolute links in an answer, use
 * linkOrigin.
 */
export function ownOrigin(request: FastifyRequest, ctx: AppContext): string {
  if (ctx.config.publicUrl) return ctx.config.publicUrl;
  return `${request.protocol}://${request.host}`;
}

/** Replies whose links were built from the request's own origin (linkOrigin). */
const linkedToRequest = new WeakSet<FastifyReply>();

/**
 * The origin of the absolute links in an answer (feeds, iCal, link-preview tags, a DJ's calendar
 * link): PUBLIC_URL when it is set. Without it, the origin the request names, which its client
 * chose (`Host`, or `X-Forwarded-Host` and `-Proto` through a proxy TRUST_PROXY names); such an
 * answer is then for that client alone: registerLinkOriginRule makes its Cache-Control `private`,
 * whatever else the route set, so no shared cache (a CDN, the proxy's cache) keeps links another
 * client's headers chose and hands them to everyone. Call it for every absolute link, before the
 * answer is sent.
 */
export function linkOrigin(request: FastifyRequest, reply: FastifyReply, ctx: AppContext): string {
  if (ctx.config.publicUrl) return ctx.config.publicUrl;
  linkedToRequest.add(reply);
  return `${request.protocol}://${request.host}`;
}

/** A Cache-Control value with shared caching taken out: `private` first, `public` and `s-maxage` dropped. */
export function privateCacheControl(value: string | undefined): string {
  const kept = (value ?? '')
    .split(',')
    .map((directive) => directive.trim())
    .filter((directive) => directive !== '' && !/^(public|private|s-maxage\s*=.*)$/i.test(directive));
  return ['private', ...kept].join(', ');
}

/** The hook behind linkOrigin's promise: an answer with links from the request's origin is never shared-cacheable. */
export function registerLinkOriginRule(app: FastifyInstance) {
  app.addHook('onSend', async (_request, reply, payload) => {
    if (linkedToRequest.has(reply)) {
      const current = reply.getHeader('cache-control');
      reply.header('cache-control', privateCacheControl(typeof current === 'string' ? current : undefined));
    }
    return payload;
  });
}
