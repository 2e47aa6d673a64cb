import { expect, type Page } from '@playwright/test';

// Signs in through the real flow and the development provider (src/server/auth/dev-provider.ts).

export type AccountKey = 'admin' | 'host' | 'dj' | 'dj2' | 'dj3' | 'dj4' | 'dj5' | 'member' | 'outsider';

/**
 * Goes to /login, clicks 'Login with Discord', picks the account on the development sign-in
 * page and waits until the app has taken over again: the saved pre-login address or /. The
 * outsider is refused, so for them it waits for the not-authorized message instead.
 */
export async function signInAs(page: Page, accountKey: AccountKey): Promise<void> {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Login with Discord' }).click();
  await expect(page.getByRole('heading', { name: 'Development sign-in' })).toBeVisible();
  await page.locator(`button[name="account"][value="${accountKey}"]`).click();
  if (accountKey === 'outsider') {
    await expect(page.getByText('You are not authorized to access this application.')).toBeVisible();
    return;
  }
  await page.waitForURL((url) => !url.pathname.startsWith('/dev-oauth') && !url.pathname.startsWith('/discordRedirect'));
}
