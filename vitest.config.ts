import { defineConfig } from 'vitest/config';

// Unit and integration tests sit next to the code. TZ=UTC is set by the npm scripts so that
// nothing passes only because of the machine's zone.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    globals: true,
    environment: 'node',
    setupFiles: ['./src/test-setup.ts'],
    // Migrates a template of each database once; every test app starts from a copy.
    globalSetup: ['./src/server/testing/database-templates.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Two files at a time on the 2-core machine (Vitest's default is one fewer than the cores):
    // integration tests wait on their databases and HTTP, so a second worker fills idle CPU.
    maxWorkers: 2,
    projects: [
      {
        // The server, the shared logic and the scripts: a worker keeps the modules it has loaded
        // from one file to the next instead of loading the server again for each file (about half
        // of their CPU, decision 050). They mock no module, and every test makes its own app.
        extends: true,
        test: { name: 'server', include: ['src/server/**/*.test.ts', 'src/shared/**/*.test.ts', 'scripts/**/*.test.ts'], isolate: false },
      },
      {
        // The client's tests mock modules and render into jsdom: each file in a fresh module graph.
        extends: true,
        test: { name: 'client', include: ['src/client/**/*.test.{ts,tsx}'] },
      },
    ],
  },
});
