import { defineConfig } from 'vite';

/**
 * The client renders with Preact through its React compatibility layer (decision 015): the app
 * and its libraries keep importing `react`, and the build (and `npm run dev`) resolve those
 * imports to Preact, which is about 50 KB gzipped lighter than React DOM on every first visit.
 */
const preactForReact = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-(dev-)?runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
];

export default defineConfig({
  root: 'src/client',
  resolve: { tsconfigPaths: true, alias: preactForReact },
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    // Source maps are not shipped: the server serves every file in dist/client.
    sourcemap: false,
    // scripts/bundle-budget.mjs reads it to weigh what a first visit downloads.
    manifest: true,
    // Every browser the app supports has <link rel="modulepreload">: no polyfill in each first visit.
    modulePreload: { polyfill: false },
    // The weight that matters is gzipped and checked by scripts/bundle-budget.mjs; Vite's own
    // warning counts minified bytes of one chunk.
    chunkSizeWarningLimit: 800,
    // Preact and the router in a chunk of their own: every page needs them and they change only
    // with an upgrade, so a release of the app's code does not make browsers (which keep hashed
    // files for a year) download them again.
    rolldownOptions: {
      onLog(level, log, handler) {
        // Libraries mark their React Server Components boundaries with 'use client': meaningless in
        // a browser bundle.
        if (log.code === 'MODULE_LEVEL_DIRECTIVE') return;
        // React Router uses React's useOptimistic where it exists and its own fallback where it
        // does not, as with Preact.
        if (log.code === 'IMPORT_IS_UNDEFINED' && log.message.includes('useOptimistic')) return;
        handler(level, log);
      },
      output: {
        codeSplitting: {
          groups: [{ name: 'preact', test: /[\\/]node_modules[\\/](preact|react-router)[\\/]/ }],
        },
      },
    },
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000', '/dev-oauth': 'http://127.0.0.1:3000' },
  },
});
