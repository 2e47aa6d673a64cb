import { signInAs } from './support/auth';
import { expect, test } from './support/fixtures';

// Light and dark (decision 026): the device's scheme by default, a choice in the user menu
// remembered by the browser, and each page written in its theme by the server (no flash).

test('the theme chosen in the user menu is remembered by this browser and written by the server', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await signInAs(page, 'dj');
  await page.goto('/');
  const html = page.locator('html');
  await expect(html).toHaveAttribute('data-bs-theme', 'light');

  await page.locator('#user-menu').click();
  const choice = page.getByRole('group', { name: 'Theme' });
  await expect(choice.getByRole('button', { name: 'System' })).toHaveAttribute('aria-pressed', 'true');
  await choice.getByRole('button', { name: 'Dark' }).click();
  await expect(html).toHaveAttribute('data-bs-theme', 'dark');
  await expect(choice.getByRole('button', { name: 'Dark' })).toHaveAttribute('aria-pressed', 'true');

  // The next page comes from the server already dark, on a light device.
  const served = await page.request.get('/');
  expect(await served.text()).toMatch(/<html[^>]* data-bs-theme="dark"/);
  await page.reload();
  await expect(html).toHaveAttribute('data-bs-theme', 'dark');

  // System again: the device's scheme, and it follows when that changes.
  await page.locator('#user-menu').click();
  await page.getByRole('group', { name: 'Theme' }).getByRole('button', { name: 'System' }).click();
  await expect(html).toHaveAttribute('data-bs-theme', 'light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(html).toHaveAttribute('data-bs-theme', 'dark');
});

test('a first visit from a dark device is written dark by the server: no light flash', async ({ playwright, launchOptions, appUrl }) => {
  // A device set to dark (Playwright's emulated scheme does not reach the client hint): the
  // first answer asks for the hint (Critical-CH), Chromium asks again with it.
  const browser = await playwright.chromium.launch({ ...launchOptions, args: [...(launchOptions.args ?? []), '--force-dark-mode'] });
  const context = await browser.newContext({ colorScheme: null, baseURL: appUrl });
  try {
    const page = await context.newPage();
    const documents: string[] = [];
    page.on('response', async (response) => {
      if (response.request().resourceType() === 'document') documents.push(await response.text().catch(() => ''));
    });
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // The first answer the browser painted from.
    expect(documents.at(-1)).toMatch(/<html[^>]* data-bs-theme="dark"/);
  } finally {
    await browser.close();
  }
});
