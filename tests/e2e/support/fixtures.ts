import { test as base, type BrowserContextOptions, expect, type Page } from '@playwright/test';
import { type RunningServer, startServer } from './server';

interface Fixtures {
  /**
   * `test.use({ ownServer: true })`: the test gets a server of its own on its own empty
   * database instead of the shared one (tests/e2e/support/global-setup.ts). For tests that
   * assert what the home page shows (the current or next event, the signup sheet), which the
   * data of tests running in parallel on the shared server would otherwise change.
   */
  ownServer: boolean;
  /** More of the own server's environment: `test.use({ ownServer: true, serverEnv: { TEST_CLOCK: 'on' } })`. */
  serverEnv: Record<string, string>;
  /** The running app, when the test has its own: its address, and a restart on the same database. */
  server: RunningServer | null;
  /** The address of the app this test talks to. */
  appUrl: string;
  /**
   * Another browser window (its own context, so its own sign-in) on the same app as `page`;
   * closed after the test. Test-level `test.use` options are not inherited: pass what it needs.
   */
  openPage: (options?: BrowserContextOptions) => Promise<Page>;
}

export const test = base.extend<Fixtures>({
  ownServer: [false, { option: true }],
  serverEnv: [{}, { option: true }],
  server: async ({ ownServer, serverEnv }, use) => {
    if (!ownServer) {
      await use(null);
      return;
    }
    const server = await startServer({ env: serverEnv });
    try {
      await use(server);
    } finally {
      await server.stop();
    }
  },
  appUrl: async ({ server }, use) => {
    await use(server?.url ?? process.env.E2E_BASE_URL!);
  },
  // Every test gets the running app's address as baseURL.
  baseURL: async ({ appUrl }, use) => {
    await use(appUrl);
  },
  openPage: async ({ browser, appUrl }, use) => {
    const contexts: Awaited<ReturnType<typeof browser.newContext>>[] = [];
    await use(async (options = {}) => {
      const context = await browser.newContext({ ...options, baseURL: appUrl });
      contexts.push(context);
      return context.newPage();
    });
    for (const context of contexts) await context.close();
  },
});

export { expect };
