import { defineConfig } from 'vitest/config';

// Unit and integration tests sit next to the code. TZ=UTC is set by the npm scripts so that
// nothing passes only because of the machine's zone.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    globals: true,
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
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
  },
});
