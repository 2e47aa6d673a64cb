import type { Params } from 'react-router';

// What a route declares in its `handle` so that the server's page for its address starts what
// the browser will need before the app has run (server/pages/routes.ts, entry-server.tsx):
// - a lazy route, its module, as the build's manifest names it;
// - a route with a loader, the API addresses the loader asks for.

export interface ModuleHandle {
  module: string;
}

export interface DataHandle {
  data: (params: Params) => string[];
}

export const moduleOf = (handle: unknown): string | undefined =>
  typeof (handle as Partial<ModuleHandle> | undefined)?.module === 'string' ? (handle as ModuleHandle).module : undefined;

export const dataOf = (handle: unknown, params: Params): string[] =>
  typeof (handle as Partial<DataHandle> | undefined)?.data === 'function' ? (handle as DataHandle).data(params) : [];
