import type { DehydratedState } from '@tanstack/react-query';
import type { HydrationState } from 'react-router';

/**
 * What a page the server rendered hands the browser to hydrate it with (entry-server.tsx writes
 * it as JSON, main.tsx reads it): the query cache the page was rendered from, the router's
 * state, and the zone, name and sign-in it was written with.
 */
export interface RenderedPageState {
  queries: DehydratedState;
  router: HydrationState;
  zone: string;
  appName: string;
  devSignIn: boolean;
}

/** The id of the JSON script element that carries it (not run: data only, so CSP allows it). */
export const RENDERED_STATE_ID = 'rendered-state';

export function readRenderedState(): RenderedPageState | null {
  const element = document.getElementById(RENDERED_STATE_ID);
  return element?.textContent ? (JSON.parse(element.textContent) as RenderedPageState) : null;
}
