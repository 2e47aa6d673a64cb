import type { FastifyRequest } from 'fastify';

// Secrets never reach the logs: cookies, authorization headers, OAuth values and Discord webhook
// URLs (a webhook's URL is its credential) are redacted.
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

/** What a request log line says about the request: no query string (it can carry an OAuth code). */
export function requestLogFields(request: FastifyRequest) {
  return {
    method: request.method,
    url: request.url.split('?')[0],
    remoteAddress: request.ip,
  };
}
