import type { FastifyInstance } from 'fastify';
import * as api from '@shared/api/events.js';
import type { EventChangedMessage } from '@shared/schemas/events.js';
import type { AppContext } from '../context.js';
import { postsOfRequest } from '../dj-posts/service.js';
import { registerEndpoint } from '../http/endpoint.js';
import { unauthorized } from '../http/errors.js';
import { djDetailsCache } from './dj-details-cache.js';
import * as service from './service.js';

export function registerEventRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx.store;

  registerEndpoint(app, api.listEvents, ({ query }) => service.listEvents({ db, when: query.when }));
  registerEndpoint(app, api.createEvent, ({ body, user }) => service.createEvent({ db, actor: user, request: body }));
  registerEndpoint(app, api.createNextEvent, ({ params, body, user }) => service.createNextEvent({ db, actor: user, eventId: params.eventId, confirmSameDay: body.confirmSameDay }));
  registerEndpoint(app, api.getHomeEvent, async () => ({ event: await service.findHomeEvent({ db }) }));
  // The busiest staff read (about 100 KB for a busy event).
  registerEndpoint(app, api.getEvent, ({ params }) => service.getEventDetail({ db, eventId: params.eventId }), {
    cache: { store: ctx.store, capacity: 50, key: ({ params }) => params.eventId },
  });
  const djDetails = djDetailsCache(ctx.store);
  registerEndpoint(app, api.saveEvent, ({ params, body, user, request }) =>
    service.saveEvent({ db, changes: ctx.changes, actor: user, eventId: params.eventId, body, cache: djDetails, posts: postsOfRequest(ctx, request) }),
  );
  registerEndpoint(app, api.publishEvent, ({ params, body, user }) =>
    service.publishEvent({ db, changes: ctx.changes, actor: user, eventId: params.eventId, baseVersion: body.baseVersion, anyway: body.anyway }),
  );
  registerEndpoint(app, api.unpublishEvent, ({ params, body, user }) =>
    service.unpublishEvent({ db, changes: ctx.changes, actor: user, eventId: params.eventId, baseVersion: body.baseVersion }),
  );
  registerEndpoint(app, api.setPreflightStep, ({ params, body, user }) => service.setPreflightStep({ db, dialect: ctx.store.dialect, changes: ctx.changes, actor: user, eventId: params.eventId, body }));
  registerEndpoint(app, api.setConfirmation, ({ params, body, user, request }) =>
    service.setStaffConfirmation({ db, changes: ctx.changes, actor: user, eventId: params.eventId, body, posts: postsOfRequest(ctx, request) }),
  );
  registerEndpoint(app, api.cancelEvent, ({ params, body, user, request }) =>
    service.cancelEvent({ db, changes: ctx.changes, actor: user, eventId: params.eventId, baseVersion: body.baseVersion, notifyDjs: body.notifyDjs, posts: postsOfRequest(ctx, request) }),
  );
  registerEndpoint(app, api.restoreEvent, ({ params, body, user, request }) =>
    service.restoreEvent({ db, changes: ctx.changes, actor: user, eventId: params.eventId, baseVersion: body.baseVersion, posts: postsOfRequest(ctx, request) }),
  );
  registerEndpoint(app, api.deleteEvent, ({ params, body }) => service.deleteEvent({ db, changes: ctx.changes, eventId: params.eventId, baseVersion: body.baseVersion }));

  // Live updates for an open event page (server-sent events): `changed` with the new version.
  // The registry (http/live-streams.ts) caps them, sends the heartbeat and closes the streams of
  // a session that ends.
  registerEndpoint(app, api.eventChanges, async ({ params, request, reply }) => {
    const { eventId } = params;
    await service.assertEventExists({ db, eventId });
    const sessionId = request.sessionId;
    if (!sessionId) throw unauthorized();
    // Refused (429) before the answer starts, while it can still be an ordinary error.
    app.liveStreams.assertRoom(sessionId);
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
    const unsubscribe = ctx.changes.subscribe(eventId, (change) => {
      const message: EventChangedMessage = { version: change.version };
      stream.write(`event: changed\ndata: ${JSON.stringify(message)}\n\n`);
    });
    app.liveStreams.add(sessionId, api.eventChanges.access, stream, unsubscribe);
  });
}
