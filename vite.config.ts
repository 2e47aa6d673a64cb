import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * The browser runs React DOM (decision 020): in `npm run dev` with fast refresh, in the build,
 * and in the component tests. The pages a visitor reaches first are rendered on the server from
 * the same components (src/client/entry-server.tsx), so the bundle only hydrates them.
 */
/** `npm run dev`: the page names the app as the server does when it serves the built page (APP_NAME). */
const appNameInDev = (): Plugin => ({
  name: 'lineup-app-name',
  apply: 'serve',
  transformIndexHtml: (html) => html.replaceAll('%APP_NAME%', process.env.APP_NAME || 'Lineup'),
});

export default defineConfig({
  root: 'src/client',
  plugins: [react(), appNameInDev()],
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
      // The app, and the public pages' own small entry (their HTML comes from the server).
      // The app, and the public pages' own small entry (their HTML comes from the server).
      input: { app: fileURLToPath(new URL('src/client/index.html', import.meta.url)), public: fileURLToPath(new URL('src/client/public-page.ts', import.meta.url)) },
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
          // keep hashed files for a year) download them again.
          groups: [{ name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ }],
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
