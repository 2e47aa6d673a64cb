import type { Page } from '@playwright/test';
import { formatZonedDate } from '@shared/time';
import { DEFAULT_SETTINGS } from '@shared/schemas/settings';
import { scheduleOf } from '@shared/series';
import { comingSundayAt } from '@shared/wall-clock';
import { createDj, createEvent, getEvent, publish, saveLineup, updateEvent } from './support/api';
import { signInAs } from './support/auth';
import { expect, test } from './support/fixtures';
import { shot } from './support/shots';

// The series' schedule as Global Settings have it by default (Sunday 20:00 London).
const SCHEDULE = scheduleOf(DEFAULT_SETTINGS);

// The weekly rhythm around the event page (issue 13): next week in one click, the same-day
// question, no lost edits, the setup checklist of a fresh install, and the events list at a glance.

// Times in the toast and on the page are the browser's: London, the series' zone.
test.use({ timezoneId: 'Europe/London' });

const DAY = 24 * 3_600_000;
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

const sameDayQuestion = (page: Page) => page.getByRole('dialog', { name: 'Another event that day?' });
const leaveQuestion = (page: Page) => page.getByRole('dialog', { name: 'Are You sure?' });
const navLink = (page: Page, name: string) => page.locator('.app-navbar').getByRole('link', { name, exact: true });
const row = (page: Page, name: string) => page.getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) });

test.describe('Create next event', () => {
  // The same-day question depends on which events exist: a database of its own.
  test.use({ ownServer: true });

  test('from the event page and from the list, asking when that day already has an event', async ({ page }) => {
    await signInAs(page, 'host');
    // A Sunday two to three weeks ahead at 20:00 London: its next occurrence is exactly a week later.
    const start = comingSundayAt(new Date(Date.now() + 14 * DAY), SCHEDULE);
    const nextStart = comingSundayAt(new Date(start), SCHEDULE);
    const sourceId = await createEvent(page.request, {
      name: 'Sunday Service #21',
      start,
      host: 'Hal',
      message: 'Come chill and wiggle!',
      footer: 'Join us: https://discord.gg/our-community',
      signupsAreOpen: true,
    });

    // From the event page: #22 a week later, host, message and footer carried over, signups closed.
    await page.goto(`/events/${sourceId}`);
    await page.getByRole('button', { name: 'Create next event' }).click();
    await expect(page.getByText(`Created Sunday Service #22 (${formatZonedDate(nextStart, 'Europe/London')}).`)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Sunday Service #22', level: 1 })).toBeVisible();
    const nextId = new URL(page.url()).pathname.split('/').pop()!;
    expect(nextId).not.toBe(sourceId);
    await expect(page.getByText('Unpublished')).toBeVisible();
    await expect(page.getByLabel('Host')).toHaveValue('Hal');
    await expect(page.getByLabel('Message')).toHaveValue('Come chill and wiggle!');
    await expect(page.getByLabel('Footer')).toHaveValue('Join us: https://discord.gg/our-community');
    await expect(page.getByLabel('Signups Open')).not.toBeChecked();
    expect((await getEvent(page.request, nextId)).startDatetime).toBe(nextStart);

    // Unsaved edits first: the next event would not carry them.
    await page.getByLabel('Host').fill('Someone else');
    await page.getByRole('button', { name: 'Create next event' }).click();
    await expect(page.getByText('Please save changes before creating the next event.')).toBeVisible();
    await page.getByRole('button', { name: 'Discard' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();

    // Again from #21: that day has #22 now. No: nothing is created.
    await page.goto(`/events/${sourceId}`);
    await page.getByRole('button', { name: 'Create next event' }).click();
    await expect(sameDayQuestion(page)).toContainText('There is already an event on that day: Sunday Service #22. Create another?');
    await sameDayQuestion(page).getByRole('button', { name: 'Cancel' }).click();
    await expect(sameDayQuestion(page)).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Sunday Service #21', level: 1 })).toBeVisible();

    // From the list: #22's row makes #23; #21's row asks, and Create another makes a second #22.
    await navLink(page, 'Events').click();
    await expect(page.getByRole('row')).toHaveCount(3);
    await row(page, 'Sunday Service #22').getByRole('button', { name: 'Create next event' }).click();
    await expect(page.getByRole('heading', { name: 'Sunday Service #23', level: 1 })).toBeVisible();
    await navLink(page, 'Events').click();
    await row(page, 'Sunday Service #21').getByRole('button', { name: 'Create next event' }).click();
    await expect(sameDayQuestion(page)).toContainText('There is already an event on that day: Sunday Service #22.');
    await sameDayQuestion(page).getByRole('button', { name: 'Create another' }).click();
    await expect(page.getByRole('heading', { name: 'Sunday Service #22', level: 1 })).toBeVisible();
    await navLink(page, 'Events').click();
    await expect(page.getByRole('link', { name: 'Sunday Service #22', exact: true })).toHaveCount(2);
    await expect(page.getByRole('row')).toHaveCount(5);
  });

  test('Create Event on a day that has an event asks first', async ({ page }) => {
    await signInAs(page, 'host');
    const start = comingSundayAt(new Date(), SCHEDULE);
    await createEvent(page.request, { name: 'Already There', start });
    await page.goto('/events/create');
    // The form defaults to the coming Sunday: the day of Already There.
    await page.getByLabel('Host').fill('Hal');
    await page.getByRole('button', { name: 'Create Event' }).click();
    await expect(sameDayQuestion(page)).toContainText('There is already an event on that day: Already There. Create another?');
    await sameDayQuestion(page).getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/events\/create$/);
    await page.getByRole('button', { name: 'Create Event' }).click();
    await sameDayQuestion(page).getByRole('button', { name: 'Create another' }).click();
    // Moving on to the new event after creating it is not "leaving unsaved edits".
    await expect(page.getByRole('heading', { name: 'Init Event' })).toBeVisible();
    await expect(leaveQuestion(page)).toBeHidden();
  });
});

test.describe('unsaved edits', () => {
  /** Reloading asks through the browser's own prompt: `stay` dismisses it, otherwise the page reloads. */
  async function reloadAnswering(page: Page, answer: 'stay' | 'leave') {
    const dialog = page.waitForEvent('dialog');
    const reloading = page.reload({ timeout: 5_000 }).catch(() => 'stayed');
    const prompt = await dialog;
    expect(prompt.type()).toBe('beforeunload');
    if (answer === 'stay') {
      await prompt.dismiss();
      expect(await reloading).toBe('stayed');
    } else {
      await prompt.accept();
      await reloading;
    }
  }

  test('leaving a dirty Setup tab asks in the app and on reload', async ({ page }) => {
    await signInAs(page, 'host');
    const name = `Dirty ${unique()}`;
    const id = await createEvent(page.request, { name, start: new Date(Date.now() + 10 * DAY).toISOString(), host: 'Hal' });
    await page.goto(`/events/${id}/setup`);
    // A click first: browsers only ask on reload after the person interacted with the page.
    await page.getByLabel('Host').click();
    await page.getByLabel('Host').fill('Edited host');

    // Other tabs keep the draft: no question.
    await page.getByRole('main').getByRole('link', { name: 'Lineup', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Lineup (Local Times)' })).toBeVisible();
    await page.getByRole('main').getByRole('link', { name: 'Setup', exact: true }).click();
    await expect(page.getByLabel('Host')).toHaveValue('Edited host');

    await navLink(page, 'Events').click();
    await expect(leaveQuestion(page)).toContainText('This event has unsaved changes. Leaving this page discards them.');
    await leaveQuestion(page).getByRole('button', { name: 'Stay' }).click();
    await expect(page.getByLabel('Host')).toHaveValue('Edited host');

    await reloadAnswering(page, 'stay');
    await expect(page.getByLabel('Host')).toHaveValue('Edited host');
    await reloadAnswering(page, 'leave');
    await expect(page.getByLabel('Host')).toHaveValue('Hal');

    await page.getByLabel('Host').click();
    await page.getByLabel('Host').fill('Edited again');
    await navLink(page, 'Events').click();
    await leaveQuestion(page).getByRole('button', { name: 'Leave' }).click();
    await expect(page).toHaveURL(/\/events$/);
  });

  test('leaving dirty Global Settings, Create Event, Create Dj or Dj edit asks first', async ({ page }) => {
    await signInAs(page, 'admin');

    await page.goto('/globalSettings');
    const seriesName = page.getByLabel('Series name');
    const stored = await seriesName.inputValue();
    await seriesName.click();
    await seriesName.fill('Unsaved Series');
    await navLink(page, 'Home').click();
    // It names the section with the edit: each section saves on its own (issue 34).
    await expect(leaveQuestion(page)).toContainText('You have unsaved changes in New events. Leaving this page discards them.');
    await leaveQuestion(page).getByRole('button', { name: 'Stay' }).click();
    await expect(page).toHaveURL(/\/globalSettings$/);
    await reloadAnswering(page, 'stay');
    await expect(page.getByLabel('Series name')).toHaveValue('Unsaved Series');
    // Typing the stored value back: nothing left to lose.
    await seriesName.fill(stored);
    await navLink(page, 'Home').click();
    await expect(page.getByRole('heading', { name: 'Home', level: 1 })).toBeVisible();

    const dj = await createDj(page.request, { djName: `Edit Me ${unique()}` });
    for (const [path, field] of [
      ['/events/create', 'Event Name'],
      ['/djs/create', 'Dj Name'],
      [`/djs/${dj.id}`, 'Dj Name'],
    ] as const) {
      await page.goto(path);
      if (path.startsWith('/djs/') && path !== '/djs/create') await page.getByRole('button', { name: 'Edit', exact: true }).click();
      await page.getByLabel(field, { exact: true }).fill('Something new');
      await navLink(page, 'Dj Roster').click();
      await expect(leaveQuestion(page), path).toBeVisible();
      await leaveQuestion(page).getByRole('button', { name: 'Leave' }).click();
      await expect(page.getByRole('heading', { name: 'Dj Roster', level: 1 })).toBeVisible();
    }
  });
});

test.describe('a fresh install', () => {
  test.use({ ownServer: true });

  test('Home lists the settings to set, each linking to its field, until they are set or dismissed', async ({ page, openPage }) => {
    await signInAs(page, 'admin');
    await page.goto('/');
    const checklist = page.getByRole('region', { name: 'Set up your community' });
    await expect(checklist.getByRole('link')).toHaveText([
      'Signup URL — still an example value',
      'Series name — the shipped default: save its section to keep it',
      'Default weekday, time and zone — the shipped default: save its section to keep it',
      'Announcement role IDs — not set yet',
      'Scheduling channel link — not set yet',
      'Contact host name — still an example value',
      'Hosting guide URL — not set yet',
      'Shared drive URL — not set yet',
      'Chat server URL — not set yet',
    ]);
    // No example.org link on Home either.
    await expect(page.getByTestId('signup-url')).toHaveCount(0);
    await expect(page.locator('a[href*="example.org"]')).toHaveCount(0);

    await checklist.getByRole('link', { name: /^Chat server URL/ }).click();
    await expect(page).toHaveURL(/\/globalSettings#chatServerUrl$/);
    await expect(page.getByLabel('Chat server URL')).toBeFocused();

    const fields: Array<[string, string]> = [
      ['Signup URL', 'https://forms.community.test/signup'],
      ['Announcement role IDs', '123456789012345678'],
      ['Scheduling channel link', 'https://discord.com/channels/1/2'],
      ['Contact host name', 'Ada'],
      ['Hosting guide URL', 'https://docs.community.test/hosting'],
      ['Shared drive URL', 'https://drive.community.test/folder'],
      ['Chat server URL', 'https://discord.gg/community'],
    ];
    for (const [label, value] of fields) await page.getByLabel(label).fill(value);
    // Each section saves its own (issue 34); New events saved as shipped keeps its defaults.
    for (const title of ['Signups', 'New events', 'Community', 'Helpful Links']) await page.getByRole('button', { name: `Save ${title}` }).click();
    await expect(page.getByText('Settings saved successfully!')).toHaveCount(4);
    await navLink(page, 'Home').click();
    await expect(page.getByRole('link', { name: 'https://forms.community.test/signup' })).toBeVisible();
    await expect(checklist).toHaveCount(0);

    // One setting emptied again: listed again, until this browser dismisses the list.
    await page.goto('/globalSettings');
    await page.getByLabel('Shared drive URL').fill('');
    await page.getByRole('button', { name: 'Save Helpful Links' }).click();
    await expect(page.getByText('Settings saved successfully!')).toBeVisible();
    await page.goto('/');
    await expect(checklist.getByRole('link')).toHaveText(['Shared drive URL — not set yet']);
    await checklist.getByRole('button', { name: 'Dismiss' }).click();
    await expect(checklist).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Next Event' })).toBeVisible();
    await expect(checklist).toHaveCount(0);

    const otherBrowser = await openPage();
    await signInAs(otherBrowser, 'host');
    await otherBrowser.goto('/');
    await expect(otherBrowser.getByRole('region', { name: 'Set up your community' })).toBeVisible();
  });
});

test.describe('the events list at a glance', () => {
  test.use({ ownServer: true });

  test('badges for published, signups open and slots, counts pluralised, at desktop and 390 px', async ({ page }, testInfo) => {
    await signInAs(page, 'admin');
    const [one, two, three] = await Promise.all(['Solo', 'Duo', 'Trio'].map((djName) => createDj(page.request, { djName })));
    const ready = await createEvent(page.request, { name: 'Ready Night', start: new Date(Date.now() + 3 * DAY).toISOString(), signupsAreOpen: true });
    await saveLineup(page.request, ready, [{ djs: [one!] }]);
    await publish(page.request, ready);
    const busy = await createEvent(page.request, { name: 'Busy Night', start: new Date(Date.now() + 10 * DAY).toISOString(), signupsAreOpen: false });
    await saveLineup(page.request, busy, [{ djs: [two!] }, { djs: [three!] }]);
    const empty = await createEvent(page.request, { name: 'Empty Night', start: new Date(Date.now() + 17 * DAY).toISOString(), signupsAreOpen: false });
    await updateEvent(page.request, empty, { host: '' });

    for (const viewport of [
      { width: 1280, height: 900 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(viewport);
      await page.goto('/events');
      await expect(row(page, 'Ready Night').getByTestId('event-badges')).toHaveText(/^Published\s*Signups open\s*1 slot$/);
      await expect(row(page, 'Busy Night').getByTestId('event-badges')).toHaveText(/^Unpublished\s*2 slots$/);
      await expect(row(page, 'Empty Night').getByTestId('event-badges')).toHaveText(/^Unpublished\s*0 slots$/);
      await expect(row(page, 'Busy Night')).toContainText('Duo, Trio');
      await expect(row(page, 'Empty Night')).toContainText('TBA');
      await expect(row(page, 'Empty Night').getByRole('button', { name: 'Create next event after Empty Night' })).toBeVisible();
      expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await shot(page, testInfo, `events-list-${viewport.width}.png`);
    }

    // The roster counts DJs the same way: the admin's own entry and the three made here.
    await page.goto('/djs');
    await expect(page.getByTestId('roster-meta')).toContainText('4 DJs');
    await page.getByLabel('Search').fill('Solo');
    await expect(page.getByTestId('roster-meta')).toContainText('1 of 4 DJs');
  });
});
