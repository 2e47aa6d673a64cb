import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { paths } from '@shared/paths.js';
import type { PageRenderer, PublicAssets } from '@shared/pages.js';
import { publicEventParamsSchema } from '@shared/schemas/public.js';
import { linkOrigin } from '../auth/origin.js';
import { BoundedCache } from '../bounded-cache.js';
import type { AppContext } from '../context.js';
import { readCache } from '../db/read-cache.js';
import { CompressibleBody, sendCompressible } from '../http/compressed.js';
import { PUBLIC_ANSWERS } from '../limits.js';
import * as publicService from '../public/service.js';
import { requestTheme, themedHtml, themeHeaders } from './theme.js';

// The public pages (/lineups, /lineups/{id}): what a community shares, reloaded by friends and
// in-world screens on the night and fetched by chat services' unfurlers. Served from memory,
// rendered and compressed once (decision 036), in two steps:
// - what a page is drawn from (the event's public data, the series' name, zone and accent) is
//   kept by address until anything is written (the store's data version, which on PostgreSQL
//   follows every instance's commits: decision 017), and the index's until its first event ends;
// - the page itself, rendered and compressed, is kept by what it is drawn from, its theme and
//   its link origin: a write that changes nothing it shows costs those few reads, never a render,
//   and the page keeps its tag, so a visitor's reload is still answered 304.
// An unpublished or unknown event gets the same 404 page, kept once for all of them.

const PAGE = { access: 'public' } as const;
const HTML = 'text/html; charset=utf-8';

/** A page as it will be drawn: the status, its accent, until when it holds, and how to render it for a link origin. */
interface Drawable {
  /** What the page is drawn from, hashed: with the theme and link origin, the rendered page's key. */
  source: string;
  status: 200 | 404;
  accent: string;
  until: number;
  render(origin: string): Promise<string>;
}

const sourceOf = (data: unknown) => createHash('sha256').update(JSON.stringify(data)).digest('base64url');

export function registerPublicPages(
  app: FastifyInstance,
  ctx: AppContext,
  pages: Pick<PageRenderer, 'renderPublicLineupPage' | 'renderLineupNotFoundPage' | 'renderPublicLineupsPage'>,
  assets: PublicAssets,
) {
  const { db } = ctx.store;
  const appName = ctx.config.appName;
  // The clock is the app's (tests set it): a page saying what plays now holds until the next slot boundary.
  const drawables = readCache<Drawable>(ctx.store, PUBLIC_ANSWERS.lookups, { expiresAt: (page) => page.until, clock: () => ctx.clock.now() });
  const rendered = new BoundedCache<CompressibleBody>({ count: PUBLIC_ANSWERS.pages, bytes: PUBLIC_ANSWERS.pageBytes }, (page) => 2 * page.body.length);

  /** The page in the request's theme, with links from its origin (which keeps it out of shared caches without PUBLIC_URL). */
  const send = async (request: FastifyRequest, reply: FastifyReply, page: Drawable) => {
    const origin = linkOrigin(request, reply, ctx);
    const theme = requestTheme(request);
    const key = `${page.source}|${theme}|${origin}`;
    const body =
      rendered.get(key) ??
      rendered.keep(key, page.render(origin).then((html) => new CompressibleBody(themedHtml(html, { theme, accent: page.accent }), HTML, 'kept')));
    themeHeaders(reply).header('cache-control', 'public, no-cache');
    return sendCompressible(request, reply, await body, page.status);
  };

  const notFound = () =>
    drawables.get('not found', async (): Promise<Drawable> => {
      const { seriesName, seriesZone, accent } = await publicService.notFoundPageData(db);
      return {
        source: sourceOf(['not found', seriesName, seriesZone, accent]),
        status: 404,
        accent,
        until: Infinity,
        render: (origin) =>
          pages.renderLineupNotFoundPage({
            data: seriesZone,
            appName,
            meta: { title: 'Lineup not found', description: `${seriesName}: this lineup is not public.`, canonicalUrl: `${origin}${paths.publicLineups()}`, siteName: seriesName },
            assets,
          }),
      };
    });

  app.get(paths.publicLineups(), { config: PAGE }, async (request, reply) => {
    const page = await drawables.get('lineups', async (): Promise<Drawable> => {
      const data = await publicService.lineupsPageData({ db, now: ctx.clock.now() });
      return {
        source: sourceOf(['lineups', data]),
        status: 200,
        accent: data.accent,
        until: data.until,
        render: (origin) => pages.renderPublicLineupsPage({ data: data.list, appName, meta: publicService.lineupsPageMeta(data, origin), assets }),
      };
    });
    return send(request, reply, page);
  });

  app.get('/lineups/:eventId', { config: PAGE }, async (request, reply) => {
    const parsed = publicEventParamsSchema.safeParse(request.params);
    if (!parsed.success) return send(request, reply, await notFound());
    const { eventId } = parsed.data;
    const page = await drawables.get(`lineup ${eventId}`, async (): Promise<Drawable> => {
      const data = await publicService.lineupPageData({ db, eventId, now: ctx.clock.now() });
      // An unknown or unpublished event: the same answer for both.
      if (!data) return notFound();
      return {
        source: sourceOf(['lineup', data]),
        status: 200,
        accent: data.accent,
        until: data.until,
        render: (origin) => pages.renderPublicLineupPage({ data: data.lineup, appName, meta: publicService.lineupPageMeta(data, origin), assets }),
      };
    });
    return send(request, reply, page);
  });
}
