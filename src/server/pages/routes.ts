import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppPageInput, RenderedAppPage } from '@shared/pages.js';
import type { AppContext } from '../context.js';
import { CompressibleBody, sendCompressible } from '../http/compressed.js';
import { appDocument, appPages, type ClientBuild, publicAssets } from './client-build.js';
import { registerPublicPages } from './public-pages.js';
import { pageZone } from './service.js';
import { pageLook, themedHtml, themeHeaders } from './theme.js';

// The pages the server renders with React (decision 020), before the client's catch-all:
// - the pages the client's route table marks as rendered (the sign-in page and a DJ's signup
//   pages), then hydrated by the browser's bundle: their content paints before the script
//   arrives. Their paths and data come from that table, the data asked of this server's own API
//   in process, with the request's session (decision 059);
// - the public lineup pages, whole documents readable without any script, with link-preview
//   tags and a canonical link, kept rendered and compressed (public-pages.ts).
// Every page goes out compressed when the browser takes it (http/compressed.ts).
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
  const sendAppPage = async (request: FastifyRequest, reply: FastifyReply, rendered: RenderedAppPage | null) => {
    const html = themedHtml(rendered ? appDocument(build, rendered) : build.indexHtml, await pageLook(ctx, request));
    themeHeaders(reply).header('cache-control', 'private, no-cache');
    return sendCompressible(request, reply, new CompressibleBody(html, 'text/html; charset=utf-8', 'once'));
  };

  /**
   * The API as the browser's fetch would find it, for this request: a GET through every route's
   * guard, schemas and serialiser, with the request's cookies, host and client address (a renewed
   * session cookie goes out with the page). A failure of the server's own fails the page, as it would have failed the call.
   */
  const apiFor =
    (request: FastifyRequest, reply: FastifyReply): AppPageInput['api'] =>
    async (url) => {
      const answer = await app.inject({
        method: 'GET',
        url,
        headers: { accept: 'application/json', ...(request.headers.host && { host: request.headers.host }), ...(request.headers.cookie && { cookie: request.headers.cookie }) },
        remoteAddress: request.ip,
      });
      if (answer.statusCode >= 500) throw new Error(`${url} answered ${answer.statusCode} while its page was rendered.`);
      for (const cookie of [answer.headers['set-cookie'] ?? []].flat()) reply.header('set-cookie', cookie);
      return { status: answer.statusCode, body: answer.body ? answer.json() : undefined };
    };

  const renderedPage = async (request: FastifyRequest, reply: FastifyReply) => {
    const zone = await pageZone({ ctx, cookie: request.cookies.tz });
    return sendAppPage(request, reply, await pages.renderAppPage({ url: request.url, ...settings, zone, api: apiFor(request, reply) }));
  };
  for (const path of pages.renderedPaths) app.get(path, { config: PAGE }, renderedPage);

  const { renderPublicLineupPage, renderLineupNotFoundPage, renderPublicLineupsPage } = pages;
  registerPublicPages(app, ctx, { renderPublicLineupPage, renderLineupNotFoundPage, renderPublicLineupsPage }, assets);

  const appPage = appPages(build);
  return (path) => appPage(pages.pageLoads(path));
}
