import { test as base, expect } from '@playwright/test';

// Every test gets the running app's address as baseURL.
export const test = base.extend({
  baseURL: async ({}, use) => {
    await use(process.env.E2E_BASE_URL);
  },
});

export { expect };
