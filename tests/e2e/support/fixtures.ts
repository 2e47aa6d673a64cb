import { test as base, expect } from '@playwright/test';

// Every test gets the running app's address as baseURL.
export const test = base.extend({
  // Playwright reads a fixture's dependencies from its first parameter, which must be a pattern.
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use) => {
    await use(process.env.E2E_BASE_URL);
  },
});

export { expect };
