import type { FastifyRequest } from 'fastify';

// Secrets never reach the logs: cookies, authorization headers, OAuth values and Discord webhook
// URLs (a webhook's URL is its credential) are redacted, and so are the secrets some addresses
// hold (a DJ's calendar link is /feeds/dj/{token}.ics).
export const logRedaction = {
  paths: [
    'req.headers.cookie',
    'req.headers.authorization',
    'res.headers["set-cookie"]',
    'body.code',
    'body.client_secret',
    'body.code_verifier',
    'body.discordWebhookChanges.announcements',
    'body.discordWebhookChanges.scheduling',
  ],
  censor: '[redacted]',
};

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * What request logs show as the address of a route whose address holds a secret, e.g.
     * '/feeds/dj/[token].ics': whatever spelling of it reached the route.
     */
    logUrl?: string;
  }
}

/**
 * A run of URL-safe characters as long as a token (a calendar link's is 43, a session's 43; ids
 * are 36 at most): hidden wherever it appears in an address that reached no route saying how to log it.
 */
const TOKEN_LIKE = /[A-Za-z0-9_-]{40,}/g;

function decoded(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/** The address as logs show it: the route's logUrl, else the path without its query string (it can carry an OAuth code) and without anything shaped like a token. */
export function loggedUrl(request: FastifyRequest): string {
  const logUrl = request.routeOptions.config?.logUrl;
  if (logUrl) return logUrl;
  const path = request.url.split('?')[0]!;
  const plain = decoded(path);
  const hidden = plain.replace(TOKEN_LIKE, '[redacted]');
  return hidden === plain ? path : hidden;
}

/** What a request log line says about the request. */
export function requestLogFields(request: FastifyRequest) {
  return {
    method: request.method,
    url: loggedUrl(request),
    remoteAddress: request.ip,
  };
}
