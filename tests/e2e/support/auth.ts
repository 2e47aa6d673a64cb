import { expect, type Page } from '@playwright/test';
import { completeSignIn } from '@shared/api/auth';
import { paths } from '@shared/paths';
import { call } from './api';

// Signing in through the server's real OAuth flow and the development provider
// (src/server/auth/dev-provider.ts), in two ways: through the pages as a person does
// (signInThroughPages: the sign-in tests), or the same requests without drawing the pages in
// between (signInAs: every other test, which only needs to be signed in). Drawing the login page,
// the provider's page, the redirect page and the landing page cost about a fifth of the suite's
// browser time, 176 sign-ins in all.

export type AccountKey = 'admin' | 'host' | 'dj' | 'dj2' | 'dj3' | 'dj4' | 'dj5' | 'member' | 'outsider';

/**
 * Signs the page's browser context in as the account: the same requests the pages make (the
 * login button's address, the provider's form, the redirect page's callback), sent with the
 * context's own cookies, so the session cookie lands in the browser. The page stays where it was:
 * the test goes where it starts. The outsider is refused, so for them the pages are drawn and the
 * not-authorized message awaited instead.
 */
export async function signInAs(page: Page, accountKey: AccountKey): Promise<void> {
  if (accountKey === 'outsider') return signInThroughPages(page, accountKey);
  const request = page.request;
  const toProvider = await request.get(paths.signInWithDiscord(), { maxRedirects: 0 });
  expect(toProvider.status(), 'the login button leads to the provider').toBe(303);
  const authorize = new URL(toProvider.headers().location!);
  const fromProvider = await request.post(authorize.pathname, {
    form: { ...Object.fromEntries(authorize.searchParams), account: accountKey },
    maxRedirects: 0,
  });
  expect(fromProvider.status(), 'the provider sends the browser back with a code').toBe(303);
  const back = new URL(fromProvider.headers().location!);
  const body = { code: back.searchParams.get('code')!, state: back.searchParams.get('state')!, redirect_uri: `${back.origin}${back.pathname}` };
  // Reading the answer's body fails the test with the server's error when the sign-in is refused.
  expect((await call(completeSignIn, { body }, { as: request })).body.publicName).toBeTruthy();
}

/**
 * Goes to /login, clicks 'Login with Discord', picks the account on the development sign-in
 * page and waits until the app has taken over again: the saved pre-login address or /. The
 * outsider is refused, so for them it waits for the not-authorized message instead.
 */
export async function signInThroughPages(page: Page, accountKey: AccountKey): Promise<void> {
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
