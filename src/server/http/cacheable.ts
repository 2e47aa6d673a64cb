import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

// Feeds and images are fetched again and again by calendars, chat unfurlers and in-world screens:
// each answer carries a strong ETag of its bytes and a Cache-Control, and a request whose
// If-None-Match names the current tag gets 304 with no body.

export interface CacheableOptions {
  type: string;
  /** e.g. 'public, max-age=300'. */
  cacheControl: string;
  /** A tag the caller already has for these bytes (e.g. the image cache's); else one is computed. */
  etag?: string;
}

export const etagOf = (body: string | Buffer) => `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;

/** A tag for one content coding of a representation: each coding is a representation of its own (RFC 9110 8.8.3). */
export const codedEtag = (etag: string, coding: 'br' | 'gzip') => etag.replace(/"$/, `-${coding}"`);

/**
 * Whether an If-None-Match header names this tag, or the tag of one of its codings
 * (compressed.ts), which have the same content (weak comparison, as RFC 9110 asks for GET).
 */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const tags = new Set([etag, codedEtag(etag, 'br'), codedEtag(etag, 'gzip')]);
  return header.split(',').some((candidate) => tags.has(candidate.trim().replace(/^W\//, '')));
}

export function sendCacheable(request: FastifyRequest, reply: FastifyReply, body: string | Buffer, options: CacheableOptions) {
  const etag = options.etag ?? etagOf(body);
  reply
    .header('etag', etag)
    .header('cache-control', options.cacheControl)
    // Calendars, other sites and in-world browsers may embed these.
    .header('cross-origin-resource-policy', 'cross-origin');
  if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send();
  return reply.code(200).type(options.type).send(body);
}
