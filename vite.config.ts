import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  root: 'src/client',
  plugins: [react()],
  resolve: { tsconfigPaths: true },
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
    // React and the router in a chunk of their own: every page needs them and they change only
    // with an upgrade, so a release of the app's code does not make browsers (which keep hashed
    // files for a year) download them again.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [{ name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ }],
        },
      },
    },
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000', '/dev-oauth': 'http://127.0.0.1:3000' },
  },
});
