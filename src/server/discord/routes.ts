import type { FastifyInstance } from 'fastify';
import * as api from '@shared/api/discord.js';
import { ownOrigin } from '../auth/origin.js';
import type { AppContext } from '../context.js';
import { registerEndpoint } from '../http/endpoint.js';
import { listPosts, postToDiscord } from './service.js';

export function registerDiscordRoutes(app: FastifyInstance, ctx: AppContext) {
  registerEndpoint(app, api.getDiscordPosts, ({ params }) => listPosts({ ctx, eventId: params.eventId }));
  // Staff only, and Discord's own rate limit is passed on (429 with the wait), so no limit of ours.
  registerEndpoint(app, api.postToDiscord, ({ params, body, user, request }) =>
    postToDiscord({ ctx, request: { eventId: params.eventId, kind: params.kind, text: body.text, user, origin: ownOrigin(request, ctx), log: request.log } }),
  );
}
