import type { Page, TestInfo } from '@playwright/test';
import { expectNoSeriousViolations } from './support/a11y';
import { createEvent, daysFromNow, setSignupsOpen } from './support/api';
import { signInAs } from './support/auth';
import { expect, test } from './support/fixtures';

// A DJ's signup pages on a 390 px phone, by touch: nothing scrolls sideways, every control is
// on screen and big enough to hit, and the wizard can be completed with taps.

const WIDTH = 390;
test.use({ viewport: { width: WIDTH, height: 844 }, isMobile: true, hasTouch: true });

// Long unbroken words are what push phone layouts sideways.
const EVENT_NAME = `Supercalifragilisticexpialidocious-Marathon-Extravaganza ${Date.now().toString(36)}`;
// Long, but no key: 160 a's would read as a long hexadecimal token, which is hidden as a stream key (decision 032).
const LONG_LINK = `https://stream.example.org/live/${'z'.repeat(160)}`;

/** No sideways scrolling, every visible control within the screen and tappable, and axe clean (with a screenshot). */
async function fitsThePhone(page: Page, testInfo: TestInfo, screen: string) {
  await expect(page.locator('.spinner-border, .vinyl-loader')).toHaveCount(0);
  const scrollWidth = await page.evaluate(() => document.scrollingElement!.scrollWidth);
  expect.soft(scrollWidth, `${screen}: page width`).toBeLessThanOrEqual(WIDTH);
  const controls = page.locator('main').locator('a[href], button, input, select, textarea, [tabindex="0"]');
  for (const control of await controls.all()) {
    if (!(await control.isVisible())) continue;
    const box = (await control.boundingBox())!;
    const what = `${screen}: ${await control.evaluate((el) => el.outerHTML.slice(0, 80))}`;
    expect.soft(box.x, what).toBeGreaterThanOrEqual(0);
    expect.soft(box.x + box.width, what).toBeLessThanOrEqual(WIDTH + 0.5);
    // WCAG 2.5.8: targets at least 24 × 24 CSS px (radio and check boxes are hit through their labels).
    const type = await control.getAttribute('type');
    if (type !== 'radio' && type !== 'checkbox') {
      expect.soft(Math.min(box.width, box.height), what).toBeGreaterThanOrEqual(24);
    }
  }
  await expectNoSeriousViolations(page, testInfo, `${screen} (390 px)`);
}

test('the signup pages at 390 px, completed by touch', async ({ page, openPage }, testInfo) => {
  const staff = await openPage();
  await signInAs(staff, 'admin');
  const eventId = await createEvent(staff.request, { name: EVENT_NAME, start: daysFromNow(9) });

  await test.step('login', async () => {
    await page.goto('/login');
    await fitsThePhone(page, testInfo, 'login');
  });
  await signInAs(page, 'dj2');
  await page.goto(`/eventSignup/${eventId}`);
  await expect(page.getByRole('heading', { name: /^Sign up for / })).toBeVisible();
  await fitsThePhone(page, testInfo, 'summary empty');

  await page.getByRole('link', { name: 'Get Started' }).tap();
  const next = page.getByRole('button', { name: 'Next' });
  await expect(page.getByRole('heading', { name: 'Step 1 of 4: Performance Details' })).toBeVisible();
  await fitsThePhone(page, testInfo, 'wizard step 1');
  await next.tap();
  await expect(page.getByText('Please choose a duration.')).toBeVisible();
  await fitsThePhone(page, testInfo, 'wizard step 1 problems');
  await page.getByLabel('Yes', { exact: true }).tap();
  await page.getByLabel('Other B2B members').fill('DJ Dana, DJ Rex and a friend with a very long name indeed');
  await page.getByLabel('One Hour').tap();
  await page.getByLabel('Live', { exact: true }).tap();
  await fitsThePhone(page, testInfo, 'wizard step 1 answered');
  await next.tap();

  await expect(page.getByRole('heading', { name: 'Step 2 of 4: Availability' })).toBeVisible();
  await fitsThePhone(page, testInfo, 'wizard step 2');
  await page.getByLabel('Available from').selectOption({ index: 2 });
  await page.getByLabel('Available to').selectOption({ index: 5 });
  await next.tap();

  await expect(page.getByRole('heading', { name: 'Step 3 of 4: Stream Details' })).toBeVisible();
  await next.tap();
  await expect(page.getByText('A stream link is required for a live set.')).toBeVisible();
  await fitsThePhone(page, testInfo, 'wizard step 3 problems');
  await page.getByLabel('Stream link').fill(LONG_LINK);
  await next.tap();

  await expect(page.getByRole('heading', { name: 'Step 4 of 4: Expectations and Notes' })).toBeVisible();
  await page.getByLabel('I have read and agree to these expectations.').tap();
  await page.getByLabel('Notes for the hosts (optional)').fill(`Notes ${'n'.repeat(120)}`);
  await fitsThePhone(page, testInfo, 'wizard step 4');
  await page.getByRole('button', { name: 'Submit' }).tap();

  await expect(page.getByRole('heading', { name: /^You are signed up for / })).toBeVisible();
  await expect(page.locator('dl').getByText(LONG_LINK)).toBeVisible();
  await fitsThePhone(page, testInfo, 'summary signed up');

  await test.step('user menu', async () => {
    await page.locator('#user-menu').tap();
    await expect(page.getByText('Logout')).toBeVisible();
    const menu = (await page.locator('.dropdown-menu.show').boundingBox())!;
    expect(menu.x).toBeGreaterThanOrEqual(0);
    expect(menu.x + menu.width).toBeLessThanOrEqual(WIDTH);
    expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(WIDTH);
  });

  await test.step('closed', async () => {
    await setSignupsOpen(staff.request, eventId, false);
    await page.goto(`/eventSignup/${eventId}`);
    await expect(page.getByRole('heading', { name: 'Signups Closed' })).toBeVisible();
    await fitsThePhone(page, testInfo, 'signups closed');
  });
});
