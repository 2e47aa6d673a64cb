import type { Page } from '@playwright/test';
import { signInThroughPages } from './support/auth';
import { expect, test } from './support/fixtures';

// Sign-in, guards and logout through the development provider (issue 3's acceptance).

const NO_PERMISSION = 'You do not have the required permissions to view this content.';

/** The shell has answered "who is this" (the guard's loader is gone). */
async function settled(page: Page) {
  await expect(page.getByText('Checking who you are…')).toHaveCount(0);
}

test('an admin deep-linking to an event signs in and lands back on that address', async ({ page }) => {
  await page.goto('/events/x');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Welcome to Lineup' })).toBeVisible();
  await expect(page.getByText('Authentication Error')).toBeVisible();
  await expect(page.getByText('You are not authenticated. Please log in to access this page.')).toBeVisible();

  await signInThroughPages(page, 'admin');
  await expect(page).toHaveURL(/\/events\/x$/);
  const nav = page.locator('.app-navbar');
  for (const item of ['Home', 'Events', 'Dj Roster', 'Global Settings']) {
    await expect(nav.getByRole('link', { name: item, exact: true })).toBeVisible();
  }
  await expect(page.getByText(NO_PERMISSION)).toHaveCount(0);
});

test('a first visit to / goes to the sign-in page quietly, which says where its button leads before it is pressed (issue 34)', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Welcome to Lineup' })).toBeVisible();
  const button = page.getByRole('button', { name: 'Login with Discord' });
  await expect(page.getByText('Development sign-in', { exact: true })).toBeVisible();
  await expect(button).toHaveAccessibleDescription(/^Development sign-in\s*No Discord application is configured: the button lists demo accounts/);
  // Nobody did anything wrong by opening the app.
  await expect(page.getByText('Authentication Error')).toHaveCount(0);
  await expect(page.getByText('You are not authenticated. Please log in to access this page.')).toHaveCount(0);
  // The same page loaded directly (rendered by the server) says it too, before any script.
  await page.goto('/login');
  await expect(page.getByText('Development sign-in', { exact: true })).toBeVisible();
  await button.click();
  await expect(page.getByRole('heading', { name: 'Development sign-in' })).toBeVisible();
});

test('a DJ sees the permission message on /events but reaches the signup area', async ({ page }) => {
  await signInThroughPages(page, 'dj');
  await page.goto('/events');
  await expect(page.getByText(NO_PERMISSION)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Log Out' })).toBeVisible();
  // A DJ's navbar has no staff links.
  await expect(page.locator('.app-navbar').getByRole('link', { name: 'Events' })).toHaveCount(0);

  await page.goto('/eventSignup/any-event-id');
  await expect(page.locator('#user-menu')).toBeVisible();
  await settled(page);
  await expect(page.getByText(NO_PERMISSION)).toHaveCount(0);
});

test('someone outside the Discord server is not authorized', async ({ page }) => {
  await signInThroughPages(page, 'outsider');
  await expect(page.getByText('You are not authorized to access this application.')).toBeVisible();
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
});

test('a member without roles is told how to get one, on any page, and can log out', async ({ page }) => {
  await signInThroughPages(page, 'member');
  await expect(page.getByRole('heading', { name: 'Welcome, Milo!' })).toBeVisible();
  // The friendly explanation, with the spec's sentence below it (issues 25, 34).
  await expect(page.getByText(NO_PERMISSION)).toBeVisible();
  await page.goto('/events');
  await expect(page.getByText('To get the DJ role, ask')).toBeVisible();
  await page.getByRole('button', { name: 'Log Out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
});

test('Logout asks first: Cancel keeps the session, Yes ends it', async ({ page }) => {
  await signInThroughPages(page, 'host');
  await expect(page).toHaveURL(/\/$/);
  const openMenu = async () => {
    await page.locator('#user-menu').click();
    await expect(page.getByText('Roles', { exact: true })).toBeVisible();
  };

  await openMenu();
  await expect(page.locator('.role-item')).toHaveText(['host', 'dj']);
  await page.getByRole('button', { name: 'Logout' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Are You sure?')).toBeVisible();
  await expect(dialog.getByText('You are about to logout')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await page.reload();
  await expect(page.locator('#user-menu')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  await openMenu();
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/events');
  await expect(page).toHaveURL(/\/login$/);
});

test('breadcrumbs follow the route and unknown addresses get a not-found page', async ({ page }) => {
  await signInThroughPages(page, 'admin');
  await page.goto('/djs/create');
  const trail = page.getByRole('navigation', { name: 'breadcrumb' });
  await expect(trail.getByRole('link', { name: 'Dj Roster' })).toHaveAttribute('href', '/djs');
  await expect(trail).toContainText('Create Dj');
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});
