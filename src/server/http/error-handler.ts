import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import type { ErrorCode } from '@shared/api/errors.js';
import { UniqueViolation, translateDbError } from '../db/errors.js';
import { HttpError } from './errors.js';
import { drainUnreadBody } from './unread-body.js';

// Every error leaves as JSON { code, message } (shared/api/errors.ts): a message a person can act
// on, and nothing internal (stack, SQL).

export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  drainUnreadBody(request, reply);
  if (hasZodFastifySchemaValidationErrors(error)) {
    const issues = error.validation.map((issue) => ({ path: issue.instancePath.split('/').filter(Boolean), message: issue.message ?? '' }));
    return send(reply, 400, 'invalid_request', describeIssues(issues));
  }
  if (error instanceof ZodError) return send(reply, 400, 'invalid_request', describeIssues(error.issues));
  if (error instanceof HttpError) {
    return reply.code(error.statusCode).send({ code: error.code, message: error.message, ...error.details });
  }
  const translated = translateDbError(error);
  if (translated instanceof UniqueViolation) {
    return send(reply, 409, 'conflict', 'This conflicts with an existing record.');
  }
  const status = error.statusCode ?? 500;
  if (status === 413) return send(reply, 413, 'too_large', 'The request is too large.');
  if (status === 429) {
    return send(reply, 429, 'rate_limited', error.message || 'Too many requests. Please wait a moment and try again.');
  }
  if (status >= 400 && status < 500) {
    return send(reply, status, 'invalid_request', error.message || 'The request is not valid.');
  }
  request.log.error({ err: error }, 'request failed');
  return send(reply, 500, 'server_error', 'Something went wrong on the server. Please try again.');
}

/**
 * The problems, once each. Our schemas' messages name the field in words ("Event name is
 * required."), so they stand alone; zod's own messages for malformed requests ("Invalid input:
 * expected string") keep the field's path, which only programs get wrong.
 */
function describeIssues(issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>): string {
  const messages = issues.map(({ path, message }) => (message.endsWith('.') || path.length === 0 ? message : `${path.join('.')}: ${message}`));
  return [...new Set(messages)].join(' ') || 'The request is not valid.';
}

function send(reply: FastifyReply, status: number, code: ErrorCode, message: string) {
  return reply.code(status).send({ code, message });
}
