import type { Page } from '@playwright/test';
import { toDateTimeLocalValue } from '@shared/time';
import { DEFAULT_SETTINGS } from '@shared/schemas/settings';
import { scheduleOf } from '@shared/series';
import { comingSundayAt } from '@shared/wall-clock';
import { signInAs } from './support/auth';
import { expect, test } from './support/fixtures';

// The series' schedule as Global Settings have it by default (Sunday 20:00 London).
const SCHEDULE = scheduleOf(DEFAULT_SETTINGS);

// The browser is in New York, so 20:00 London must show as New York time (15:00 most of the year).
const ZONE = 'America/New_York';
test.use({ timezoneId: ZONE });

const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/**
 * Clicks Create Event on a valid form. Other tests make events on the coming Sunday too: when
 * one already has that day, the question comes first and is answered yes.
 */
async function submitCreateEvent(page: Page) {
  await page.getByRole('button', { name: 'Create Event' }).click();
  const question = page.getByRole('dialog', { name: 'Another event that day?' });
  const eventPage = page.getByRole('heading', { name: 'Init Event' });
  await expect(question.or(eventPage)).toBeVisible();
  if (await question.isVisible()) await question.getByRole('button', { name: 'Create another' }).click();
  await expect(page).toHaveURL(/\/events\/[0-9a-f-]{36}$/);
}

async function createEvent(page: Page, name: string): Promise<string> {
  await page.goto('/events/create');
  await page.getByLabel('Event Name').fill(name);
  await page.getByLabel('Host').fill('E2E Host');
  await submitCreateEvent(page);
  return new URL(page.url()).pathname;
}

test('create with defaults, edit, Discard, Save, reload; Publish refused while the night is empty', async ({ page }) => {
  await signInAs(page, 'host');
  await page.goto('/events');
  await expect(page.getByRole('link', { name: 'Upcoming Events' })).toBeVisible();
  const comingSunday = () => toDateTimeLocalValue(comingSundayAt(new Date(), SCHEDULE), ZONE);
  const beforeOpening = comingSunday();
  await page.getByRole('link', { name: 'Create Event' }).click();
  await expect(page).toHaveURL(/\/events\/create$/);

  // Defaults: the series name, the coming Sunday at 20:00 London shown in the browser's zone
  // (worked out when the form opened: if a Sunday's 20:00 passed meanwhile, the next one).
  await expect(page.getByLabel('Event Name')).toHaveValue('Sunday Service');
  const afterOpening = comingSunday();
  await expect(page.getByLabel('Date / Time')).toHaveValue(new RegExp(`^(${beforeOpening}|${afterOpening})$`));
  const expected = await page.getByLabel('Date / Time').inputValue();
  expect(expected).toMatch(/T1[56]:00$/);
  await expect(page.getByLabel('Message')).toHaveValue(/chill and wiggle/);

  // Host is required.
  await page.getByRole('button', { name: 'Create Event' }).click();
  await expect(page).toHaveURL(/\/events\/create$/);
  await expect(page.getByText('Host is required.')).toBeVisible();

  // A name is one line: a pasted text-direction control is refused, with the reason.
  await page.getByLabel('Event Name').fill('Night \u202Eeman desrever');
  await page.getByRole('button', { name: 'Create Event' }).click();
  await expect(page.getByText('Event name must not contain invisible text-direction characters; type it in again rather than pasting it.')).toBeVisible();

  const name = unique('E2E Service');
  await page.getByLabel('Event Name').fill(name);
  await expect(page.getByText(/Event name must not contain/)).toBeHidden();
  await page.getByLabel('Host').fill('E2E Host');
  await submitCreateEvent(page);
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await expect(page.getByText('Unpublished')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Init Event' })).toBeVisible();
  await expect(page.getByLabel('Date / Time')).toHaveValue(expected);

  // Edit then Discard: the stored values come back and the bar goes away.
  await page.getByLabel('Host').fill('Changed Host');
  await page.getByLabel('Signups Open').check();
  await expect(page.getByRole('heading', { name: 'Signup Sheet' })).toBeVisible();
  const sheet = page.getByLabel('Post this message to open signups:');
  await expect(sheet).toHaveValue(new RegExp(`/eventSignup/[0-9a-f-]{36}`));
  await expect(sheet).toHaveValue(/Host: Changed Host/);
  await page.getByLabel('Host').fill('');
  await expect(sheet).toHaveValue(/Host TBD!/);

  // Publishing is refused while there are unsaved changes.
  await page.getByRole('button', { name: 'Publish Event' }).click();
  await expect(page.getByText('Please save changes before publishing this event.')).toBeVisible();

  await page.getByRole('button', { name: 'Discard' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByLabel('Host')).toHaveValue('E2E Host');
  await expect(page.getByRole('heading', { name: 'Signup Sheet' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeHidden();

  // Edit then Save: it survives a reload.
  const renamed = `${name} renamed`;
  await page.getByLabel('Event Name').fill(renamed);
  await page.getByLabel('Date / Time').fill(expected.replace(/T\d\d:00$/, 'T18:30'));
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Event saved.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeHidden();
  await page.reload();
  await expect(page.getByRole('heading', { name: renamed, level: 1 })).toBeVisible();
  await expect(page.getByLabel('Date / Time')).toHaveValue(expected.replace(/T\d\d:00$/, 'T18:30'));

  // An empty night is not published at the first click: the preflight says what is missing.
  await page.getByRole('button', { name: 'Publish Event' }).click();
  await expect(page.getByRole('dialog').getByText('Requirements not met: At least one slot in the lineup.')).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Not yet' }).click();
  await expect(page.getByText('Unpublished', { exact: true })).toBeVisible();

  // The other tabs and the debug view are reachable.
  await page.getByRole('link', { name: 'Stream Details' }).click();
  await expect(page).toHaveURL(/\/technicalDetails$/);
  await page.goto(`${new URL(page.url()).pathname.replace(/\/technicalDetails$/, '')}/debug`);
  await expect(page.getByText(`"name": "${renamed}"`)).toBeVisible();

  // The list shows it under Upcoming Events with its local date.
  await page.goto('/events');
  const row = page.getByRole('row', { name: new RegExp(renamed) });
  await expect(row).toContainText('18:30');
  await expect(row).toContainText('E2E Host');
});

test('an unknown event says so', async ({ page }) => {
  await signInAs(page, 'host');
  await page.goto('/events/no-such-event');
  await expect(page.getByText('Event not found.')).toBeVisible();
});

test.describe('two windows on one event', () => {
  test('a save in one appears in the other; a dirty draft gets the toast and a refused save', async ({ openPage }) => {
    const windowFor = async (account: 'host' | 'admin') => {
      const page = await openPage({ timezoneId: ZONE });
      await signInAs(page, account);
      return { page };
    };
    const a = await windowFor('host');
    const b = await windowFor('admin');
    const path = await createEvent(a.page, unique('Live'));
    await b.page.goto(path);
    await expect(b.page.getByRole('heading', { name: 'Init Event' })).toBeVisible();

    // B is clean: it follows A's save.
    const first = unique('First');
    await a.page.getByLabel('Event Name').fill(first);
    await a.page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(a.page.getByText('Event saved.')).toBeVisible();
    await expect(b.page.getByRole('heading', { name: first, level: 1 })).toBeVisible();
    await expect(b.page.getByLabel('Event Name')).toHaveValue(first);

    // B has edits: A's next save is announced and B's edits are kept.
    await b.page.getByLabel('Host').fill('B was here');
    const second = unique('Second');
    await a.page.getByLabel('Event Name').fill(second);
    await a.page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(b.page.getByText('Changes were made outside of this window.')).toBeVisible();
    await expect(b.page.getByLabel('Host')).toHaveValue('B was here');

    // B's save would overwrite A's: refused, with a way to reload.
    await b.page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(b.page.getByText(/Error saving event: This event was changed by someone else/)).toBeVisible();
    await b.page.getByRole('button', { name: 'Reload' }).click();
    await expect(b.page.getByLabel('Event Name')).toHaveValue(second);
    await expect(b.page.getByLabel('Host')).toHaveValue('E2E Host');
    await expect(b.page.getByRole('button', { name: 'Reload' })).toBeHidden();
  });
});
