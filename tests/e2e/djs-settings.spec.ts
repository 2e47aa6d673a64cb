import { signInAs } from './support/auth';
import { expect, test } from './support/fixtures';

const DISCORD_ID_MESSAGE = 'A Discord ID is a user identification number (UID) at least 17 digits long.';
const uniqueDiscordId = () => `${Date.now()}${Math.floor(Math.random() * 1e5)}`.padEnd(18, '7').slice(0, 19);

test.describe('Dj Roster, Create Dj and Dj Details', () => {
  test.beforeEach(async ({ page }) => {
    await signInAs(page, 'admin');
  });

  test('create, edit with Cancel and Submit, and find the DJ in the roster', async ({ page }) => {
    const discordId = uniqueDiscordId();
    const djName = `DJ Test ${discordId.slice(-6)}`;

    await page.goto('/djs');
    await page.getByRole('link', { name: 'Create Dj' }).click();
    await expect(page).toHaveURL(/\/djs\/create$/);

    // A short Discord ID is refused next to the field with the spec's message, and nothing is sent.
    await page.getByLabel('Discord ID').fill('12345');
    await page.getByLabel('Public name').fill('Test Person');
    await page.getByLabel('Dj Name').fill(djName);
    await page.getByRole('button', { name: 'Create Dj' }).click();
    await expect(page.getByText(DISCORD_ID_MESSAGE)).toBeVisible();
    await expect(page).toHaveURL(/\/djs\/create$/);

    await page.getByLabel('Discord ID').fill(discordId);
    await expect(page.getByText(DISCORD_ID_MESSAGE)).toBeHidden();
    await page.getByLabel('VRCDN/RTMP stream URL').fill('rtmp://stream.vrcdn.live/live/test');
    await page.getByLabel('Twitch username').fill('test_beats');
    await page.getByRole('button', { name: 'Create Dj' }).click();

    await expect(page).toHaveURL(/\/djs\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { name: djName })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Open Discord profile' })).toHaveAttribute('href', `https://discord.com/users/${discordId}`);
    await expect(page.getByText('No plays recorded yet.')).toBeVisible();

    // Cancel discards.
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await page.getByLabel('Dj Name').fill('Discarded name');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('heading', { name: djName })).toBeVisible();
    await expect(page.getByText('Discarded name')).toHaveCount(0);

    // Submit saves, and the saved value survives a reload.
    const renamed = `${djName} Renamed`;
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await expect(page.getByLabel('Dj Name')).toHaveValue(djName);
    await page.getByLabel('Dj Name').fill(renamed);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('heading', { name: renamed })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { name: renamed })).toBeVisible();

    // A second DJ with the same Discord ID is refused with a clear message.
    await page.goto('/djs/create');
    await page.getByLabel('Discord ID').fill(discordId);
    await page.getByLabel('Public name').fill('Someone Else');
    await page.getByLabel('Dj Name').fill('DJ Duplicate');
    await page.getByRole('button', { name: 'Create Dj' }).click();
    await expect(
      page.getByText('An error occurred while creating the DJ.: A DJ with this Discord ID already exists.'),
    ).toBeVisible();

    // The roster search finds the DJ by name and by Discord ID.
    await page.goto('/djs');
    const search = page.getByLabel('Search');
    await search.fill(renamed.toLowerCase());
    const rows = page.locator('tbody tr');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('Test Person');
    await expect(rows.first()).toContainText('test_beats');
    await search.fill(discordId);
    await expect(rows).toHaveCount(1);
    await rows.first().getByRole('link', { name: renamed }).click();
    await expect(page.getByRole('heading', { name: renamed })).toBeVisible();
  });
});

test.describe('Global Settings and Home', () => {
  // The settings and the home page are the whole app's: a server of its own keeps other tests out.
  test.use({ ownServer: true });

  test.beforeEach(async ({ page }) => {
    await signInAs(page, 'admin');
  });

  test('a saved signup URL shows on the home Signup Sheet card', async ({ page }) => {
    const signupUrl = `https://forms.community.test/e2e-${Date.now()}`;
    await page.goto('/globalSettings');
    const field = page.getByLabel('Signup URL');
    await expect(field).toHaveAttribute('type', 'url');

    await field.fill('not a url');
    await page.getByRole('button', { name: 'Save Signups' }).click();
    await expect(page.getByText('Signup URL must be a URL')).toBeVisible();

    await field.fill(signupUrl);
    await page.getByRole('button', { name: 'Save Signups' }).click();
    await expect(page.getByText('Settings saved successfully!')).toBeVisible();

    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Signup Sheet' })).toBeVisible();
    await expect(page.getByRole('link', { name: signupUrl })).toHaveAttribute('href', signupUrl);
  });

  test('a saved link counts as set whatever its host, example.org too (issue 25)', async ({ page }) => {
    const signupUrl = 'https://forms.example.org/our-own-signup';
    const chatServerUrl = 'https://chat.example.com/invite';
    await page.goto('/');
    const checklist = page.getByRole('region', { name: 'Set up your community' });
    await expect(checklist.getByRole('link', { name: /^Signup URL/ })).toBeVisible();
    await expect(page.getByText('Not set yet — add it in Global Settings')).toHaveCount(4);

    await page.goto('/globalSettings');
    await page.getByLabel('Signup URL').fill(signupUrl);
    await page.getByRole('button', { name: 'Save Signups' }).click();
    await page.getByLabel('Chat server URL').fill(chatServerUrl);
    await page.getByRole('button', { name: 'Save Helpful Links' }).click();
    await expect(page.getByText('Settings saved successfully!')).toHaveCount(2);

    await page.goto('/');
    await expect(page.getByRole('link', { name: signupUrl })).toHaveAttribute('href', signupUrl);
    await expect(page.getByRole('link', { name: 'Open Chat Server' })).toHaveAttribute('href', chatServerUrl);
    // The two links still unset say so; the saved ones are off the checklist.
    await expect(page.getByText('Not set yet — add it in Global Settings')).toHaveCount(2);
    await expect(checklist).toBeVisible();
    await expect(checklist.getByRole('link', { name: /^Signup URL/ })).toHaveCount(0);
    await expect(checklist.getByRole('link', { name: /^Chat server URL/ })).toHaveCount(0);
  });
});
