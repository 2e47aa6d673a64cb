import type { Page } from '@playwright/test';
import { API } from '@shared/api/index';
import { call, createDj, createEvent, newFakeWebhook, saveLineup } from './support/api';
import { signInAs } from './support/auth';
import { expect, test } from './support/fixtures';

// Issue 34 item 13, the small things a host trips over: Preflight's steps link to the tab that
// does them; Messaging shows Discord's timestamps as Discord will; Post to Discord looks unlike
// Copy Text and says whom it pings; Global Settings saves each section on its own; Onboard New Dj
// starts from the name searched for; a click on an event shows progress at once on a slow link.
// The member without roles is in dj-home.spec.ts. A server of its own: Global Settings and the
// webhooks are the whole app's.
test.use({ ownServer: true, timezoneId: 'America/New_York', locale: 'en-US' });

const section = (page: Page, title: string) => page.getByRole('form', { name: title });

test('Global Settings: each section saves its own settings, and the others keep their edits until saved', async ({ page }) => {
  await signInAs(page, 'admin');
  await page.goto('/globalSettings');
  const community = section(page, 'Community');
  const newEvents = section(page, 'New events');
  const signups = section(page, 'Signups');
  for (const title of ['Signups', 'New events', 'Community', 'Discord webhooks', 'Helpful Links', 'Lineup image']) {
    await expect(section(page, title).getByRole('button', { name: `Save ${title}` })).toBeVisible();
  }

  await newEvents.getByLabel('Series name').fill('Monday Mixes');
  await community.getByLabel('Contact host name').fill('Bea in #welcome');
  await community.getByRole('button', { name: 'Save Community' }).click();
  await expect(community.getByText('Settings saved successfully!')).toBeVisible();
  // New events was not saved: its edit is still there, and no success is claimed for it.
  await expect(newEvents.getByLabel('Series name')).toHaveValue('Monday Mixes');
  await expect(newEvents.getByText('Settings saved successfully!')).toHaveCount(0);

  // A bad value in one section is that section's error; the saved one is untouched.
  await signups.getByLabel('Signup URL').fill('not a url');
  await signups.getByRole('button', { name: 'Save Signups' }).click();
  await expect(signups.getByText('Signup URL must be a URL')).toBeVisible();
  await expect(community.getByText('Signup URL must be a URL')).toHaveCount(0);

  // Leaving asks first, naming the sections with unsaved edits.
  await page.getByRole('link', { name: 'Home', exact: true }).click();
  const leave = page.getByRole('dialog');
  await expect(leave).toContainText('You have unsaved changes in New events, Signups. Leaving this page discards them.');
  await leave.getByRole('button', { name: 'Leave' }).click();

  const stored = (await call(API.settings.getSettings, {}, { as: page.request })).body;
  expect(stored).toMatchObject({ contactHostName: 'Bea in #welcome', seriesName: 'Sunday Service' });
  await page.goto('/globalSettings');
  await expect(section(page, 'Community').getByLabel('Contact host name')).toHaveValue('Bea in #welcome');
  await expect(section(page, 'New events').getByLabel('Series name')).toHaveValue('Sunday Service');
});

test('Preflight: each step links to the tab where it is done', async ({ page }) => {
  await signInAs(page, 'admin');
  const dj = await createDj(page.request, { djName: 'No Source Sam' });
  const eventId = await createEvent(page.request, { name: 'Preflight links', start: '2031-06-01T19:00:00.000Z', host: 'Hal' });
  await saveLineup(page.request, eventId, [{ djs: [dj] }]);
  await page.goto(`/events/${eventId}/preflight`);

  await page.getByRole('link', { name: 'Go to Stream Details for Every slot has a stream source or is a prerecord' }).click();
  await expect(page).toHaveURL(new RegExp(`/events/${eventId}/technicalDetails$`));
  await expect(page.locator('.event-tabs').getByRole('link', { name: 'Stream Details', exact: true })).toHaveClass(/active/);

  await page.goBack();
  // A step that is done still says where it was done.
  await page.getByRole('link', { name: 'Setup for Host set' }).click();
  await expect(page).toHaveURL(new RegExp(`/events/${eventId}/setup$`));
  await page.goBack();
  await page.getByRole('link', { name: 'Go to Verify DJs for Every DJ confirmed their slot' }).click();
  await expect(page).toHaveURL(new RegExp(`/events/${eventId}/verifyDJs$`));
  await page.goBack();
  await page.getByRole('link', { name: 'Go to Messaging for Announcement texts copied' }).click();
  await expect(page).toHaveURL(new RegExp(`/events/${eventId}/announcements$`));
});

for (const night of [
  // 20:00 in London is 15:00 in New York in summer and in winter.
  { season: 'summer', start: '2031-06-01T19:00:00.000Z', date: 'Sunday, June 1, 2031' },
  { season: 'winter', start: '2031-12-07T20:00:00.000Z', date: 'Sunday, December 7, 2031' },
] as const) {
  test(`Messaging: the Discord text's timestamps as Discord shows them to the viewer, London ${night.season}`, async ({ page }) => {
    await signInAs(page, 'admin');
    const dj = await createDj(page.request, { djName: `Tagged ${night.season}` });
    const eventId = await createEvent(page.request, { name: `Tags ${night.season}`, start: night.start, host: 'Hal' });
    await saveLineup(page.request, eventId, [{ djs: [dj] }]);
    await page.goto(`/events/${eventId}/announcements`);

    const seconds = Date.parse(night.start) / 1000;
    await expect(page.getByLabel('Discord text')).toHaveValue(new RegExp(`<t:${seconds}:t> : Tagged ${night.season}`));
    const preview = page.getByTestId('discord-preview');
    await expect(page.getByRole('figure', { name: 'As Discord shows it' })).toContainText('As Discord shows it to you (New York time)');
    // Discord's F style and t style, in New York's time and the browser's language.
    await expect(preview).toContainText(new RegExp(`Event start: ${night.date}( at|,) 3:00\\sPM`));
    await expect(preview).toContainText(new RegExp(`3:00\\sPM : Tagged ${night.season}`));
    await expect(preview).not.toContainText('<t:');
    await expect(preview.locator('time').first()).toHaveAttribute('title', `<t:${seconds}:F>`);
  });
}

test('Post to Discord is filled where Copy Text is outlined, and says whom it pings', async ({ page }) => {
  await signInAs(page, 'admin');
  const announcements = await newFakeWebhook(page.request);
  const scheduling = await newFakeWebhook(page.request);
  const saved = await call(
    API.settings.saveSettings,
    { body: { announcementRoleIds: ['123456789012345678'], discordWebhookChanges: { announcements: announcements.url, scheduling: scheduling.url } } },
    { as: page.request },
  );
  expect(saved.status).toBe(200);
  const pinged = await createDj(page.request, { djName: 'Pinged Pia' });
  const eventId = await createEvent(page.request, { name: 'Pings', start: '2031-06-01T19:00:00.000Z', host: 'Hal' });
  await saveLineup(page.request, eventId, [{ djs: [pinged] }]);

  await page.goto(`/events/${eventId}/announcements`);
  const post = page.getByRole('button', { name: 'Post to Discord' });
  await expect(post).toHaveClass(/\bbtn-primary\b/);
  await expect(page.getByRole('button', { name: 'Copy Text' }).first()).toHaveClass(/\bbtn-outline-primary\b/);
  await expect(page.getByTestId('post-pings')).toHaveText('Pings the announcement role.');
  await post.click();
  await expect(page.getByRole('dialog')).toContainText('Pings the announcement role.');
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

  await page.goto(`/events/${eventId}/verifyDJs`);
  await expect(page.getByTestId('post-pings')).toHaveText('Pings 1 DJ (Pinged Pia).');
  await page.goto(`/events/${eventId}/setup`);
  await expect(page.getByTestId('post-pings')).toHaveText('Pings no one.');
});

test('Onboard New Dj starts from the name (or Discord ID) that was searched for', async ({ page }) => {
  await signInAs(page, 'admin');
  const eventId = await createEvent(page.request, { name: 'Onboarding', start: '2031-06-01T19:00:00.000Z', host: 'Hal' });
  await page.goto(`/events/${eventId}/lineup`);
  await page.getByRole('button', { name: 'Add DJ to Signups' }).click();
  const modal = page.getByRole('dialog');
  await modal.getByPlaceholder('Search DJ').fill('Zed Newcomer');
  await expect(modal.getByText('No matches found.')).toBeVisible();
  await modal.getByRole('button', { name: 'Onboard New Dj' }).click();
  await expect(modal.getByLabel('Dj Name')).toHaveValue('Zed Newcomer');
  await expect(modal.getByLabel('Discord ID')).toHaveValue('');

  await modal.getByRole('button', { name: 'Select Existing Dj' }).click();
  await modal.getByPlaceholder('Search DJ').fill('123456789012345678');
  await modal.getByRole('button', { name: 'Onboard New Dj' }).click();
  await expect(modal.getByLabel('Discord ID')).toHaveValue('123456789012345678');
  await expect(modal.getByLabel('Dj Name')).toHaveValue('');
});

test('a click on an event shows progress at once while a slow link brings the page', async ({ page }) => {
  await signInAs(page, 'admin');
  const eventId = await createEvent(page.request, { name: 'Slow Link Night', start: '2031-06-01T19:00:00.000Z', host: 'Hal' });
  await page.goto('/events');
  const link = page.getByRole('link', { name: /Slow Link Night/ }).first();
  await expect(link).toBeVisible();
  // From here on every script and answer takes two seconds to arrive.
  await page.route(/\/(assets|api)\//, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    await route.continue();
  });
  await link.click();
  await expect(page.getByRole('progressbar', { name: 'Loading the page' })).toBeVisible({ timeout: 1_000 });
  await expect(page).toHaveURL(new RegExp(`/events/${eventId}`));
  await expect(page.getByRole('heading', { name: 'Slow Link Night', level: 1 })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('progressbar', { name: 'Loading the page' })).toHaveCount(0);
});
