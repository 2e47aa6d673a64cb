import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { LoaderFunctionArgs, Params } from 'react-router';

// A page is declared once, in the route table (app/routes.tsx, app/staffRoutes.tsx and the
// features' routes): its path, and in its `handle` what it is made of. The browser's router, the
// server's page for its address (links that start what it needs before the app has run) and the
// server's render of it (entry-server.tsx) all read that (decision 059):
// - a lazy route, its module, as the build's manifest names it (its path under src/client);
// - a route whose page needs data, its queries: its loader starts them in the browser, the
//   server links their addresses, and renders its pages from their answers;
// - a page the server renders (then hydrated in the browser), with the routes under it.

export interface ModuleHandle {
  module: string;
}

/** A query a page needs: its options (queryOf, meQuery) and the API address it fetches. */
export interface PageQuery {
  queryKey: QueryKey;
  queryFn: () => Promise<unknown>;
  staleTime?: number;
  url: () => string;
}

export interface DataHandle {
  data: (params: Params) => PageQuery[];
}

/** This route's page and those under it are rendered by the server: it registers their paths from the table. */
export interface RenderedHandle {
  rendered: true;
}

/**
 * The loader and handle of a route whose page needs `data`. The router loads a page's chunks
 * before it renders anything, and a page asks for its data when it renders: the loader starts the
 * queries at once instead, beside the chunks, and returns at once (the page's queries take the
 * answers from the cache).
 */
export function loads<H extends object = object>(queryClient: QueryClient, data: DataHandle['data'], handle?: H) {
  return {
    loader: ({ params }: LoaderFunctionArgs) => {
      for (const query of data(params)) void queryClient.prefetchQuery(query);
      return null;
    },
    handle: { ...handle, data } as H & DataHandle,
  };
}

export const moduleOf = (handle: unknown): string | undefined =>
  typeof (handle as Partial<ModuleHandle> | undefined)?.module === 'string' ? (handle as ModuleHandle).module : undefined;

export const dataOf = (handle: unknown, params: Params): PageQuery[] =>
  typeof (handle as Partial<DataHandle> | undefined)?.data === 'function' ? (handle as DataHandle).data(params) : [];

export const isRendered = (handle: unknown): boolean => (handle as Partial<RenderedHandle> | undefined)?.rendered === true;
