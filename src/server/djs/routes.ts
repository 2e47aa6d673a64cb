import type { FastifyInstance } from 'fastify';
import * as api from '@shared/api/djs.js';
import type { AppContext } from '../context.js';
import { readCache } from '../db/read-cache.js';
import { registerEndpoint } from '../http/endpoint.js';
import * as service from './service.js';

const ROSTER_FRESH_MS = 60_000;

export function registerDjRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx.store;
  // A page of DJs with their play counts; the first pages of both views stay cached until a
  // write, and so do the counts every page of a view shares. Plays count once their event is over
  // (shared/plays.ts), which happens with no write: a page is kept for the minute it was read in.
  // "Over" is by the app's clock (ctx.clock: the live board's, which tests set).
  const rosterCounts = readCache<number>(ctx.store, 50);
  registerEndpoint(app, api.getRoster, ({ query }) => service.getRoster({ db, query, counts: rosterCounts, now: ctx.clock.now() }), {
    cache: {
      store: ctx.store,
      capacity: 20,
      key: ({ query }) => JSON.stringify([query.archived, query.search, query.limit, query.offset, Math.floor(ctx.clock.now() / ROSTER_FRESH_MS)]),
    },
  });
  registerEndpoint(app, api.createDj, ({ body }) => service.createDj({ db, fields: body }));
  registerEndpoint(app, api.getDj, ({ params }) => service.getDjDetails({ db, djId: params.djId }));
  registerEndpoint(app, api.updateDj, ({ params, body }) => service.updateDj({ db, djId: params.djId, fields: body }));
  registerEndpoint(app, api.archiveDj, ({ params }) => service.setArchived({ db, djId: params.djId, archived: true }));
  registerEndpoint(app, api.restoreDj, ({ params }) => service.setArchived({ db, djId: params.djId, archived: false }));
  registerEndpoint(app, api.mergeDj, ({ params, body, user }) => service.mergeDj({ store: ctx.store, changes: ctx.changes, actor: user, mergedId: params.djId, keptId: body.intoDjId }));
}
