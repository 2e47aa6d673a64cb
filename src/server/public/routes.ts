import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod, RouteShorthandOptions } from 'fastify';
import { z } from 'zod';
import { FEEDS } from '@shared/api/feeds.js';
import * as api from '@shared/api/public.js';
import { nextEventText } from '@shared/public-lineup.js';
import { feedQuerySchema, imageQuerySchema, nextEventFeedSchema, publicEventParamsSchema } from '@shared/schemas/public.js';
import { linkOrigin } from '../auth/origin.js';
import type { AppContext } from '../context.js';
import { readCache } from '../db/read-cache.js';
import { sendCacheable } from '../http/cacheable.js';
import { CompressibleBody, sendCompressible } from '../http/compressed.js';
import { registerEndpoint, serialize } from '../http/endpoint.js';
import { HttpError, notFound, tooManyRequests } from '../http/errors.js';
import { djOfToken, getOrCreateCalendarLink, revokeCalendarLink } from './calendar-links.js';
import { FEED_RATE_LIMITS, LINEUP_IMAGES, PUBLIC_ANSWERS } from '../limits.js';
import { lineupImageRenderer, RendererBusy } from './image-renderer.js';
import * as service from './service.js';

// The series' public face (issue 14): the public lineup contracts, the DJ's calendar link, and the
// feeds (iCal, next event, lineup image), which are plain routes: read-only, published data only,
// cacheable (ETag, 304, Cache-Control). Every route here declares its access.

const PUBLIC = { access: 'public' } as const;
/** Feeds change when staff save; five minutes keeps calendars and screens current enough. */
const FEED_MAX_AGE_S = 300;
const PUBLIC_CACHE = `public, max-age=${FEED_MAX_AGE_S}`;
/** While an event runs its next-event feeds change at any mark: kept at most this long. */
const LIVE_FEED_MAX_AGE_S = 15;
/** A DJ's own feed: only their calendar may keep it, never a shared cache. */
const PRIVATE_CACHE = 'private, max-age=300';

/** Per client address and route (limits.ts); the same registration as every rate limit, so a shared store applies to these too. */
const feedRateLimit = ({ max, timeWindowMs }: { max: number; timeWindowMs: number }) => ({
  max,
  timeWindow: timeWindowMs,
  errorResponseBuilder: () => tooManyRequests('Too many requests for the feeds from your address. Please wait a minute and try again.'),
});
const FEED = { ...PUBLIC, rateLimit: feedRateLimit(FEED_RATE_LIMITS.feeds) };
const IMAGE = { ...PUBLIC, rateLimit: feedRateLimit(FEED_RATE_LIMITS.images) };

/** A feed's answer as it is kept: its text (and codings), until time moves its first event off it. */
interface KeptFeed {
  body: CompressibleBody;
  until: number;
  /** It says what plays now (its event is running). */
  live?: boolean;
}

export function registerPublicRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx.store;
  /** A feed answers GET and HEAD as one route, so both count against one rate limit (Fastify's own HEAD route would have its own). */
  const feed = (url: string, options: RouteShorthandOptions, handler: RouteHandlerMethod) => app.route({ method: ['GET', 'HEAD'], url, ...options, handler });

  registerEndpoint(app, api.listPublicLineups, () => service.listPublicLineups({ db }));
  registerEndpoint(app, api.getPublicLineup, ({ params }) => service.getPublicLineup({ db, eventId: params.eventId, now: ctx.clock.now() }));
  registerEndpoint(app, api.getCalendarLink, ({ user, request, reply }) => getOrCreateCalendarLink(ctx, user.djId, linkOrigin(request, reply, ctx)));
  registerEndpoint(app, api.revokeCalendarLink, ({ user, request, reply }) => revokeCalendarLink(ctx, user.djId, linkOrigin(request, reply, ctx)));

  // Kept until anything is written or time moves their first event off them (decision 036), by
  // what each is asked for; each answer compressed once.
  const now = () => ctx.clock.now();
  const kept = readCache<KeptFeed>(ctx.store, PUBLIC_ANSWERS.lookups, { expiresAt: (feed) => feed.until, clock: now });
  const sendFeed = async (request: FastifyRequest, reply: FastifyReply, key: string, cacheControl: string | ((feed: KeptFeed) => string), load: () => Promise<KeptFeed>) => {
    const feed = await kept.get(key, load);
    // Calendars, other sites and in-world browsers may embed these.
    reply.header('cache-control', typeof cacheControl === 'string' ? cacheControl : cacheControl(feed)).header('cross-origin-resource-policy', 'cross-origin');
    return sendCompressible(request, reply, feed.body);
  };
  const keep = (type: string) => async (timed: Promise<service.TimedFeed>) => {
    const { feed, until, live } = await timed;
    return { body: new CompressibleBody(feed, type, 'kept'), until, live };
  };
  const calendar = keep('text/calendar; charset=utf-8');

  feed(FEEDS.seriesCalendar, { config: FEED }, async (request, reply) => {
    const origin = linkOrigin(request, reply, ctx);
    return sendFeed(request, reply, `series ${origin}`, PUBLIC_CACHE, () => calendar(service.seriesFeed({ db, appName: ctx.config.appName, origin })));
  });

  feed(FEEDS.djCalendar, { config: { ...FEED, logUrl: FEEDS.djCalendar.replace(':token', '[token]') } }, async (request, reply) => {
    const { token } = request.params as { token: string };
    const djId = await djOfToken(ctx, token);
    // An unknown, malformed or revoked token: the same 404.
    if (!djId) throw notFound('This calendar link is not valid any more. Get a new one from your signup page.');
    const origin = linkOrigin(request, reply, ctx);
    return sendFeed(request, reply, `dj ${djId} ${origin}`, PRIVATE_CACHE, () => calendar(service.djFeed({ db, djId, appName: ctx.config.appName, origin })));
  });

  /** The next event in the zones asked for (in the order asked for: the feed lists them so). */
  const nextEvent = (request: FastifyRequest, reply: FastifyReply) => {
    const { tz } = request.query as z.output<typeof feedQuerySchema>;
    const origin = linkOrigin(request, reply, ctx);
    return { key: `${JSON.stringify(tz ?? [])} ${origin}`, load: () => service.nextEvent({ db, zones: tz, origin, now: now() }) };
  };
  /**
   * The next event's feeds say "now playing" while it runs (issue 35): a screen or cache may keep
   * them no longer than until the next slot boundary, and no longer than a short while at all
   * during the event (staff may mark a slot at any moment).
   */
  const nextEventCache = ({ until, live }: KeptFeed) => {
    const left = Math.max(0, Math.ceil((until - now()) / 1000));
    return `public, max-age=${Math.min(left, live ? LIVE_FEED_MAX_AGE_S : FEED_MAX_AGE_S)}`;
  };
  const text = keep('text/plain; charset=utf-8');
  const json = keep('application/json; charset=utf-8');

  feed(FEEDS.nextEventText, { config: FEED, schema: { querystring: feedQuerySchema } }, async (request, reply) => {
    const { key, load } = nextEvent(request, reply);
    return sendFeed(request, reply, `next.txt ${key}`, nextEventCache, () => text(load().then(({ feed, until, live }) => ({ feed: nextEventText(feed), until, live }))));
  });

  feed(
    FEEDS.nextEventJson,
    { config: FEED, schema: { querystring: feedQuerySchema, response: { 200: nextEventFeedSchema } } },
    async (request, reply) => {
      const { key, load } = nextEvent(request, reply);
      return sendFeed(request, reply, `next.json ${key}`, nextEventCache, () =>
        json(load().then(({ feed, until, live }) => ({ feed: serialize(nextEventFeedSchema, feed), until, live }))),
      );
    },
  );

  const { limits } = ctx;
  const images = lineupImageRenderer({
    threads: limits.imageThreads,
    queued: limits.imageQueue,
    timeoutMs: limits.imageRenderTimeoutMs,
    cached: LINEUP_IMAGES.cached,
    cachedBytes: LINEUP_IMAGES.cachedBytes,
    idleMs: LINEUP_IMAGES.idleMs,
  });
  app.addHook('onClose', () => images.close());
  feed(
    FEEDS.lineupImage,
    { config: IMAGE, schema: { params: publicEventParamsSchema.extend({ format: z.enum(['png', 'svg']) }), querystring: imageQuerySchema } },
    async (request, reply) => {
      const { eventId, format } = request.params as { eventId: string; format: 'png' | 'svg' };
      const { tz, ...colours } = request.query as z.output<typeof imageQuerySchema>;
      const input = await service.lineupImageInput({ db, eventId, zones: tz, overrides: colours });
      const { body, etag } = await images.render(input, format).catch((error: unknown) => {
        if (!(error instanceof RendererBusy)) throw error;
        reply.header('retry-after', String(LINEUP_IMAGES.retryAfterSeconds));
        throw new HttpError(503, 'busy', `Lineup images are busy being drawn right now. Please try again in ${LINEUP_IMAGES.retryAfterSeconds} seconds.`);
      });
      return sendCacheable(request, reply, body, {
        type: format === 'png' ? 'image/png' : 'image/svg+xml; charset=utf-8',
        cacheControl: PUBLIC_CACHE,
        etag,
      });
    },
  );
}
