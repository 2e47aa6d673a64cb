import { dehydrate, QueryClient, type QueryKey } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, matchRoutes, StaticRouterProvider } from 'react-router';
import type { PageRenderer, PublicPageInput } from '@shared/pages';
import { meQueryKey } from '@client/shared/session';
import { signupAreaQuery } from '@client/shared/signup';
import { AppProviders } from './app/AppProviders';
import { RENDERED_STATE_ID, type RenderedPageState } from './app/renderedPage';
import { appRoutes, needsStaffRoutes, STAFF_ROUTES_MODULE } from './app/routes';
import { staffRoutes } from './app/staffRoutes';
import { dataOf, moduleOf } from './lib/pageHandles';
import { PublicDocument } from './features/public/PublicDocument';
import { LineupNotFound, PublicLineupView } from './features/public/PublicLineupView';
import { PublicLineupsView } from './features/public/PublicLineupsView';

// The server's door into the client (the only module of src/client the server imports): the
// pages it renders to HTML with React, from the same components and route table the browser
// uses. The sign-in and a DJ's signup pages are then hydrated by the browser's bundle
// (main.tsx); the public pages stay as they are, with one small script (public-page.ts).

/**
 * A page of the app, rendered from the data it would fetch (`input`, shaped as the API answers
 * it): null when the route table does not render it here (a redirect, an error), so the server
 * sends the plain page and the browser renders it.
 */
export const renderAppPage: PageRenderer['renderAppPage'] = async (input) => {
  // What the browser would fetch is already here; nothing is fetched while rendering.
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  const seed = (queryKey: QueryKey, data: unknown) => queryClient.setQueryData(queryKey, data);
  if (input.me !== undefined) seed(meQueryKey, input.me);
  if (input.signupArea) seed(signupAreaQuery(input.signupArea.eventId).queryKey, input.signupArea.area);

  const handler = createStaticHandler(appRoutes(queryClient));
  const context = await handler.query(new Request(new URL(input.url, 'http://localhost')));
  if (context instanceof Response || context.errors) return null;
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = await renderToHtml(
    <AppProviders queryClient={queryClient} appName={input.appName} devSignIn={input.devSignIn} renderedZone={input.zone}>
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

/**
 * What the browser's page for an address loads first, as its routes declare it (pageHandles.ts):
 * the lazy modules (the staff screens' routes and theirs, when the address needs them) and what
 * the loaders fetch. The server links them from the page it sends. `path` is as the browser's
 * router sees it (location.pathname: still percent-encoded), so ids come out as the app reads them.
 */
export const pageLoads: PageRenderer['pageLoads'] = (path) => {
  const matches = matchRoutes(routeTables.app, path) ?? [];
  const staff = needsStaffRoutes(matches) ? (matchRoutes(routeTables.staff, path) ?? []) : null;
  const all = [...matches, ...(staff ?? [])];
  return {
    modules: [...(staff ? [STAFF_ROUTES_MODULE] : []), ...all.flatMap((match) => moduleOf(match.route.handle) ?? [])],
    data: all.flatMap((match) => dataOf(match.route.handle, match.params)),
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
    <AppProviders queryClient={new QueryClient()} appName={page.appName}>
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
