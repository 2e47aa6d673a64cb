import { defineConfig } from 'vite';

// The server is bundled (path aliases resolved, one file per entry); its npm dependencies stay
// external and load from node_modules at run time.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  build: {
    ssr: true,
    target: 'node20',
    outDir: 'dist/server',
    emptyOutDir: true,
    minify: false,
    sourcemap: true,
    rollupOptions: {
      input: {
        main: 'src/server/main.ts',
        'cli/seed': 'src/server/cli/seed.ts',
        'cli/backup': 'src/server/cli/backup.ts',
        'cli/export': 'src/server/cli/export.ts',
        'cli/import': 'src/server/cli/import.ts',
        // The lineup image's render threads load this by its path (public/image-renderer.ts).
        'public/image-worker': 'src/server/public/image-worker.ts',
        // The archive's import and export thread (archive/pool.ts).
        'archive/worker': 'src/server/archive/worker.ts',
        // Used by the benchmark (scripts/bench) to seed data and sessions straight into the store.
        'db/open': 'src/server/db/open.ts',
        'auth/sessions': 'src/server/auth/sessions.ts',
        // The bench keeps the play statistics of the DJs it seeds (scripts/bench/seed.mjs).
        'djs/plays': 'src/server/djs/plays.ts',
        // The bench reads the session lifetime as the app parses it (scripts/bench/seed.mjs).
        config: 'src/server/config.ts',
        // The bench's signups start from the answers' defaults, as the tests' do (scripts/bench/seed.mjs).
        'testing/builders': 'src/shared/testing/builders.ts',
      },
      output: { format: 'esm', entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js' },
      onLog(level, log, handler) {
        // The browser loads the staff routes on demand (app/routes.tsx); the client's renderer
        // imports them to match addresses (entry-server.tsx). In the server's bundle that split means nothing.
        if (log.code === 'INEFFECTIVE_DYNAMIC_IMPORT' && log.message.includes('app/staffRoutes.tsx')) return;
        handler(level, log);
      },
    },
  },
});
