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
    // The weight that matters is gzipped and checked by scripts/bundle-budget.mjs (250 KB for a
    // first visit); Vite's own warning counts minified bytes of one chunk.
    chunkSizeWarningLimit: 800,
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000', '/dev-oauth': 'http://127.0.0.1:3000' },
  },
});
