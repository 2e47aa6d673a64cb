import { expectNoSeriousViolations } from './support/a11y';
import { addSignups, createDjs, createEvent, daysFromNow, saveLineup } from './support/api';
import { signInAs } from './support/auth';
import { expect, test } from './support/fixtures';

// The host's event page on a 390 px phone (issue 34 item 12): the breadcrumb on one line, the
// primary action in view and the destructive ones in a menu behind a question, the tabs on one
// scrolling row, and the lineup one tap away rather than below every signup card.

const WIDTH = 390;
test.use({ viewport: { width: WIDTH, height: 844 }, isMobile: true, hasTouch: true });

const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

test("the event page's header, tabs and lineup at 390 px, by touch", async ({ page }, testInfo) => {
  await signInAs(page, 'host');
  const name = `Sunday Service Extravaganza with a Long Name ${tag}`;
  const eventId = await createEvent(page.request, { name, start: daysFromNow(13) });
  const [first, second, ...waiting] = await createDjs(page.request, `Phone ${tag}`, 8);
  await saveLineup(page.request, eventId, [{ djs: [first!] }, { djs: [second!] }]);
  await addSignups(page.request, eventId, waiting.map((dj) => ({ djs: [dj] })));

  await page.goto(`/events/${eventId}/lineup`);
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(WIDTH);

  // The breadcrumb on one line: the event's crumb is cut short, the tab's stays whole.
  const trail = page.locator('.app-breadcrumbs .breadcrumb');
  const items = trail.locator('.breadcrumb-item');
  const tops = await items.evaluateAll((crumbs) => crumbs.map((crumb) => Math.round(crumb.getBoundingClientRect().top)));
  expect(new Set(tops).size).toBe(1);
  await expect(items.last()).toHaveText('Lineup');
  expect(await items.nth(1).evaluate((crumb) => crumb.scrollWidth > crumb.clientWidth)).toBe(true);

  // Publish Event in view; Cancel Event only in the menu, and it asks first.
  await expect(page.getByRole('button', { name: 'Publish Event' })).toBeInViewport();
  await expect(page.getByRole('button', { name: 'Cancel Event' })).toHaveCount(0);
  await page.getByRole('button', { name: 'More actions' }).tap();
  await page.getByRole('button', { name: 'Cancel Event' }).tap();
  const question = page.getByRole('dialog', { name: /^Cancel Sunday Service/ });
  await expect(question).toBeVisible();
  await question.getByRole('button', { name: 'Keep Event' }).tap();
  await expect(question).toBeHidden();

  // The tabs on one row that scrolls sideways.
  const tabs = page.locator('.event-tabs');
  const tabTops = await tabs.locator('.nav-link').evaluateAll((links) => links.map((link) => Math.round(link.getBoundingClientRect().top)));
  expect(new Set(tabTops).size).toBe(1);
  expect(await tabs.evaluate((row) => row.scrollWidth > row.clientWidth)).toBe(true);
  await tabs.getByRole('link', { name: 'History' }).tap();
  await expect(page.getByRole('heading', { name: 'History' })).toBeVisible();
  await expect(tabs.getByRole('link', { name: 'History' })).toBeInViewport();
  await tabs.getByRole('link', { name: 'Lineup' }).tap();

  // The lineup is on screen without scrolling past six signup cards; the signups one tap away.
  await expect(page.getByTestId('slot-card').first()).toBeInViewport();
  await expect(page.getByTestId('signup-card')).toHaveCount(6);
  await expect(page.getByTestId('signup-card').first()).toBeHidden();
  await expectNoSeriousViolations(page, testInfo, 'event page, lineup (390 px)');
  await page.getByRole('button', { name: 'Signups (6)' }).tap();
  await expect(page.getByTestId('signup-card').first()).toBeInViewport();
  await expect(page.getByTestId('slot-card').first()).toBeHidden();
  await page.getByRole('group', { name: `Signup ${waiting[0]!.djName}` }).getByRole('button', { name: 'Add to Lineup' }).tap();
  await page.getByRole('button', { name: 'Lineup (3)' }).tap();
  await expect(page.getByTestId('slot-card')).toHaveCount(3);
  // This browser keeps the column it showed last.
  await page.getByRole('button', { name: 'Discard' }).tap();
  await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).tap();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Lineup (2)' })).toHaveAttribute('aria-pressed', 'true');
  expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(WIDTH);
});
