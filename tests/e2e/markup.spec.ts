import type { Locator, Page } from '@playwright/test';
import type { Dj } from '@shared/schemas/djs';
import { createDj, createEvent, minutesAgo, saveLineup, submitSignup } from './support/api';
import { signInAs } from './support/auth';
import { expect, test } from './support/fixtures';

// Issue 7 item 4, in the browser: a DJ and an event named with markup show that markup as text on
// every screen that names them (breadcrumbs and generated texts included), and nothing runs.

const MARKUP = '<img src=x onerror=alert(1)>';
const literal = new RegExp(MARKUP.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));

/** Any dialog (alert, confirm, prompt) fails the test: the markup must never run. */
function forbidDialogs(page: Page, fired: string[]) {
  page.on('dialog', (dialog) => {
    fired.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
}

/** The screen shows the markup as text, and the browser made no element of it. */
async function showsLiterally(page: Page, where: Locator = page.getByText(MARKUP).first()) {
  await expect(where).toBeVisible();
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
}

/** An event named with markup, in progress now (so Home shows it as the current event), its lineup one slot: the DJ. */
async function createMarkupEvent(page: Page, dj: Dj): Promise<string> {
  // Computed now, from this test's clock: started five minutes ago, one hour long.
  const id = await createEvent(page.request, { name: MARKUP, start: minutesAgo(5), host: MARKUP, message: MARKUP, footer: MARKUP });
  await saveLineup(page.request, id, [{ name: MARKUP, djs: [dj], isDebut: true, requestedDuration: 1 }]);
  return id;
}

/** DJ Dana signs up for the event with markup in every free-text answer. */
async function djSignsUp(openPage: () => Promise<Page>, eventId: string, fired: string[]): Promise<Page> {
  const page = await openPage();
  forbidDialogs(page, fired);
  await signInAs(page, 'dj');
  await submitSignup(page.request, eventId, {
    name: MARKUP,
    is_b2b: true,
    b2b_members_response: MARKUP,
    type: 'PRERECORD',
    dj_notes: MARKUP,
  });
  return page;
}

// Home shows the current event: on a server of its own, nothing but this test's event can be it.
test.use({ ownServer: true });

test('markup in DJ and event names is shown as text everywhere and never runs', async ({ page, openPage }) => {
  const fired: string[] = [];
  forbidDialogs(page, fired);
  await signInAs(page, 'admin');
  const dj = await createDj(page.request, { djName: MARKUP, publicName: MARKUP });
  const eventId = await createMarkupEvent(page, dj);

  await test.step('home', async () => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Current Event' })).toBeVisible();
    await showsLiterally(page, page.getByRole('link', { name: MARKUP, exact: true }));
    await showsLiterally(page, page.getByText(`Host: ${MARKUP}`));
  });

  await test.step('events list', async () => {
    await page.goto('/events');
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: MARKUP, exact: true }) });
    await showsLiterally(page, row.getByRole('cell', { name: MARKUP, exact: true }).first());
    // Date; name (then its badges); host; DJs; the Create next event button.
    const startsWithMarkup = new RegExp(`^${MARKUP.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);
    await expect(row.getByRole('cell')).toHaveText([/./, startsWithMarkup, MARKUP, MARKUP, 'Create next event']);
  });

  await test.step('event page: header, breadcrumbs, setup and the signup sheet text', async () => {
    await page.goto(`/events/${eventId}`);
    await showsLiterally(page, page.getByRole('heading', { name: MARKUP, level: 1 }));
    await showsLiterally(page, page.getByRole('navigation', { name: 'breadcrumb' }).getByText(literal));
    await expect(page.getByLabel('Event Name')).toHaveValue(MARKUP);
    await expect(page.getByLabel('Host')).toHaveValue(MARKUP);
    await expect(page.getByLabel('Post this message to open signups:')).toHaveValue(literal);
  });

  await test.step('lineup tab', async () => {
    await page.goto(`/events/${eventId}/lineup`);
    const slot = page.getByTestId('slot-card');
    await showsLiterally(page, slot.getByRole('heading', { name: MARKUP }));
    await showsLiterally(page, slot.getByText(MARKUP, { exact: true }).last());
    // Dana's own signup waits in the Signups column (added below, so reload after it).
  });

  const djPage = await djSignsUp(openPage, eventId, fired);

  await test.step('lineup tab with the DJ signup and its details', async () => {
    await page.goto(`/events/${eventId}/lineup`);
    const card = page.getByTestId('signup-card').filter({ hasText: MARKUP }).first();
    await showsLiterally(page, card.getByRole('heading', { name: MARKUP }));
    await card.getByRole('button', { name: /^Signup menu for / }).click();
    await page.getByRole('button', { name: 'View Signup Info' }).click();
    const info = page.getByRole('dialog', { name: 'Signup Details' });
    await showsLiterally(page, info.getByText(literal).first());
    await page.keyboard.press('Escape');
  });

  await test.step('verify DJs, stream details, messaging and debugging', async () => {
    await page.goto(`/events/${eventId}/verifyDJs`);
    await expect(page.getByLabel('Proposed lineup message')).toHaveValue(literal);
    await showsLiterally(page, page.getByRole('heading', { name: MARKUP, level: 1 }));

    await page.goto(`/events/${eventId}/technicalDetails`);
    await expect(page.getByLabel('Slot Name')).toHaveValue(MARKUP);
    await showsLiterally(page, page.getByText(MARKUP, { exact: true }).last());

    await page.goto(`/events/${eventId}/announcements`);
    await expect(page.getByLabel('Discord announcement message')).toHaveValue(MARKUP);
    const discord = page.getByLabel('Discord text');
    await expect(discord).toHaveValue(literal);
    expect((await discord.inputValue()).split(MARKUP).length - 1).toBeGreaterThanOrEqual(3);
    await page.getByRole('tab', { name: 'Social Media' }).click();
    await expect(page.getByLabel('Social media text (times in London)')).toHaveValue(literal);
    await expect(page.locator('img[src="x"]')).toHaveCount(0);

    await page.goto(`/events/${eventId}/debug`);
    await showsLiterally(page, page.locator('pre').first());
    await expect(page.locator('pre').first()).toContainText(MARKUP);
  });

  await test.step('roster and DJ details (with breadcrumbs and plays)', async () => {
    await page.goto('/djs');
    await page.getByLabel('Search').fill('onerror');
    const row = page.getByRole('row').filter({ hasText: MARKUP }).first();
    await showsLiterally(page, row.getByRole('link', { name: MARKUP, exact: true }));
    await row.getByRole('link', { name: MARKUP, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/djs/${dj.id}$`));
    await showsLiterally(page, page.getByRole('heading', { name: MARKUP, level: 1 }));
    await showsLiterally(page, page.getByRole('navigation', { name: 'breadcrumb' }).getByText(MARKUP, { exact: true }));
    await showsLiterally(page, page.getByRole('link', { name: literal }).first());
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await showsLiterally(page, page.getByRole('heading', { name: `Edit ${MARKUP}` }));
    await expect(page.getByLabel('Dj Name')).toHaveValue(MARKUP);
  });

  await test.step('signup summary and wizard title', async () => {
    await djPage.goto(`/eventSignup/${eventId}`);
    await showsLiterally(djPage, djPage.getByRole('heading', { name: literal, level: 1 }));
    await expect(djPage.getByRole('heading', { level: 1 })).toHaveText(new RegExp(`^You are signed up for ${literal.source} \\(.+\\)!$`));
    const summary = djPage.locator('dl');
    await expect(summary.getByText(MARKUP, { exact: true })).toHaveCount(3);
    await djPage.getByRole('link', { name: 'Update Signup' }).click();
    await showsLiterally(djPage, djPage.getByRole('heading', { name: literal, level: 1 }));
    await expect(djPage.getByRole('heading', { level: 1 })).toHaveText(new RegExp(`^SignUp: ${literal.source} - `));
    await expect(djPage.getByLabel('Name')).toHaveValue(MARKUP);
    await expect(djPage.getByLabel('Other B2B members')).toHaveValue(MARKUP);
  });

  // Nothing ran anywhere, and the markup never became a live element.
  expect(fired, 'dialogs opened by the page').toEqual([]);
  expect(await page.evaluate(() => document.querySelectorAll('img[src="x"]').length)).toBe(0);
});
