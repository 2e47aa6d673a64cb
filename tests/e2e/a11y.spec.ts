import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import type { RosterResponse } from '@shared/schemas/djs';
import type { EventSummary } from '@shared/schemas/events';
import { DEFAULT_SETTINGS } from '@shared/schemas/settings';
import { expectNoSeriousViolations } from './support/a11y';
import { signInAs } from './support/auth';
import { expect, test } from './support/fixtures';

// axe-core on every screen of the route table (spec §2), in the states people meet: empty and
// filled, validation problems shown, dialogs open, closed signups, refusals and errors.
// Each screen's report is attached to the test; failures are soft, so one run lists them all.

/** The page has settled: its heading is shown and nothing is still loading. */
async function settled(page: Page, heading: string | RegExp) {
  await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
  await expect(page.locator('.spinner-border, .vinyl-loader')).toHaveCount(0);
}

async function check(page: Page, testInfo: TestInfo, screen: string, path: string | null, heading: string | RegExp) {
  await test.step(screen, async () => {
    if (path !== null) await page.goto(path);
    await settled(page, heading);
    await expectNoSeriousViolations(page, testInfo, screen);
  });
}

async function listEvents(request: APIRequestContext, when: 'upcoming' | 'past'): Promise<EventSummary[]> {
  const response = await request.get(`/api/events?when=${when}`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as EventSummary[];
}

/** The seeded demo data: the upcoming event with signups open, a past event, a DJ with plays. */
async function seeded(request: APIRequestContext) {
  // Other specs add events with signups open to the same server: the demo one has the series name.
  const demo = new RegExp(`^${DEFAULT_SETTINGS.seriesName} #\\d+$`);
  const upcoming = (await listEvents(request, 'upcoming')).find((event) => event.signupsAreOpen && demo.test(event.name));
  const past = (await listEvents(request, 'past')).find((event) => !event.signupsAreOpen);
  const roster = (await (await request.get('/api/djs')).json()) as RosterResponse;
  const dj = roster.djs.find((d) => d.totalPlays > 0);
  expect(upcoming, 'the seeded upcoming event').toBeTruthy();
  expect(past, 'a seeded past event, signups closed').toBeTruthy();
  expect(dj, 'a seeded DJ with plays').toBeTruthy();
  return { upcoming: upcoming!, past: past!, dj: dj! };
}

test.describe('accessibility (axe-core: no serious or critical violations)', () => {
  test('public screens: login, the sign-in reminder, the failed OAuth callback', async ({ page }, testInfo) => {
    await check(page, testInfo, 'login', '/login', /^Welcome to /);
    await test.step('login after being sent away', async () => {
      await page.goto('/events');
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByText('Authentication Error')).toBeVisible();
      await expectNoSeriousViolations(page, testInfo, 'login with Authentication Error');
    });
    await test.step('discordRedirect error state', async () => {
      await page.goto('/discordRedirect?error=access_denied');
      await expect(page.getByText('Authentication failed. Please try again.')).toBeVisible();
      await expectNoSeriousViolations(page, testInfo, 'discordRedirect error');
    });
    await test.step('discordRedirect refused (not a member)', async () => {
      await signInAs(page, 'outsider');
      await expectNoSeriousViolations(page, testInfo, 'discordRedirect not authorized');
    });
  });

  test('staff screens', async ({ page }, testInfo) => {
    test.setTimeout(180_000);
    await signInAs(page, 'admin');
    const { upcoming, past, dj } = await seeded(page.request);

    await check(page, testInfo, 'home', '/', 'Home');
    await expect(page.getByText('Loading…')).toHaveCount(0);
    await check(page, testInfo, 'events upcoming', '/events', 'Events');
    await check(page, testInfo, 'events past', '/events/past', 'Events');
    await check(page, testInfo, 'create event', '/events/create', 'Create Event');
    await test.step('create event with problems shown', async () => {
      await page.getByLabel('Event Name').fill('');
      await page.getByRole('button', { name: 'Create Event' }).click();
      await expect(page.getByText('Please enter the host.')).toBeVisible();
      await expectNoSeriousViolations(page, testInfo, 'create event invalid');
    });

    await check(page, testInfo, 'event index', `/events/${upcoming.id}`, upcoming.name);
    for (const [tab, content] of [
      ['setup', 'Init Event'],
      ['lineup', 'Lineup (Local Times)'],
      ['verifyDJs', 'Verify DJs'],
      ['technicalDetails', 'Stream Details'],
      ['announcements', 'Public Announcements'],
      ['debug', 'Stored event'],
    ] as const) {
      await test.step(`event tab ${tab}`, async () => {
        await page.goto(`/events/${upcoming.id}/${tab}`);
        await settled(page, upcoming.name);
        await expect(page.getByRole('heading', { name: content, level: 2 })).toBeVisible();
        await expectNoSeriousViolations(page, testInfo, `event ${tab}`);
      });
    }
    await test.step('event with unsaved changes (save bar)', async () => {
      await page.goto(`/events/${upcoming.id}/setup`);
      await settled(page, upcoming.name);
      await page.getByLabel('Host').fill('Somebody new');
      await expect(page.getByRole('region', { name: 'Unsaved changes' })).toBeVisible();
      await expectNoSeriousViolations(page, testInfo, 'event setup dirty');
      await page.getByRole('button', { name: 'Discard' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await expectNoSeriousViolations(page, testInfo, 'event discard confirm');
      await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
      await expect(page.getByRole('dialog')).toBeHidden();
    });
    await test.step('lineup dialogs: Add Dj, Signup Details', async () => {
      await page.goto(`/events/${upcoming.id}/lineup`);
      await settled(page, upcoming.name);
      await page.getByRole('button', { name: 'Add DJ to Signups' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await expectNoSeriousViolations(page, testInfo, 'lineup add dj modal');
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toBeHidden();
      const card = page.getByTestId('signup-card').first();
      await card.getByRole('button', { name: /^Signup menu for / }).click();
      await expect(page.getByRole('menu').or(page.locator('.dropdown-menu.show'))).toBeVisible();
      await expectNoSeriousViolations(page, testInfo, 'lineup signup menu');
      await page.getByText('View Signup Info').click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await expectNoSeriousViolations(page, testInfo, 'lineup signup details modal');
      await page.keyboard.press('Escape');
    });
    await check(page, testInfo, 'past event lineup', `/events/${past.id}/lineup`, past.name);

    await check(page, testInfo, 'dj roster', '/djs', 'Dj Roster');
    await check(page, testInfo, 'create dj', '/djs/create', 'Create Dj');
    await test.step('create dj with problems shown', async () => {
      await page.getByRole('button', { name: 'Create Dj' }).click();
      await expect(page.locator('.is-invalid').first()).toBeVisible();
      await expectNoSeriousViolations(page, testInfo, 'create dj invalid');
    });
    await check(page, testInfo, 'dj details', `/djs/${dj.id}`, dj.djName);
    await test.step('dj details edit mode', async () => {
      await page.getByRole('button', { name: 'Edit', exact: true }).click();
      await expect(page.getByRole('heading', { name: `Edit ${dj.djName}` })).toBeVisible();
      await expectNoSeriousViolations(page, testInfo, 'dj edit');
    });
    await check(page, testInfo, 'discord id info', '/discordIdInfo', 'How to find a Discord ID');
    await check(page, testInfo, 'global settings', '/globalSettings', 'Global Settings');

    await check(page, testInfo, 'not found', '/no-such-page', 'Page not found');
    await test.step('unknown event', async () => {
      await page.goto('/events/no-such-event');
      await expect(page.getByText('Event not found.')).toBeVisible();
      await expectNoSeriousViolations(page, testInfo, 'unknown event');
    });
    await test.step('user menu and logout confirm', async () => {
      await page.goto('/');
      await settled(page, 'Home');
      await page.locator('#user-menu').click();
      await expect(page.getByText('Logout')).toBeVisible();
      await expectNoSeriousViolations(page, testInfo, 'user menu open');
      await page.getByText('Logout').click();
      await expect(page.getByRole('dialog', { name: 'Are You sure?' })).toBeVisible();
      await expectNoSeriousViolations(page, testInfo, 'logout confirm');
      await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    });
    await test.step('phone width navigation menu', async () => {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.getByRole('button', { name: 'Toggle navigation' }).click();
      await expect(page.getByRole('link', { name: 'Dj Roster' })).toBeVisible();
      await expectNoSeriousViolations(page, testInfo, 'phone nav open');
    });
  });

  test('signup screens: summary, every wizard step, problems, signed up, closed', async ({ page, browser }, testInfo) => {
    test.setTimeout(120_000);
    await signInAs(page, 'dj');
    const staff = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
    const staffPage = await staff.newPage();
    await signInAs(staffPage, 'admin');
    const { upcoming, past } = await seeded(staffPage.request);
    await staff.close();

    // DJ Dana has not signed up for the seeded event.
    await check(page, testInfo, 'signup summary (not signed up)', `/eventSignup/${upcoming.id}`, /^Sign up for /);
    await page.getByRole('link', { name: 'Get Started' }).click();
    const titles = ['Performance Details', 'Availability', 'Stream Details', 'Expectations and Notes'];
    for (const [k, title] of titles.entries()) {
      await test.step(`wizard step ${k + 1}`, async () => {
        await settled(page, /^SignUp: /);
        await expect(page.getByRole('heading', { name: `Step ${k + 1} of 4: ${title}` })).toBeVisible();
        await expectNoSeriousViolations(page, testInfo, `wizard step ${k + 1}`);
        // The problems of this step, then the answers that let it go on.
        await page.getByRole('button', { name: k === 3 ? 'Submit' : 'Next' }).click();
        if (k === 0) {
          await expect(page.getByText('Please choose a duration.')).toBeVisible();
          await expectNoSeriousViolations(page, testInfo, 'wizard step 1 invalid');
          await page.getByLabel('One Hour').check();
          await page.getByLabel('Prerecord', { exact: true }).check();
          await page.getByRole('button', { name: 'Next' }).click();
        }
        if (k === 3) {
          await expect(page.getByText('Please confirm the expectations to continue.')).toBeVisible();
          await expectNoSeriousViolations(page, testInfo, 'wizard step 4 invalid');
        }
      });
    }

    // Rex (dj2) is signed up in the demo data.
    await signInAs(page, 'dj2');
    await check(page, testInfo, 'signup summary (signed up)', `/eventSignup/${upcoming.id}`, /^You are signed up for /);
    await check(page, testInfo, 'wizard prefilled', `/eventSignup/${upcoming.id}/wizard`, /^SignUp: /);
    await check(page, testInfo, 'signups closed', `/eventSignup/${past.id}`, 'Signups Closed');
    await test.step('unknown event', async () => {
      await page.goto('/eventSignup/no-such-event');
      await expect(page.getByText('Event or DJ data not found.')).toBeVisible();
      await expectNoSeriousViolations(page, testInfo, 'signup unknown event');
    });
  });

  test('permission denied: a member without roles, a DJ on a staff screen', async ({ page }, testInfo) => {
    await signInAs(page, 'member');
    await page.goto('/');
    await expect(page.getByText('You do not have the required permissions to view this content.')).toBeVisible();
    await expectNoSeriousViolations(page, testInfo, 'permission denied (member)');
    await signInAs(page, 'dj');
    await page.goto('/djs');
    await expect(page.getByText('You do not have the required permissions to view this content.')).toBeVisible();
    await expectNoSeriousViolations(page, testInfo, 'permission denied (dj)');
  });
});
