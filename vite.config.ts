import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv, type Plugin } from 'vite';

/**
 * The browser runs React DOM (decision 020): in `npm run dev` with fast refresh, in the build,
 * and in the component tests. The pages a visitor reaches first are rendered on the server from
 * the same components (src/client/entry-server.tsx), so the bundle only hydrates them.
 */
/**
 * `npm run dev`: the page says what the server writes into the built page: the app's name
 * (APP_NAME) and whether the development sign-in is on (no DISCORD_CLIENT_ID), from the
 * environment and the .env beside package.json, as the server reads them.
 */
const pageSettingsInDev = (): Plugin => {
  let env: Record<string, string> = {};
  return {
    name: 'lineup-page-settings',
    apply: 'serve',
    configResolved: (config) => {
      env = loadEnv(config.mode, fileURLToPath(new URL('.', import.meta.url)), ['APP_NAME', 'DISCORD_CLIENT_ID']);
    },
    transformIndexHtml: (html) =>
      html.replaceAll('%APP_NAME%', env.APP_NAME || 'Lineup').replaceAll('%SIGN_IN%', env.DISCORD_CLIENT_ID ? 'discord' : 'development'),
  };
};

// React Bootstrap and its helpers, in two chunks rather than one per combination of components
// that some lazy page shares (a page of the staff's screens would otherwise take some twenty
// requests of a kilobyte each, queued six at a time: docs/performance.md, "Lineup page"). The
// second holds what the editing screens use and the home page does not (forms, tabs, tables,
// dialogs, menus and overlays with Popper), so the home page does not download it.
const BOOTSTRAP = /[\\/]node_modules[\\/](react-bootstrap|@restart|uncontrollable|prop-types|warning|invariant|classnames|@react-aria|dequal|react-transition-group|dom-helpers|@babel[\\/]runtime|react-lifecycles-compat)[\\/]/;
const EDITING_CONTROLS = /[\\/]node_modules[\\/](@popperjs[\\/]|react-bootstrap[\\/]esm[\\/](Modal|Dropdown|Overlay|Popover|Tooltip|Offcanvas|BootstrapModalManager|AbstractModal|useOverlayOffset|getInitialPopperStyles|Form|Tab|Table|ProgressBar|FloatingLabel|InputGroup|Feedback|Switch)|@restart[\\/]ui[\\/]esm[\\/](Modal|Dropdown|Overlay|usePopper|popper|ModalManager|mergeOptionsWithPopperConfig|Portal))/;

/**
 * zod builds a JSON Schema converter into every schema (`.toJSONSchema()`), some 18 KB of
 * script in every visit that the browser never calls: the client build gets the same exports as
 * functions that say so. Their names are read from zod's own files, so an upgrade cannot drift.
 */
const JSON_SCHEMA_MODULES = /[\\/]zod[\\/]v4[\\/]core[\\/](json-schema-processors|to-json-schema)\.js$/;
const zodWithoutJsonSchema = (): Plugin => ({
  name: 'lineup-zod-without-json-schema',
  apply: 'build',
  load(id) {
    if (!JSON_SCHEMA_MODULES.test(id)) return null;
    const names = [...fs.readFileSync(id, 'utf8').matchAll(/^export (?:const|function) (\w+)/gm)].map((match) => match[1]);
    return [
      "const notHere = () => { throw new Error('JSON Schema is not built in the browser'); };",
      ...names.map((name) => `export const ${name} = () => notHere;`),
      ...(names.includes('processSchema') ? ['export { processSchema as process };'] : []),
    ].join('\n');
  },
});

/**
 * The stylesheet first in the page's head, before the entry script and its module preloads: the
 * page paints once it has the stylesheet, so it is asked for first (over HTTP/1.1 a browser has
 * six connections to share with seven scripts). Not shown to move Lighthouse's score on its own.
 */
const stylesheetFirst = (): Plugin => ({
  name: 'lineup-stylesheet-first',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler: (html) => {
      const stylesheets = html.match(/[ \t]*<link rel="stylesheet"[^>]*>\n?/g) ?? [];
      const rest = stylesheets.reduce((page, link) => page.replace(link, ''), html);
      return rest.replace(/([ \t]*)<script type="module"/, (script, indent: string) => `${stylesheets.map((link) => `${indent}${link.trim()}\n`).join('')}${script}`);
    },
  },
});

/** The date data's warm-up (src/client/intlWarmup.ts), as the build's inputs name it. */
const INTL_WARMUP = 'intl';

/**
 * The date data's warm-up is a script of its own in the page's head, started as soon as it
 * arrives: from the app's entry it would start only once every module of the page had run, too
 * late to be done before the page's first date (intl-warmup.worker.ts).
 */
const intlWarmupFirst = (): Plugin => ({
  name: 'lineup-intl-warmup-first',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler: (html, { bundle }) => {
      const warmup = Object.values(bundle ?? {}).find((output) => output.type === 'chunk' && output.isEntry && output.name === INTL_WARMUP);
      if (!warmup) throw new Error(`the build has no ${INTL_WARMUP} entry (vite.config.ts)`);
      if (!html.includes('</title>')) throw new Error('index.html has no </title> to start the date data after');
      return html.replace('</title>', () => `</title>\n    <script type="module" async src="/${warmup.fileName}"></script>`);
    },
  },
});

/**
 * The entry imports the app in turns (main.tsx, decision 062), so its modules are not among the
 * entry's static imports that Vite links from the page: they are linked here, with everything they
 * import, so the browser fetches them with the page rather than once the entry has run.
 */
const startupModulesLinked = (): Plugin => ({
  name: 'lineup-startup-modules-linked',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler: (html, { chunk, bundle }) => {
      if (!chunk || !bundle) return html;
      const files = new Set<string>();
      const styles = new Set<string>();
      const visit = (file: string) => {
        const imported = bundle[file];
        if (files.has(file) || file === chunk.fileName || !imported || imported.type !== 'chunk') return;
        files.add(file);
        imported.viteMetadata?.importedCss.forEach((style) => styles.add(style));
        imported.imports.forEach(visit);
      };
      chunk.dynamicImports.forEach(visit);
      const linked = (file: string) => html.includes(`/${file}"`);
      const links = [
        ...[...styles].filter((file) => !linked(file)).map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
        ...[...files].filter((file) => !linked(file)).map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
      ];
      return html.replace('</head>', () => `${links.map((link) => `  ${link}\n`).join('')}  </head>`);
    },
  },
});

/**
 * The chunks of the app's start, one a turn (main.tsx): the shared schemas, then the app's own
 * modules its start reaches. Without these groups the build would split the start into a small
 * chunk (a request) per set of pages sharing a few modules, as it is no longer the entry's static
 * import. What the public pages' entry shares with the app (times and zones) has a chunk of its
 * own, so a public page loads none of the app.
 */
const source = (file: string) => fileURLToPath(new URL(file, import.meta.url));
const START = {
  entry: source('src/client/main.tsx'),
  schemas: source('src/shared/schemas/signup-answers.ts'),
  app: source('src/client/app/startApp.tsx'),
  publicPage: source('src/client/public-page.ts'),
};
type ModuleGraph = { getModuleInfo: (id: string) => { importedIds: readonly string[] } | null };
const reachable = (graph: ModuleGraph, from: string) => {
  const seen = new Set<string>();
  const visit = (id: string) => {
    if (seen.has(id)) return;
    seen.add(id);
    graph.getModuleInfo(id)?.importedIds.forEach(visit);
  };
  visit(from);
  return seen;
};
let startChunks: Map<string, string> | undefined;
const startChunkOf = (id: string, graph: ModuleGraph) => {
  if (!startChunks) {
    const publicPage = [...reachable(graph, START.publicPage)].filter((module) => module !== START.publicPage && !module.endsWith('.css'));
    // What the entry imports itself (it holds early taps) stays in the entry: in a group, the entry
    // would import that group's chunk, and evaluate all of it in its own task.
    const taken = new Set([...publicPage, START.publicPage, ...reachable(graph, START.entry)]);
    const schemas = [...reachable(graph, START.schemas)].filter((module) => !taken.has(module));
    schemas.forEach((module) => taken.add(module));
    const app = [...reachable(graph, START.app)].filter((module) => !taken.has(module) && !module.startsWith('\0'));
    const chunk = (modules: string[], name: string) => modules.map((module) => [module, name] as const);
    startChunks = new Map([...chunk(publicPage, 'time'), ...chunk(schemas, 'signup-answers'), ...chunk(app, 'startApp')]);
  }
  return startChunks.get(id) ?? null;
};
// The group shared with the public pages first: a group takes in what its modules import, unless an
// earlier group has it. Vite's helper for dynamic imports goes with it: the entry imports it, and
// would otherwise evaluate the whole start with it, from the app's chunk.
const PRELOAD_HELPER = /^\0vite[\\/]preload-helper/;
const sharedWithPublicPages = (id: string, graph: ModuleGraph) => (PRELOAD_HELPER.test(id) || startChunkOf(id, graph) === 'time' ? 'time' : null);
const startChunk = (id: string, graph: ModuleGraph) => (startChunkOf(id, graph) === 'time' ? null : startChunkOf(id, graph));

export default defineConfig({
  root: 'src/client',
  plugins: [react(), pageSettingsInDev(), zodWithoutJsonSchema(), startupModulesLinked(), stylesheetFirst(), intlWarmupFirst()],
  resolve: { tsconfigPaths: true },
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    // Source maps are not shipped: the server serves every file in dist/client.
    sourcemap: false,
    // scripts/bundle-budget.mjs and the server's page renderer read it.
    manifest: true,
    // Every browser the app supports has <link rel="modulepreload">: no polyfill in each first visit.
    modulePreload: { polyfill: false },
    // The weight that matters is gzipped and checked by scripts/bundle-budget.mjs; Vite's own
    // warning counts minified bytes of one chunk.
    chunkSizeWarningLimit: 800,
    rolldownOptions: {
      // The app, its date data's warm-up, and the public pages' own small entry (their HTML comes from the server).
      input: {
        app: fileURLToPath(new URL('src/client/index.html', import.meta.url)),
        [INTL_WARMUP]: fileURLToPath(new URL('src/client/intlWarmup.ts', import.meta.url)),
        public: fileURLToPath(new URL('src/client/public-page.ts', import.meta.url)),
      },
      onLog(level, log, handler) {
        // Libraries mark their React Server Components boundaries with 'use client': meaningless in
        // a browser bundle.
        if (log.code === 'MODULE_LEVEL_DIRECTIVE') return;
        handler(level, log);
      },
      output: {
        codeSplitting: {
          // React and the router in a chunk of their own: every page needs them and they change
          // only with an upgrade, so a release of the app's code does not make browsers (which
          // keep hashed files for a year) download them again. The same holds for Bootstrap's two.
          groups: [
            { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 5 },
            { name: 'bootstrap', test: (id) => BOOTSTRAP.test(id) && !EDITING_CONTROLS.test(id), priority: 4 },
            { name: 'bootstrap-controls', test: EDITING_CONTROLS, priority: 3 },
            { name: sharedWithPublicPages, priority: 2 },
            { name: startChunk, priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    // The server's own addresses; everything else is the app, from source with fast refresh. The
    // Host header stays this server's, so the app's origin (sign-in, same-origin checks) is this one.
    proxy: Object.fromEntries(
      ['/api', '/dev-oauth', '/feeds', '/login/discord'].map((prefix) => [prefix, { target: 'http://127.0.0.1:3000', changeOrigin: false }]),
    ),
  },
});
