import type { PublicLineup, PublicLineupList, PublicPageMeta } from './schemas/public.js';

// The pages the server renders with React (decision 020): what it hands the client's renderer
// (src/client/entry-server.tsx) and what it gets back. Types only.

/** What every page says about this install: its name (APP_NAME) and whether the development sign-in is on. */
export interface PageSettings {
  appName: string;
  /** No Discord application is configured: 'Login with Discord' leads to the development sign-in. */
  devSignIn: boolean;
}

export interface AppPageInput extends PageSettings {
  /** The page's address, path and query (e.g. /eventSignup/abc/wizard). */
  url: string;
  /** The zone the page's times are written in: the browser's, from its cookie, else the series'. */
  zone: string;
  /**
   * Asks the server's own API for an address (a GET, with the request's session), as the
   * browser's fetch would: the page's data is what its routes' loaders fetch (decision 059).
   */
  api: (url: string) => Promise<{ status: number; body: unknown }>;
}

export interface RenderedAppPage {
  /** What goes inside the page's root element. */
  html: string;
  /** The state to hydrate it with, a JSON script element to put after the root. */
  stateScript: string;
  /** The lazy modules the page is made of (as the build's manifest names them): the browser gets them at once. */
  modules: string[];
}

/** The stylesheets and script a public page links to (from the client build's manifest). */
export interface PublicAssets {
  styles: readonly string[];
  script: string | null;
}

export interface PublicPageInput<T> {
  data: T;
  appName: string;
  meta: PublicPageMeta;
  assets: PublicAssets;
}

export interface PageLoads {
  modules: string[];
  data: string[];
  /** The web fonts the page is set in, when the page itself cannot say so before its script has drawn it. */
  fonts: string[];
}

export interface PageRenderer {
  /** The path patterns (Fastify's and React Router's `:name`) of the pages the route table renders on the server. */
  renderedPaths: readonly string[];
  /** What the browser's page for an address loads first: lazy modules and web fonts (as the build's manifest names them) and API addresses. */
  pageLoads(path: string): PageLoads;
  /** A page of the app; null when the route table does not render it here (a redirect, an error). */
  renderAppPage(input: AppPageInput): Promise<RenderedAppPage | null>;
  /** /lineups/{eventId}, a whole document. */
  renderPublicLineupPage(input: PublicPageInput<PublicLineup>): Promise<string>;
  /** /lineups/{eventId} of an unknown or unpublished event; `data` is the series' zone. */
  renderLineupNotFoundPage(input: PublicPageInput<string>): Promise<string>;
  /** /lineups, a whole document. */
  renderPublicLineupsPage(input: PublicPageInput<PublicLineupList>): Promise<string>;
}

/** The look a page is written in (decision 026): written on its <html> by the server. */
export interface PageLook {
  /** The theme the page is written in. */
  theme: 'light' | 'dark';
  /** What the browser chose in the user menu (`system`: its device's scheme). */
  preference: 'system' | 'light' | 'dark';
  /** The series' accent colour (Global Settings, imageAccent). */
  accent: string;
}
