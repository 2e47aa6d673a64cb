import type { Page } from '@playwright/test';
import { feeds } from '@shared/paths';
import { clockTime, zoneLabel } from '@shared/public-lineup';
import { createDj, createEvent, daysFromNow, getEvent, publish, putInLineup, saveLineup, submitSignup } from './support/api';
import { signInAs } from './support/auth';
import { expect, test } from './support/fixtures';
import { DESKTOP, PHONE, shot, snap } from './support/shots';

// The series' public face (issue 14): lineup pages anyone can open, in their own time and London
// time; unpublished events are not found; link previews; a DJ's private calendar link.

const VISITOR_ZONE = 'America/New_York';

/** Staff make a lineup of two DJs (the second a debut), give it a watch link on the Setup tab, and publish it. */
async function publishedEvent(staff: Page, name: string) {
  const [nova, lumen] = await Promise.all(['Nova', 'Lumen'].map((dj) => createDj(staff.request, { djName: `${dj} ${name.slice(-4)}` })));
  const start = daysFromNow(7, 19);
  const eventId = await createEvent(staff.request, { name, start, message: 'Staff-only message draft' });
  await saveLineup(staff.request, eventId, [{ djs: [nova!] }, { djs: [lumen!], isDebut: true }]);

  // The watch link, the way staff add it: Setup → Public links → Add link, then Save.
  await staff.goto(`/events/${eventId}/setup`);
  await staff.getByRole('button', { name: 'Add link' }).click();
  await staff.getByLabel('Link 1 label').fill('Watch on Twitch');
  await staff.getByLabel('Link 1 URL').fill('http://twitch.tv/insecure');
  await expect(staff.getByText('Link URL must start with https://.')).toBeVisible();
  await staff.getByLabel('Link 1 URL').fill('https://twitch.tv/sunday');
  await staff.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(staff.getByText('Event saved.')).toBeVisible();
  await publish(staff.request, eventId);
  return { eventId, start, djs: [nova!.djName, lumen!.djName] };
}

test.describe('public lineup pages', () => {
  test.use({ timezoneId: VISITOR_ZONE });

  test('a visitor who is not signed in sees the upcoming events and a lineup in their time and London time', async ({ page, openPage }, testInfo) => {
    const staff = await openPage({ timezoneId: VISITOR_ZONE });
    await signInAs(staff, 'admin');
    const name = `Public Night ${Date.now().toString(36)}`;
    const { eventId, start, djs } = await publishedEvent(staff, name);
    await staff.setViewportSize(DESKTOP);
    await shot(staff, testInfo, 'setup-public-links-desktop.png');
    const hidden = await createEvent(staff.request, { name: `${name} hidden`, start: daysFromNow(8, 19) });

    // The index, signed out.
    await page.goto('/lineups');
    await expect(page.getByRole('heading', { name: 'Upcoming events', level: 1 })).toBeVisible();
    const card = page.getByRole('listitem').filter({ hasText: name }).first();
    await expect(card).toContainText('2 DJs');
    await expect(page.getByText(`${name} hidden`)).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Login with Discord' })).toHaveCount(0);
    await snap(page, testInfo, 'public-index');

    // The event page: each slot in New York time and London time, the debut marked, the watch link.
    await card.getByRole('link', { name }).click();
    await expect(page).toHaveURL(new RegExp(`/lineups/${eventId}$`));
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
    const table = page.getByRole('table');
    await expect(table.getByRole('columnheader', { name: `Your time ${zoneLabel(start, VISITOR_ZONE)}` })).toBeVisible();
    await expect(table.getByRole('columnheader', { name: `London ${zoneLabel(start, 'Europe/London')}` })).toBeVisible();
    const second = new Date(Date.parse(start) + 3_600_000).toISOString();
    await expect(table.getByRole('row', { name: new RegExp(`^${clockTime(start, VISITOR_ZONE)} ${clockTime(start, 'Europe/London')} ${djs[0]}$`) })).toBeVisible();
    await expect(table.getByRole('row', { name: new RegExp(`^${clockTime(second, VISITOR_ZONE)} ${clockTime(second, 'Europe/London')} ${djs[1]} Debut$`) })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Watch on Twitch' })).toHaveAttribute('href', 'https://twitch.tv/sunday');
    await expect(page.locator('body')).not.toContainText('Staff-only message draft');
    await snap(page, testInfo, 'public-event');

    // The lineup image it links to is a PNG.
    const image = await page.request.get(feeds.lineupImage(eventId, 'png'));
    expect(image.headers()['content-type']).toBe('image/png');

    // An unpublished event's address says not found, as an unknown one does.
    for (const id of [hidden, 'no-such-event']) {
      const response = await page.goto(`/lineups/${id}`);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('heading', { name: 'Lineup not found', level: 1 })).toBeVisible();
    }
    await snap(page, testInfo, 'public-not-found');

    // Global Settings previews the image of the next published event.
    await staff.goto('/globalSettings');
    const preview = staff.getByRole('img', { name: /^Preview of the lineup image of / });
    await expect(preview).toBeVisible();
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1200);
    await staff.getByRole('heading', { name: 'Lineup image' }).scrollIntoViewIfNeeded();
    await shot(staff, testInfo, 'settings-lineup-image-desktop.png');
  });

  test('a lineup address pasted into Discord unfurls: the page carries Open Graph tags', async ({ openPage, appUrl }) => {
    const staff = await openPage();
    await signInAs(staff, 'admin');
    const name = `Unfurl Night ${Date.now().toString(36)}`;
    const start = daysFromNow(9, 19);
    const eventId = await createEvent(staff.request, { name, start });
    const dj = await createDj(staff.request, { djName: `Quartz ${name.slice(-4)}` });
    await saveLineup(staff.request, eventId, [{ djs: [dj] }]);
    await publish(staff.request, eventId);

    // A link preview (and an in-world browser) runs no script: the page is whole without it.
    const bot = await openPage({ javaScriptEnabled: false, timezoneId: VISITOR_ZONE });
    const response = await bot.goto(`/lineups/${eventId}`);
    expect(response?.status()).toBe(200);
    const origin = new URL(appUrl).origin;
    const meta = (property: string) => bot.locator(`head meta[property="${property}"], head meta[name="${property}"]`);
    await expect(meta('og:title')).toHaveAttribute('content', name);
    await expect(meta('og:url')).toHaveAttribute('content', `${origin}/lineups/${eventId}`);
    await expect(bot.locator('head link[rel="canonical"]')).toHaveAttribute('href', `${origin}/lineups/${eventId}`);
    await expect(meta('og:image')).toHaveAttribute('content', new RegExp(`^${origin}/feeds/lineup/${eventId}\\.png\\?v=\\d+$`));
    const description = new RegExp(`^[^"]+ 2\\d{3}, \\d\\d:\\d\\d (BST|GMT) — Host: E2E Host — Lineup: \\d\\d:\\d\\d (BST|GMT) {2}${dj.djName}$`);
    await expect(meta('og:description')).toHaveAttribute('content', description);
    await expect(meta('description')).toHaveAttribute('content', description);
    // Without script the lineup reads in the series' time; the visitor's column waits for the script.
    await expect(bot.getByRole('heading', { name, level: 1 })).toBeVisible();
    await expect(bot.getByRole('row', { name: new RegExp(`^${clockTime(start, 'Europe/London')} ${dj.djName}$`) })).toBeVisible();
    await expect(bot.getByRole('columnheader', { name: /^Your time/ })).toBeHidden();
    await expect(bot).toHaveTitle(`${name} · Sunday Service`);
  });
});

test.describe('a DJ calendar link', () => {
  test.use({ viewport: PHONE, permissions: ['clipboard-read', 'clipboard-write'] });

  test('a DJ copies their calendar link from the summary page, and revoking it makes a new one', async ({ page, openPage }, testInfo) => {
    const staff = await openPage();
    await signInAs(staff, 'admin');
    const eventId = await createEvent(staff.request, { name: `Calendar Night ${Date.now().toString(36)}`, start: daysFromNow(10, 19) });
    await signInAs(page, 'dj');
    await submitSignup(page.request, eventId, { name: 'Dana Calendar' });
    await putInLineup(staff.request, eventId, [(await getEvent(staff.request, eventId)).signups[0]!.uuid]);
    await publish(staff.request, eventId);

    await page.goto(`/eventSignup/${eventId}`);
    await expect(page.getByRole('heading', { name: 'Add your slots to your calendar' })).toBeVisible();
    // Exact: the spinner before it is labelled "Loading your calendar link".
    const field = page.getByLabel('Your calendar link', { exact: true });
    await expect(field).toHaveValue(/\/feeds\/dj\/[\w-]{43}\.ics$/);
    const first = await field.inputValue();
    await page.getByRole('button', { name: 'Copy', exact: true }).click();
    await expect(page.getByText('Copied to clipboard.')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(first);
    const feed = await page.request.get(first);
    expect(feed.status()).toBe(200);
    expect(await feed.text()).toContain('SUMMARY:Dana Calendar at Calendar Night');
    await shot(page, testInfo, 'calendar-card-390.png');

    await page.getByRole('button', { name: 'Revoke link' }).click();
    const dialog = page.getByRole('dialog', { name: 'Revoke your calendar link?' });
    await expect(dialog).toBeVisible();
    await shot(page, testInfo, 'calendar-revoke-390.png', { fullPage: false });
    await dialog.getByRole('button', { name: 'Revoke link' }).click();
    await expect(dialog).toBeHidden();
    await expect(field).not.toHaveValue(first);
    const second = await field.inputValue();
    expect((await page.request.get(first)).status()).toBe(404);
    expect((await page.request.get(second)).status()).toBe(200);
  });
});
