import { test as base, type BrowserContextOptions, expect, type Page } from '@playwright/test';
import { startServer } from './server';

interface Fixtures {
  /**
   * `test.use({ ownServer: true })`: the test gets a server of its own on its own empty
   * database instead of the shared one (tests/e2e/support/global-setup.ts). For tests that
   * assert what the home page shows (the current or next event, the signup sheet), which the
   * data of tests running in parallel on the shared server would otherwise change.
   */
  ownServer: boolean;
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
  appUrl: async ({ ownServer }, use) => {
    if (!ownServer) {
      await use(process.env.E2E_BASE_URL!);
      return;
    }
    const server = await startServer();
    try {
      await use(server.url);
    } finally {
      await server.stop();
    }
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
