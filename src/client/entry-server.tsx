import { dehydrate, QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, matchRoutes, type RouteObject, StaticRouterProvider } from 'react-router';
import type { PageRenderer, PublicPageInput } from '@shared/pages';
import { AppProviders } from './app/AppProviders';
import { RENDERED_STATE_ID, type RenderedPageState } from './app/renderedPage';
import { appRoutes, needsStaffRoutes, STAFF_FONT, STAFF_ROUTES_MODULE } from './app/routes';
import { staffRoutes } from './app/staffRoutes';
import { dataOf, isRendered, moduleOf } from './lib/pageHandles';
import { PublicDocument } from './features/public/PublicDocument';
import { LineupNotFound, PublicLineupView } from './features/public/PublicLineupView';
import { PublicLineupsView } from './features/public/PublicLineupsView';

// The server's door into the client (the only module of src/client the server imports): the
// pages it renders to HTML with React, from the same components and route table the browser
// uses. The sign-in and a DJ's signup pages are then hydrated by the browser's bundle
// (main.tsx); the public pages stay as they are, with one small script (public-page.ts).

/**
 * A page of the app, rendered from what its routes' loaders would fetch (their queries, pageHandles.ts),
 * asked of the server's own API (`input.api`, with the request's session) and put in the cache
 * under the keys the browser's queries use. Null when the page is for the browser to render: an
 * answer that is not a success (nobody signed in, no access, an unknown event: the browser sends
 * them on or explains), or a route table that does not render it here (a redirect, an error).
 */
export const renderAppPage: PageRenderer['renderAppPage'] = async (input) => {
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  const routes = appRoutes(queryClient);
  const { pathname } = new URL(input.url, 'http://localhost');
  for (const query of (matchRoutes(routes, pathname) ?? []).flatMap((match) => dataOf(match.route.handle, match.params))) {
    const answer = await input.api(query.url());
    if (answer.status < 200 || answer.status > 299) return null;
    queryClient.setQueryData(query.queryKey, answer.body);
  }

  // Everything is in the cache now: the loaders find it there, and nothing is fetched while rendering.
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(input.url, 'http://localhost')));
  if (context instanceof Response || context.errors) return null;
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = await renderToHtml(
    <AppProviders queryClient={queryClient} fromServer appName={input.appName} devSignIn={input.devSignIn} renderedZone={input.zone}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </AppProviders>,
  );
  const state: RenderedPageState = {
    queries: dehydrate(queryClient),
    router: { loaderData: context.loaderData, actionData: context.actionData },
    zone: input.zone,
    appName: input.appName,
    devSignIn: input.devSignIn,
  };
  return {
    html,
    // JSON data, never run (so the Content-Security-Policy lets it through); `<` escaped, so
    // nothing in the data can close the element or open a comment.
    stateScript: `<script type="application/json" id="${RENDERED_STATE_ID}">${JSON.stringify(state).replaceAll('<', '\\u003c')}</script>`,
    modules: context.matches.flatMap((match) => moduleOf(match.route.handle) ?? []),
  };
};

/** The route tables, to match addresses against; their loaders never run here. */
const routeTables = (() => {
  const queryClient = new QueryClient();
  return { app: appRoutes(queryClient), staff: staffRoutes(queryClient) };
})();

/** The path patterns of the routes marked `rendered` and those under them (the server registers them). */
function renderedPathsOf(routes: readonly RouteObject[], parent = '', rendered = false): string[] {
  return routes.flatMap((route) => {
    const path = route.path === undefined ? parent : route.path.startsWith('/') ? route.path : `${parent.replace(/\/$/, '')}/${route.path}`;
    const here = rendered || isRendered(route.handle);
    return [...(here && (route.path !== undefined || route.index) ? [path] : []), ...renderedPathsOf(route.children ?? [], path, here)];
  });
}

/** The pages the server renders (then hydrated by the browser), as path patterns. */
export const renderedPaths: PageRenderer['renderedPaths'] = [...new Set(renderedPathsOf(routeTables.app))];

/**
 * What the browser's page for an address loads first, as its routes declare it (pageHandles.ts):
 * the lazy modules (the staff screens' routes and theirs, when the address needs them), what
 * the loaders fetch, and the staff screens' font. The server links them from the page it sends. `path` is as the browser's
 * router sees it (location.pathname: still percent-encoded), so ids come out as the app reads them.
 */
export const pageLoads: PageRenderer['pageLoads'] = (path) => {
  const matches = matchRoutes(routeTables.app, path) ?? [];
  const staff = needsStaffRoutes(matches) ? (matchRoutes(routeTables.staff, path) ?? []) : null;
  const all = [...matches, ...(staff ?? [])];
  return {
    modules: [...(staff ? [STAFF_ROUTES_MODULE] : []), ...all.flatMap((match) => moduleOf(match.route.handle) ?? [])],
    data: all.flatMap((match) => dataOf(match.route.handle, match.params).map((query) => query.url())),
    fonts: staff ? [STAFF_FONT] : [],
  };
};

/** /lineups/{eventId}: a published event's lineup page, a whole document. */
export const renderPublicLineupPage: PageRenderer['renderPublicLineupPage'] = ({ data, ...page }) =>
  renderPublicDocument(page, data.seriesZone, <PublicLineupView lineup={data} visitorZone={null} />);

/** /lineups/{eventId} of an unknown or unpublished event. */
export const renderLineupNotFoundPage: PageRenderer['renderLineupNotFoundPage'] = ({ data: seriesZone, ...page }) =>
  renderPublicDocument(page, seriesZone, <LineupNotFound />);

/** /lineups: the upcoming published events, a whole document. */
export const renderPublicLineupsPage: PageRenderer['renderPublicLineupsPage'] = ({ data, ...page }) =>
  renderPublicDocument(page, data.seriesZone, <PublicLineupsView list={data} visitorZone={null} />);

function renderPublicDocument(page: Omit<PublicPageInput<unknown>, 'data'>, seriesZone: string, content: ReactNode) {
  return renderToHtml(
    <AppProviders queryClient={new QueryClient()} fromServer appName={page.appName}>
      <PublicDocument meta={page.meta} seriesZone={seriesZone} assets={page.assets}>
        {content}
      </PublicDocument>
    </AppProviders>,
  );
}

/** The whole tree as HTML, once everything in it (lazy modules included) is ready: no streaming scripts. */
async function renderToHtml(element: ReactNode): Promise<string> {
  const { prelude } = await prerenderToNodeStream(element);
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}
