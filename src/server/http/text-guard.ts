import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors.js';

// PostgreSQL cannot store the NUL character in text (it fails the whole statement), and no
// field of this app has a use for it. Refusing it up front, for every route and both databases,
// turns what would be a server error on PostgreSQL into a 400 and keeps the two alike.

export const NUL_MESSAGE = 'Text must not contain the NUL character (\\u0000).';

function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 64 || value === null || typeof value !== 'object') return false;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000') || containsNul(item, depth + 1)) return true;
  }
  return false;
}

export function registerTextGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    if (containsNul(request.params) || containsNul(request.query) || containsNul(request.body)) throw badRequest(NUL_MESSAGE);
  });
}
