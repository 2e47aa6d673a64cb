import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RateLimitOptions } from '@fastify/rate-limit';
import { safeEncode, type z } from 'zod';
import type { Contract, ParsedRequest, ResponseOf } from '@shared/api/contract.js';
import type { Access } from '@shared/policy.js';
import type { SessionUser } from '../auth/sessions.js';
import type { Store } from '../db/open.js';
import { readCache } from '../db/read-cache.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route; every route declares it (auth/guard.ts refuses to start otherwise). */
    access?: Access;
  }
}

/** A handler's input: the request as its contract's schemas parsed it, and who is calling. */
export interface EndpointInput<C extends Contract> extends ParsedRequest<C> {
  /** Set whenever the contract's access needs a signed-in person (the guard has checked it). */
  user: C['access'] extends 'public' ? SessionUser | null : SessionUser;
  request: FastifyRequest;
  reply: FastifyReply;
}

type Handler<C extends Contract> = (input: EndpointInput<C>) => Promise<ResponseOf<C>> | ResponseOf<C>;

interface EndpointOptions<T extends Contract> {
  rateLimit?: RateLimitOptions;
  /** A larger request body than BODY_LIMIT_BYTES, for the few routes that take files (limits.ts). */
  bodyLimit?: number;
  /**
   * For heavy reads whose answer depends only on `key` (never on who asks): the serialised answer
   * is kept until anything in the database is written (db/read-cache.ts).
   */
  cache?: { store: Pick<Store, 'dataVersion'>; capacity: number; key: (input: ParsedRequest<T>) => string };
}

/**
 * Registers a contract's handler: the route's path, method and access come from the contract,
 * params, query and body are parsed by its schemas before the handler runs, and the answer is
 * serialised through its response schema, so fields outside it never leave the server.
 */
export function registerEndpoint<T extends Contract>(
  app: FastifyInstance,
  contract: T,
  handler: Handler<T>,
  options: EndpointOptions<T> = {},
): void {
  const status = contract.status ?? 200;
  const cache = options.cache && readCache<string>(options.cache.store, options.cache.capacity);
  app.route({
    method: contract.method,
    url: contract.path,
    ...(options.bodyLimit && { bodyLimit: options.bodyLimit }),
    schema: {
      ...(contract.params && { params: contract.params }),
      ...(contract.query && { querystring: contract.query }),
      ...(contract.body && { body: contract.body }),
      ...(contract.response && !contract.stream && !cache && { response: { [status]: contract.response } }),
    },
    config: { access: contract.access, ...(options.rateLimit && { rateLimit: options.rateLimit }) },
    handler: async (request, reply) => {
      const input = {
        params: request.params,
        query: request.query,
        body: request.body,
        user: request.user,
        request,
        reply,
      } as EndpointInput<T>;
      if (cache && contract.response) {
        const schema = contract.response;
        const json = await cache.get(options.cache!.key(input), async () => serialize(schema, await handler(input)));
        return reply.code(status).type('application/json; charset=utf-8').send(json);
      }
      const result = await handler(input);
      if (reply.sent) return reply;
      reply.code(status);
      return contract.response === null ? reply.send() : result;
    },
  });
}

/** A value as its schema shapes it for the wire (unknown fields dropped), as the route serialiser does. */
export function shape(schema: z.ZodType, value: unknown): unknown {
  const encoded = safeEncode(schema, value);
  // The server's own mistake, not the caller's: a 500, like the route serialiser's.
  if (!encoded.success) throw new Error('The answer does not match its response schema.', { cause: encoded.error });
  return encoded.data;
}

/** JSON of a value as its schema shapes it. */
export const serialize = (schema: z.ZodType, value: unknown): string => JSON.stringify(shape(schema, value));
