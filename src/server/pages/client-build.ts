import fs from 'node:fs';
import path from 'node:path';
import type { PageLoads, PageSettings, PublicAssets, RenderedAppPage } from '@shared/pages.js';
import { escapeHtml } from '../http/html.js';

// The built client (dist/client) as the pages the server renders need it: the app's page to
// put a rendered root into, and the build's manifest to name the files a page needs.

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  isEntry?: boolean;
}

export interface ClientBuild {
  /** The app's page (index.html), APP_NAME and the sign-in in use written in. */
  indexHtml: string;
  manifest: Record<string, ManifestChunk>;
}

/** The public pages' own entry (src/client/public-page.ts), as the manifest names it. */
const PUBLIC_ENTRY = 'public-page.ts';

export function readClientBuild(clientDir: string, { appName, devSignIn }: PageSettings): ClientBuild {
  const indexHtml = fs
    .readFileSync(path.join(clientDir, 'index.html'), 'utf8')
    .replaceAll('%APP_NAME%', escapeHtml(appName))
    .replaceAll('%SIGN_IN%', devSignIn ? 'development' : 'discord');
  const manifestFile = path.join(clientDir, '.vite', 'manifest.json');
  const manifest = fs.existsSync(manifestFile) ? (JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as ClientBuild['manifest']) : {};
  return { indexHtml, manifest };
}

/** A manifest chunk with everything it imports statically. */
function chunksOf(build: ClientBuild, key: string): ManifestChunk[] {
  const seen = new Map<string, ManifestChunk>();
  const visit = (name: string) => {
    const chunk = build.manifest[name];
    if (!chunk || seen.has(name)) return;
    seen.set(name, chunk);
    chunk.imports?.forEach(visit);
  };
  visit(key);
  return [...seen.values()];
}

export function publicAssets(build: ClientBuild): PublicAssets {
  const chunks = chunksOf(build, PUBLIC_ENTRY);
  return { styles: chunks.flatMap((chunk) => chunk.css ?? []).map((file) => `/${file}`), script: chunks[0] ? `/${chunks[0].file}` : null };
}

/**
 * The app's page with a rendered root: the HTML inside it, the state to hydrate it with, and
 * links that start the page's lazy modules and their styles at once. The root is marked as
 * starting: its buttons take no tap until the app's entry runs, since a tap before then would be
 * lost (app-theme.css, lib/earlyTaps.ts).
 */
export function appDocument(build: ClientBuild, page: RenderedAppPage): string {
  return withModules(build, page.modules).replace('<div id="root"></div>', () => `<div id="root" data-starting>${page.html}</div>${page.stateScript}`);
}

/**
 * The app's page with links that start these modules (as the manifest names them), what they
 * import and their styles at once, rather than when the script that needs them has run.
 */
const withModules = (build: ClientBuild, modules: readonly string[]) => withLinks(build.indexHtml, moduleLinks(build, modules));

const withLinks = (html: string, links: string) => html.replace('</head>', () => `${links}</head>`);

/** Fetched as the app's `fetch` will ask for them (same-origin, with the session), so it takes these answers. */
const dataLinks = (data: readonly string[]) => data.map((url) => `<link rel="preload" as="fetch" crossorigin="anonymous" href="${escapeHtml(url)}">`);

function moduleLinks(build: ClientBuild, modules: readonly string[]): string {
  const chunks = modules.flatMap((module) => chunksOf(build, module));
  // What the page links to already (the entry and its imports) it needs no second time.
  const linked = (file: string) => build.indexHtml.includes(`"/${file}"`);
  return [
    ...new Set(chunks.flatMap((chunk) => chunk.css ?? []).filter((file) => !linked(file)).map((file) => `<link rel="stylesheet" href="/${file}">`)),
    ...new Set(chunks.map((chunk) => chunk.file).filter((file) => !linked(file)).map((file) => `<link rel="modulepreload" href="/${file}">`)),
  ].join('');
}

/** Fonts are fetched without credentials (CORS), so the link must say so for the browser to use what it fetched. */
const fontLinks = (build: ClientBuild, fonts: readonly string[]) =>
  fonts.flatMap((font) => {
    const file = build.manifest[font]?.file;
    return file ? [`<link rel="preload" as="font" type="font/woff2" crossorigin href="/${file}">`] : [];
  });

/**
 * The app's page for the addresses the browser renders, from what each loads first: the API
 * addresses its loaders fetch, first, then its font and modules. Those links are kept, one set
 * per kind of page (the data links differ with each address's ids).
 */
export function appPages(build: ClientBuild): (loads: PageLoads) => string {
  const kept = new Map<string, string>();
  return ({ modules, data, fonts }) => {
    const key = [...fonts, ...modules].join(' ');
    let links = kept.get(key);
    if (links === undefined) kept.set(key, (links = [...fontLinks(build, fonts), moduleLinks(build, modules)].join('')));
    return withLinks(build.indexHtml, [...dataLinks(data), links].join(''));
  };
}
