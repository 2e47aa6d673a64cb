import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  createEventSchema,
  eventIdParamsSchema,
  eventListQuerySchema,
  publishEventSchema,
  saveEventSchema,
  type HomeEventResponse,
} from '../../shared/schemas/events.js';
import type { AppContext } from '../context.js';
import { cachedJson } from '../http/cached-json.js';
import * as service from './service.js';

/** Proxies close idle connections after a minute or so; a comment line keeps the stream open. */
const HEARTBEAT_MS = 25_000;

export function registerEventRoutes(app: FastifyInstance, ctx: AppContext) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx.store;
  const params = eventIdParamsSchema;

  typed.get('/api/events', { schema: { querystring: eventListQuerySchema } }, (request) =>
    service.listEvents(db, request.query.when),
  );

  typed.post('/api/events', { schema: { body: createEventSchema } }, async (request, reply) => {
    reply.code(201);
    return service.createEvent(db, request.body);
  });

  typed.get('/api/events/home', async (): Promise<HomeEventResponse> => ({ event: await service.findHomeEvent(db) }));

  // The busiest staff read (about 100 KB for a busy event).
  const sendDetail = cachedJson(ctx.store, 50);
  typed.get('/api/events/:eventId', { schema: { params } }, (request, reply) =>
    sendDetail(reply, request.params.eventId, () => service.getEventDetail(db, request.params.eventId)),
  );

  typed.put('/api/events/:eventId', { schema: { params, body: saveEventSchema } }, (request) =>
    service.saveEvent(db, ctx.changes, request.params.eventId, request.body),
  );

  typed.post('/api/events/:eventId/publish', { schema: { params, body: publishEventSchema } }, (request) =>
    service.publishEvent(db, ctx.changes, request.params.eventId, request.body.baseVersion),
  );

  // Live updates for an open event page (server-sent events): `changed` with the new version.
  const streams = new Set<ServerResponse>();
  app.addHook('preClose', async () => {
    for (const stream of streams) stream.end();
  });

  typed.get('/api/events/:eventId/changes', { schema: { params } }, async (request, reply) => {
    const { eventId } = request.params;
    await service.assertEventExists(db, eventId);

    reply.hijack();
    const stream = reply.raw;
    stream.writeHead(200, {
      ...(reply.getHeaders() as Record<string, string>),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      // nginx would otherwise buffer the stream.
      'x-accel-buffering': 'no',
    });
    stream.write('retry: 3000\n: connected\n\n');
    streams.add(stream);

    const unsubscribe = ctx.changes.subscribe(eventId, (change) => {
      stream.write(`event: changed\ndata: ${JSON.stringify({ version: change.version })}\n\n`);
    });
    const heartbeat = setInterval(() => stream.write(': heartbeat\n\n'), HEARTBEAT_MS);
    stream.on('close', () => {
      clearInterval(heartbeat);
      unsubscribe();
      streams.delete(stream);
    });
  });
}
