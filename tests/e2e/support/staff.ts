import { type Browser, expect, type Page } from '@playwright/test';
import { signInAs } from './auth';

/** A staff member's page (signed in as admin) in its own browser context. */
export async function staffPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  const page = await context.newPage();
  await signInAs(page, 'admin');
  return page;
}

/** Creates an event open for signups, `daysAhead` days from now at 19:00 UTC, as the signed-in staff member. */
export async function createOpenEvent(staff: Page, name: string, daysAhead: number): Promise<string> {
  const start = new Date(Date.now() + daysAhead * 24 * 3_600_000);
  start.setUTCHours(19, 0, 0, 0);
  const response = await staff.request.post('/api/events', {
    data: { name, startDatetime: start.toISOString(), host: 'Hal', message: '', footer: '', signupsAreOpen: true },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}
