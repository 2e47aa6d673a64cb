import { defineConfig } from '@playwright/test';

// End-to-end tests drive Debian's Chromium against the built app, started the way `npm start`
// starts it (tests/e2e/support/global-setup.ts), on a free port with a temporary DATA_DIR.
export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/support/global-setup.ts',
  outputDir: process.env.PW_OUTPUT_DIR ?? 'test-results',
  fullyParallel: false,
  // Four on the 2-core machine: a test mostly waits (on the browser, the server, the network), so
  // workers beyond the cores fill idle CPU (CI's Playwright: 12.9 min on three, 8.6 min on four).
  workers: Number(process.env.E2E_WORKERS) || 4,
  retries: 0,
  // Three minutes a test: on the slower 2-core machine, beside three other workers, a test takes
  // two to three times what it takes alone (the longest default-limited ones: 96 s in CI). The
  // longest journeys set more of their own.
  timeout: 180_000,
  // Screenshot baselines (tests/e2e/screens.spec.ts) are kept by name, one set for every machine
  // like this one (Debian's Chromium, the self-hosted Inter): a small tolerance for anti-aliasing.
  snapshotPathTemplate: '{testDir}/screens/{arg}{ext}',
  expect: { timeout: 10_000, toHaveScreenshot: { maxDiffPixelRatio: 0.01, animations: 'disabled', caret: 'hide', scale: 'css' } },
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-quic',
        '--no-first-run',
      ],
    },
    // Recording a trace costs about a fifth of the suite's CPU (measured: 3 files 68 s with it, 53 s
    // without), and CI keeps only the printed log. To debug a failure locally: `--trace on`.
    trace: 'off',
    screenshot: 'only-on-failure',
  },
});
