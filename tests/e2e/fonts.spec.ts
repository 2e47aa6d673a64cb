import type { Page } from '@playwright/test';
import { createEvent, daysFromNow } from './support/api';
import { signInAs } from './support/auth';
import { expect, test } from './support/fixtures';

// Decision 057 (issue 33): sign-in and DJs' pages, opened on phones at night, are set in the
// device's font and download none; staff pages keep Inter.

/** The web fonts a page has asked for so far. */
function fontRequests(page: Page): string[] {
  const fonts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'font') fonts.push(request.url());
  });
  return fonts;
}

const bodyFont = (page: Page) => page.evaluate(() => getComputedStyle(document.body).fontFamily);

test("sign-in and a DJ's signup page download no web font; a staff page is set in Inter", async ({ page, openPage }) => {
  const fonts = fontRequests(page);
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.evaluate(() => document.fonts.ready);
  expect(await bodyFont(page)).not.toContain('Inter');

  const host = await openPage();
  await signInAs(host, 'host');
  const eventId = await createEvent(host.request, { name: `Font Night ${Date.now().toString(36)}`, start: daysFromNow(9) });

  await signInAs(page, 'dj3');
  await page.goto(`/eventSignup/${eventId}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.evaluate(() => document.fonts.ready);
  expect(await bodyFont(page)).not.toContain('Inter');
  expect(fonts).toEqual([]);

  const hostFonts = fontRequests(host);
  await host.goto('/');
  await expect(host.locator('html')).toHaveAttribute('data-font', 'inter');
  expect(await bodyFont(host)).toMatch(/^"Inter Variable"/);
  await expect.poll(() => host.evaluate(async () => (await document.fonts.ready, document.fonts.check('16px "Inter Variable"')))).toBe(true);
  expect(hostFonts.some((url) => url.includes('inter-latin'))).toBe(true);

  // A staff screen's page asks for Inter with its scripts (not once the app has drawn it), and the
  // browser uses that answer: one request for the file, by the page's own link.
  const eventPageFonts = fontRequests(host);
  const eventPage = `/events/${eventId}/lineup`;
  const linked = (await (await host.request.get(eventPage)).text()).match(/<link rel="preload" as="font" type="font\/woff2" crossorigin href="([^"]+)">/)?.[1];
  expect(linked).toMatch(/^\/assets\/inter-latin-wght-normal-[\w-]+\.woff2$/);
  await host.goto(eventPage);
  await expect(host.getByRole('heading', { level: 1 })).toBeVisible();
  await expect.poll(() => host.evaluate(async () => (await document.fonts.ready, document.fonts.check('16px "Inter Variable"')))).toBe(true);
  expect(eventPageFonts.filter((url) => url.includes('inter-latin'))).toEqual([new URL(linked!, host.url()).href]);
});
