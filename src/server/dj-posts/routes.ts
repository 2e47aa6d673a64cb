import type { FastifyInstance } from 'fastify';
import * as api from '@shared/api/dj-posts.js';
import { setTestClock } from '@shared/api/testing.js';
import { ownOrigin } from '../auth/origin.js';
import type { AppContext } from '../context.js';
import { registerEndpoint } from '../http/endpoint.js';
import type { SettableClock } from './clock.js';
import * as service from './service.js';

export function registerDjPostRoutes(app: FastifyInstance, ctx: AppContext) {
  registerEndpoint(app, api.getEventDjPosts, ({ params }) => service.listEventPosts({ ctx, eventId: params.eventId }));
  registerEndpoint(app, api.retryDjPost, ({ params }) => service.retryPost({ ctx, eventId: params.eventId, postId: params.postId }));
  registerEndpoint(app, api.getReminderSettings, () => service.getReminderSettings(ctx));
  registerEndpoint(app, api.saveReminderSettings, ({ body, request }) => service.saveReminderSettings({ ctx, settings: body, origin: ownOrigin(request, ctx) }));
  registerEndpoint(app, api.getMyReminders, ({ user }) => service.getMyReminders({ ctx, user }));
  registerEndpoint(app, api.saveMyReminders, ({ user, body, request }) =>
    service.saveMyReminders({ ctx, user, remindersOn: body.remindersOn, origin: ownOrigin(request, ctx) }),
  );
}

/**
 * TEST_CLOCK only (config.ts refuses it with NODE_ENV=production): the end-to-end tests set the
 * schedule's clock of the running app and send what is due then (README, decision 043).
 */
export function registerTestClockRoute(app: FastifyInstance, ctx: AppContext, clock: SettableClock) {
  registerEndpoint(app, setTestClock, async ({ body }) => {
    clock.set(Date.parse(body.now));
    const summary = await ctx.djPosts.runDue();
    return { now: new Date(clock.now()).toISOString(), ...summary };
  });
}
