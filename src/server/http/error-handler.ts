import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { UniqueViolation, translateDbError } from '../db/errors.js';
import { HttpError } from './errors.js';

// Every error leaves as JSON {message} a person can act on; nothing internal (stack, SQL) leaks.

export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (hasZodFastifySchemaValidationErrors(error)) {
    const message = error.validation
      .map((issue) => {
        const where = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
        return where ? `${where}: ${issue.message}` : issue.message;
      })
      .join('; ');
    return reply.code(400).send({ message: message || 'The request is not valid.' });
  }
  if (error instanceof ZodError) {
    return reply.code(400).send({ message: error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ') });
  }
  if (error instanceof HttpError) {
    return reply.code(error.statusCode).send({ message: error.message, ...error.details });
  }
  const translated = translateDbError(error);
  if (translated instanceof UniqueViolation) {
    return reply.code(409).send({ message: 'This conflicts with an existing record.' });
  }
  const status = error.statusCode ?? 500;
  if (status === 413) return reply.code(413).send({ message: 'The request is too large.' });
  if (status === 429) {
    return reply.code(429).send({ message: error.message || 'Too many requests. Please wait a moment and try again.' });
  }
  if (status >= 400 && status < 500) {
    return reply.code(status).send({ message: error.message || 'The request is not valid.' });
  }
  request.log.error({ err: error }, 'request failed');
  return reply.code(500).send({ message: 'Something went wrong on the server. Please try again.' });
}
