import type { Browser, Locator, Page } from '@playwright/test';
import type { Dj } from '@shared/schemas/djs';
import type { EventDetail } from '@shared/schemas/events';
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

async function createMarkupDj(page: Page): Promise<Dj> {
  const response = await page.request.post('/api/djs', {
    data: { discordId: `6${Date.now()}${Math.floor(Math.random() * 1e4)}`.padEnd(18, '0'), publicName: MARKUP, djName: MARKUP, rtmpUrl: '', twitchUsername: '' },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Dj;
}

/** An event named with markup, in progress now (so Home shows it), its lineup one slot: the DJ above. */
async function createMarkupEvent(page: Page, dj: Dj): Promise<EventDetail> {
  const start = new Date(Date.now() - 5 * 60_000);
  start.setUTCSeconds(0, 0);
  const fields = { name: MARKUP, startDatetime: start.toISOString(), host: MARKUP, message: MARKUP, footer: MARKUP, signupsAreOpen: true };
  const created = await page.request.post('/api/events', { data: fields });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const stored = (await (await page.request.get(`/api/events/${id}`)).json()) as EventDetail;
  const uuid = `${id}-markup`;
  const saved = await page.request.put(`/api/events/${id}`, {
    data: {
      baseVersion: stored.version,
      event: fields,
      signups: [{ uuid, name: MARKUP, djRefs: [dj.id], isDebut: true, requestedDuration: 1, type: 'LIVE', hidden: false }],
      slots: [
        {
          signupUuid: uuid,
          djName: null,
          djRef: dj.id,
          startTime: start.toISOString(),
          duration: 1,
          isDebut: true,
          slotType: 'LIVE',
          streamSourceUrl: '',
          streamSourceType: 'RTMP',
        },
      ],
      removedSignupUuids: [],
    },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  return (await saved.json()) as EventDetail;
}

/** DJ Dana signs up for the event with markup in every free-text answer. */
async function djSignsUp(browser: Browser, eventId: string, fired: string[]): Promise<Page> {
  const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  const page = await context.newPage();
  forbidDialogs(page, fired);
  await signInAs(page, 'dj');
  const response = await page.request.post('/api/signup', {
    data: {
      event_id: eventId,
      name: MARKUP,
      is_b2b: true,
      b2b_members_response: MARKUP,
      requested_duration: 1,
      type: 'PRERECORD',
      stream_link: '',
      available_from: 'any',
      available_to: 'any',
      confirm_expectations: true,
      dj_notes: MARKUP,
    },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return page;
}

test('markup in DJ and event names is shown as text everywhere and never runs', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const fired: string[] = [];
  forbidDialogs(page, fired);
  await signInAs(page, 'admin');
  const dj = await createMarkupDj(page);
  const event = await createMarkupEvent(page, dj);

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
    await expect(row.getByRole('cell')).toHaveText([/./, MARKUP, MARKUP, MARKUP]);
  });

  await test.step('event page: header, breadcrumbs, setup and the signup sheet text', async () => {
    await page.goto(`/events/${event.id}`);
    await showsLiterally(page, page.getByRole('heading', { name: MARKUP, level: 1 }));
    await showsLiterally(page, page.getByRole('navigation', { name: 'breadcrumb' }).getByText(literal));
    await expect(page.getByLabel('Event Name')).toHaveValue(MARKUP);
    await expect(page.getByLabel('Host')).toHaveValue(MARKUP);
    await expect(page.getByLabel('Post this message to open signups:')).toHaveValue(literal);
  });

  await test.step('lineup tab', async () => {
    await page.goto(`/events/${event.id}/lineup`);
    const slot = page.getByTestId('slot-card');
    await showsLiterally(page, slot.getByRole('heading', { name: MARKUP }));
    await showsLiterally(page, slot.getByText(MARKUP, { exact: true }).last());
    // Dana's own signup waits in the Signups column (added below, so reload after it).
  });

  const djPage = await djSignsUp(browser, event.id, fired);

  await test.step('lineup tab with the DJ signup and its details', async () => {
    await page.goto(`/events/${event.id}/lineup`);
    const card = page.getByTestId('signup-card').filter({ hasText: MARKUP }).first();
    await showsLiterally(page, card.getByRole('heading', { name: MARKUP }));
    await card.getByRole('button', { name: /^Signup menu for / }).click();
    await page.getByRole('button', { name: 'View Signup Info' }).click();
    const info = page.getByRole('dialog', { name: 'Signup Details' });
    await showsLiterally(page, info.getByText(literal).first());
    await page.keyboard.press('Escape');
  });

  await test.step('verify DJs, stream details, messaging and debugging', async () => {
    await page.goto(`/events/${event.id}/verifyDJs`);
    await expect(page.getByLabel('Proposed lineup message')).toHaveValue(literal);
    await showsLiterally(page, page.getByRole('heading', { name: MARKUP, level: 1 }));

    await page.goto(`/events/${event.id}/technicalDetails`);
    await expect(page.getByLabel('Slot Name')).toHaveValue(MARKUP);
    await showsLiterally(page, page.getByText(MARKUP, { exact: true }).last());

    await page.goto(`/events/${event.id}/announcements`);
    await expect(page.getByLabel('Discord announcement message')).toHaveValue(MARKUP);
    const discord = page.getByLabel('Discord text');
    await expect(discord).toHaveValue(literal);
    expect((await discord.inputValue()).split(MARKUP).length - 1).toBeGreaterThanOrEqual(3);
    await page.getByRole('tab', { name: 'Social Media' }).click();
    await expect(page.getByLabel('Social media text (times in London)')).toHaveValue(literal);
    await expect(page.locator('img[src="x"]')).toHaveCount(0);

    await page.goto(`/events/${event.id}/debug`);
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
    await djPage.goto(`/eventSignup/${event.id}`);
    await showsLiterally(djPage, djPage.getByRole('heading', { name: literal, level: 1 }));
    await expect(djPage.getByRole('heading', { level: 1 })).toHaveText(new RegExp(`^You are signed up for ${literal.source} \\(.+\\)!$`));
    const summary = djPage.locator('dl');
    await expect(summary.getByText(MARKUP, { exact: true })).toHaveCount(3);
    await djPage.getByRole('link', { name: 'Update Signup' }).click();
    await showsLiterally(djPage, djPage.getByRole('heading', { name: literal, level: 1 }));
    await expect(djPage.getByRole('heading', { level: 1 })).toHaveText(new RegExp(`^SignUp: ${literal.source} - `));
    await expect(djPage.getByLabel('Name')).toHaveValue(MARKUP);
    await expect(djPage.getByLabel('Other B2B members')).toHaveValue(MARKUP);
    await djPage.context().close();
  });

  // Nothing ran anywhere, and the markup never became a live element.
  expect(fired, 'dialogs opened by the page').toEqual([]);
  expect(await page.evaluate(() => document.querySelectorAll('img[src="x"]').length)).toBe(0);
});
