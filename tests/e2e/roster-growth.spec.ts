import { createDjs } from './support/api';
import { signInAs } from './support/auth';
import { expect, test } from './support/fixtures';
import { shot } from './support/shots';

// A grown roster comes from the server a page at a time, and every DJ search (the roster's, the
// merge picker's) asks the server, so any DJ is found however many there are.
test.use({ ownServer: true });

test('the roster pages through 121 DJs, and its search and the merge picker find the last one', async ({ page }, testInfo) => {
  await signInAs(page, 'admin');
  const djs = await createDjs(page.request, 'Crowd', 120);
  const last = djs.at(-1)!;

  await page.goto('/djs');
  const rows = page.locator('tbody tr');
  const range = page.getByTestId('roster-range');
  // The admin's own entry (Ada) and the 120: 50 a page, in Dj Name order.
  await expect(page.getByTestId('roster-meta')).toContainText('121 DJs');
  await expect(range).toHaveText('1–50 of 121');
  await expect(rows).toHaveCount(50);
  await expect(rows.nth(1)).toContainText('Crowd 001');
  await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled();

  await page.getByRole('button', { name: 'Next' }).click();
  await expect(range).toHaveText('51–100 of 121');
  await expect(rows.first()).toContainText('Crowd 050');
  await shot(page, testInfo, 'roster-page-2-desktop.png', { fullPage: false });
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(range).toHaveText('101–121 of 121');
  await expect(rows).toHaveCount(21);
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
  await page.getByRole('button', { name: 'Previous' }).click();
  await expect(range).toHaveText('51–100 of 121');

  // The search goes to the server and starts at its first page.
  await page.getByLabel('Search').fill('crowd 12');
  await expect(page.getByTestId('roster-meta')).toContainText('1 of 121 DJs');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(last.djName);
  await expect(range).toHaveCount(0);
  await page.getByLabel('Search').fill('nobody by that name');
  await expect(page.getByText('No DJs match “nobody by that name”.')).toBeVisible();

  // The merge picker searches every DJ too.
  await page.goto(`/djs/${djs[0]!.id}`);
  await page.getByRole('button', { name: 'Merge into…' }).click();
  await page.getByLabel('Record to keep').fill(last.djName);
  await expect(page.getByRole('option', { name: `${last.djName} (${last.publicName})` })).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/djs');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(range).toHaveText('51–100 of 121');
  expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(page, testInfo, 'roster-page-2-phone.png', { fullPage: false });
});
