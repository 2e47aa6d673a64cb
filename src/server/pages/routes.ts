import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { paths } from '@shared/paths.js';
import { publicEventParamsSchema } from '@shared/schemas/public.js';
import type { RenderedAppPage } from '@shared/pages.js';
import { linkOrigin } from '../auth/origin.js';
import type { AppContext } from '../context.js';
import * as publicService from '../public/service.js';
import { appDocument, appPages, type ClientBuild, publicAssets } from './client-build.js';
import { pageZone, signupPageData } from './service.js';
import { pageLook, themedHtml, themeHeaders } from './theme.js';

// The pages the server renders with React (decision 020), before the client's catch-all:
// - the sign-in page and a DJ's signup pages, then hydrated by the browser's bundle: their
//   content paints before the script arrives;
// - the public lineup pages, whole documents readable without any script, with link-preview
//   tags and a canonical link.
// Each is public as a route; what it shows a signed-in person is what the API would show them.

const PAGE = { access: 'public' } as const;

/**
 * Registers the pages above and answers the app's page for any other address (its path as the
 * browser sent it, still percent-encoded), which the browser renders: it links what that page
 * loads first, so the browser asks for it with the document rather than once the app has run.
 */
export async function registerPages(app: FastifyInstance, ctx: AppContext, build: ClientBuild): Promise<(path: string) => string> {
  // Loaded here, not imported above: the rest of the server never needs the client's code.
  const pages = await import('@client/entry-server');
  const appName = ctx.config.appName;
  const settings = { appName, devSignIn: ctx.config.discord.devProvider };
  const assets = publicAssets(build);

  /** The app's page, with the rendered root when there is one, else for the browser to render. */
  const sendAppPage = async (request: FastifyRequest, reply: FastifyReply, rendered: RenderedAppPage | null) =>
    themeHeaders(reply)
      .header('cache-control', 'private, no-cache')
      .type('text/html; charset=utf-8')
      .send(themedHtml(rendered ? appDocument(build, rendered) : build.indexHtml, await pageLook(ctx, request)));

  app.get(paths.login(), { config: PAGE }, async (request, reply) => {
    const zone = await pageZone({ ctx, cookie: request.cookies.tz });
    return sendAppPage(request, reply, await pages.renderAppPage({ url: request.url, ...settings, zone }));
  });

  const signupPage = async (request: FastifyRequest, reply: FastifyReply) => {
    const { eventId } = request.params as { eventId: string };
    const data = await signupPageData({ ctx, user: await app.signedInUser(request, reply), eventId });
    if (!data) return sendAppPage(request, reply, null);
    const zone = await pageZone({ ctx, cookie: request.cookies.tz });
    return sendAppPage(request, reply, await pages.renderAppPage({ url: request.url, ...settings, zone, ...data }));
  };
  // The spec's addresses (paths.ts builds them with an id filled in).
  app.get('/eventSignup/:eventId', { config: PAGE }, signupPage);
  app.get('/eventSignup/:eventId/wizard', { config: PAGE }, signupPage);

  /** A public page: a whole document, its absolute links from linkOrigin (which keeps it out of shared caches without PUBLIC_URL). */
  const sendPublicPage = async (request: FastifyRequest, reply: FastifyReply, status: number, html: string) =>
    themeHeaders(reply).code(status).header('cache-control', 'public, no-cache').type('text/html; charset=utf-8').send(themedHtml(html, await pageLook(ctx, request)));

  app.get(paths.publicLineups(), { config: PAGE }, async (request, reply) => {
    const { list, meta } = await publicService.lineupsPage({ db: ctx.store.db, origin: linkOrigin(request, reply, ctx) });
    return sendPublicPage(request, reply, 200, await pages.renderPublicLineupsPage({ data: list, appName, meta, assets }));
  });

  app.get('/lineups/:eventId', { config: PAGE }, async (request, reply) => {
    const origin = linkOrigin(request, reply, ctx);
    const parsed = publicEventParamsSchema.safeParse(request.params);
    const page = parsed.success ? await publicService.lineupPage({ db: ctx.store.db, eventId: parsed.data.eventId, origin }) : undefined;
    if (page) return sendPublicPage(request, reply, 200, await pages.renderPublicLineupPage({ data: page.lineup, appName, meta: page.meta, assets }));
    // An unknown or unpublished event: the same answer for both.
    const { seriesName, seriesZone } = await publicService.seriesOf(ctx.store.db);
    const meta = { title: 'Lineup not found', description: `${seriesName}: this lineup is not public.`, canonicalUrl: `${origin}${paths.publicLineups()}`, siteName: seriesName };
    return sendPublicPage(request, reply, 404, await pages.renderLineupNotFoundPage({ data: seriesZone, appName, meta, assets }));
  });

  const appPage = appPages(build);
  return (path) => appPage(pages.pageLoads(path));
}
