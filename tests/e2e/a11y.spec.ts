import type { Page, TestInfo } from '@playwright/test';
import { COLOUR_RULES, expectNoSeriousViolations } from './support/a11y';
import { addSignups, createDj, createEvent, daysFromNow, minutesAgo, publish, saveLineup, setPublicLinks, submitSignup } from './support/api';
import { signInAs } from './support/auth';
import { expect, test } from './support/fixtures';
import { openEventAction } from './support/event-page';

// axe-core on every screen of the route table (spec §2), in the states people meet: empty and
// filled, validation problems shown, dialogs open, closed signups, refusals and errors.
// Each screen's report is attached to the test; failures are soft, so one run lists them all.
// The tests make their own data (unique names, or a server of their own), so they run in
// parallel: the file is the suite's longest, and in one worker it alone would outlast the rest.
test.describe.configure({ mode: 'parallel' });

/** The page has settled: its heading is shown and nothing is still loading. */
async function settled(page: Page, heading: string | RegExp) {
  await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
  await expect(page.locator('.spinner-border, .vinyl-loader')).toHaveCount(0);
}

/**
 * The screen in both themes (decision 026): light, then dark as the browser's scheme changes, which
 * the page follows (expectNoSeriousViolations checks it did). The page's elements are the same in
 * both, so the dark scan runs only the rules that read colours.
 */
async function inBothThemes(page: Page, testInfo: TestInfo, screen: string) {
  await page.emulateMedia({ colorScheme: 'light' });
  await expectNoSeriousViolations(page, testInfo, `${screen} (light)`);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectNoSeriousViolations(page, testInfo, `${screen} (dark)`, { rules: COLOUR_RULES });
}

async function check(page: Page, testInfo: TestInfo, screen: string, path: string | null, heading: string | RegExp) {
  await test.step(screen, async () => {
    if (path !== null) await page.goto(path);
    await settled(page, heading);
    await inBothThemes(page, testInfo, screen);
  });
}

/** A short tag: names stay about as long as real ones (long link texts change what axe finds). */
const unique = () => Math.floor(Math.random() * 36 ** 4).toString(36);

/**
 * What the staff and signup screens show, made here: an upcoming event with signups open (two
 * signups in the lineup, a debut waiting in the Signups column), a past published event with
 * signups closed whose lineup (one back-to-back signup) gives DJs plays ("Other Events").
 */
async function staffData(staff: Page) {
  const tag = unique();
  const [alpha, bravo, charlie, delta] = await Promise.all(
    ['Alpha', 'Bravo', 'Charlie', 'Delta'].map((name) =>
      createDj(staff.request, {
        djName: `${name} ${tag}`,
        rtmpUrl: `rtmp://stream.example.org/live/${name.toLowerCase()}${tag}`,
        twitchUsername: `${name.toLowerCase()}_${tag}`,
      }),
    ),
  );
  const upcoming = { name: `A11y Night ${tag}`, id: '' };
  upcoming.id = await createEvent(staff.request, {
    name: upcoming.name,
    start: daysFromNow(7),
    message: 'Come chill and wiggle!',
    footer: 'Footer line',
  });
  // A debut in the lineup shows the Debut badge; one signup waits in the Signups column.
  await saveLineup(staff.request, upcoming.id, [{ djs: [alpha!], isDebut: true }, { djs: [bravo!], requestedDuration: 0.5 }]);
  await addSignups(staff.request, upcoming.id, [{ djs: [charlie!] }]);

  const past = { name: `A11y Past ${tag}`, id: '' };
  past.id = await createEvent(staff.request, { name: past.name, start: daysFromNow(-14), signupsAreOpen: false });
  await saveLineup(staff.request, past.id, [{ djs: [charlie!] }, { djs: [alpha!, delta!] }]);
  await publish(staff.request, past.id);
  return { upcoming, past, dj: alpha!, tag };
}

test('public screens: login, the sign-in reminder, the failed OAuth callback', async ({ page }, testInfo) => {
  await check(page, testInfo, 'login', '/login', /^Welcome to /);
  await test.step('login after being sent away', async () => {
    await page.goto('/events');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText('Authentication Error')).toBeVisible();
    await inBothThemes(page, testInfo, 'login with Authentication Error');
  });
  await test.step('discordRedirect error state', async () => {
    await page.goto('/discordRedirect?error=access_denied');
    await expect(page.getByText('Authentication failed. Please try again.')).toBeVisible();
    await inBothThemes(page, testInfo, 'discordRedirect error');
  });
  await test.step('discordRedirect refused (not a member)', async () => {
    await signInAs(page, 'outsider');
    await inBothThemes(page, testInfo, 'discordRedirect not authorized');
  });
});

test.describe(() => {
  // What Home shows (the next event, then the current one) is this test's alone: its own server.
  test.use({ ownServer: true });

  test('staff screens: home, the events lists and the event page', async ({ page, openPage }, testInfo) => {
    // About 26 screens, each scanned in both themes, beside the suite's other workers: 4 minutes in
    // CI on the slower 2-core machine. Allow eight.
    test.setTimeout(480_000);
    await signInAs(page, 'admin');
    const { upcoming, past, dj, tag } = await staffData(page);
    // A DJ's own signup, with their answers, waits in the Signups column too.
    const rex = await openPage();
    await signInAs(rex, 'dj2');
    await submitSignup(rex.request, upcoming.id, { name: `Rex Late ${tag}`, type: 'LIVE', stream_link: 'https://stream.example.org/rex', dj_notes: 'Early night for me' });

    await check(page, testInfo, 'home', '/', 'Home');
    await expect(page.getByText('Loading…')).toHaveCount(0);
    // A fresh install: the setup checklist is part of what axe saw.
    await expect(page.getByRole('region', { name: 'Set up your community' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Next Event', level: 2 })).toBeVisible();
    await expect(page.getByRole('link', { name: upcoming.name })).toBeVisible();
    await test.step('home with an event in progress', async () => {
      // Started five minutes ago by this test's clock, one hour long: the current event.
      const live = `A11y Live ${tag}`;
      const liveId = await createEvent(page.request, { name: live, start: minutesAgo(5) });
      await saveLineup(page.request, liveId, [{ djs: [dj], requestedDuration: 1 }]);
      await page.goto('/');
      await settled(page, 'Home');
      await expect(page.getByRole('heading', { name: 'Current Event', level: 2 })).toContainText('Live now');
      await expect(page.getByRole('link', { name: live })).toBeVisible();
      await inBothThemes(page, testInfo, 'home current event');
    });
    await check(page, testInfo, 'events upcoming', '/events', 'Events');
    await check(page, testInfo, 'events past', '/events/past', 'Events');
    await check(page, testInfo, 'create event', '/events/create', 'Create Event');
    await test.step('create event with problems shown', async () => {
      await page.getByLabel('Event Name').fill('');
      await page.getByRole('button', { name: 'Create Event' }).click();
      await expect(page.getByText('Host is required.')).toBeVisible();
      await inBothThemes(page, testInfo, 'create event invalid');
      await page.locator('.app-navbar').getByRole('link', { name: 'Events', exact: true }).click();
      await expect(page.getByRole('dialog', { name: 'Are You sure?' })).toBeVisible();
      await inBothThemes(page, testInfo, 'create event leave confirm');
      await page.getByRole('dialog').getByRole('button', { name: 'Stay' }).click();
      await expect(page.getByRole('dialog')).toBeHidden();
      // The form keeps its edit: the browser asks before the next page; say leave.
      page.once('dialog', (dialog) => void dialog.accept());
    });

    await check(page, testInfo, 'event index', `/events/${upcoming.id}`, upcoming.name);
    for (const [tab, content] of [
      ['setup', 'Init Event'],
      ['lineup', 'Lineup (Local Times)'],
      ['verifyDJs', 'Verify DJs'],
      ['technicalDetails', 'Stream Details'],
      ['announcements', 'Public Announcements'],
      ['history', 'History'],
      ['debug', 'Stored event'],
    ] as const) {
      await test.step(`event tab ${tab}`, async () => {
        await page.goto(`/events/${upcoming.id}/${tab}`);
        await settled(page, upcoming.name);
        await expect(page.getByRole('heading', { name: content, level: 2 })).toBeVisible();
        await inBothThemes(page, testInfo, `event ${tab}`);
      });
    }
    await test.step('event messaging run sheet', async () => {
      await page.goto(`/events/${upcoming.id}/announcements`);
      await settled(page, upcoming.name);
      await page.getByRole('tab', { name: 'Run sheet' }).click();
      await expect(page.getByLabel(/^Run sheet for the stream operator/)).toBeVisible();
      await inBothThemes(page, testInfo, 'event messaging run sheet');
    });
    await test.step('event with unsaved changes (save bar)', async () => {
      await page.goto(`/events/${upcoming.id}/setup`);
      await settled(page, upcoming.name);
      await page.getByLabel('Host').fill('Somebody new');
      await expect(page.getByRole('region', { name: 'Unsaved changes' })).toBeVisible();
      await inBothThemes(page, testInfo, 'event setup dirty');
      await page.locator('.app-navbar').getByRole('link', { name: 'Events', exact: true }).click();
      await expect(page.getByRole('dialog', { name: 'Are You sure?' })).toBeVisible();
      await inBothThemes(page, testInfo, 'event leave confirm');
      await page.getByRole('dialog').getByRole('button', { name: 'Stay' }).click();
      await expect(page.getByRole('dialog')).toBeHidden();
      await page.getByRole('button', { name: 'Discard' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await inBothThemes(page, testInfo, 'event discard confirm');
      await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
      await expect(page.getByRole('dialog')).toBeHidden();
    });
    await test.step('lineup dialogs: Add Dj, Signup Details', async () => {
      await page.goto(`/events/${upcoming.id}/lineup`);
      await settled(page, upcoming.name);
      await page.getByRole('button', { name: 'Add DJ to Signups' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await inBothThemes(page, testInfo, 'lineup add dj modal');
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toBeHidden();
      const card = page.getByTestId('signup-card').filter({ hasText: `Rex Late ${tag}` });
      await card.getByRole('button', { name: /^Signup menu for / }).click();
      await expect(page.getByRole('menu').or(page.locator('.dropdown-menu.show'))).toBeVisible();
      await inBothThemes(page, testInfo, 'lineup signup menu');
      await page.getByText('View Signup Info').click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await inBothThemes(page, testInfo, 'lineup signup details modal');
      await page.keyboard.press('Escape');
    });
    await check(page, testInfo, 'past event lineup', `/events/${past.id}/lineup`, past.name);
    await test.step('create next event, and the same-day question', async () => {
      // The week after the upcoming event, then again: that day now has an event.
      await page.goto(`/events/${upcoming.id}`);
      await settled(page, upcoming.name);
      await page.getByRole('button', { name: 'Create next event' }).click();
      await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(upcoming.name);
      await page.goto(`/events/${upcoming.id}`);
      await settled(page, upcoming.name);
      await page.getByRole('button', { name: 'Create next event' }).click();
      await expect(page.getByRole('dialog', { name: 'Another event that day?' })).toBeVisible();
      await inBothThemes(page, testInfo, 'same-day question');
      await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    });
  });
});

test('staff screens: the roster, DJs, settings, refusals and menus', async ({ page }, testInfo) => {
  await signInAs(page, 'admin');
  const { dj } = await staffData(page);

  await check(page, testInfo, 'dj roster', '/djs', 'Dj Roster');
  await check(page, testInfo, 'create dj', '/djs/create', 'Create Dj');
  await test.step('create dj with problems shown', async () => {
    await page.getByRole('button', { name: 'Create Dj' }).click();
    await expect(page.locator('.is-invalid').first()).toBeVisible();
    await inBothThemes(page, testInfo, 'create dj invalid');
  });
  await check(page, testInfo, 'dj details', `/djs/${dj.id}`, dj.djName);
  await test.step('dj details edit mode', async () => {
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await expect(page.getByRole('heading', { name: `Edit ${dj.djName}` })).toBeVisible();
    await inBothThemes(page, testInfo, 'dj edit');
  });
  await check(page, testInfo, 'discord id info', '/discordIdInfo', 'How to find a Discord ID');
  await check(page, testInfo, 'global settings', '/globalSettings', 'Global Settings');

  await check(page, testInfo, 'not found', '/no-such-page', 'Page not found');
  await test.step('unknown event', async () => {
    await page.goto('/events/no-such-event');
    await expect(page.getByText('Event not found.')).toBeVisible();
    await inBothThemes(page, testInfo, 'unknown event');
  });
  await test.step('user menu and logout confirm', async () => {
    await page.goto('/');
    await settled(page, 'Home');
    await page.locator('#user-menu').click();
    await expect(page.getByText('Logout')).toBeVisible();
    await inBothThemes(page, testInfo, 'user menu open');
    await page.getByText('Logout').click();
    await expect(page.getByRole('dialog', { name: 'Are You sure?' })).toBeVisible();
    await inBothThemes(page, testInfo, 'logout confirm');
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  });
  await test.step('phone width navigation menu', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Toggle navigation' }).click();
    await expect(page.getByRole('link', { name: 'Dj Roster' })).toBeVisible();
    await inBothThemes(page, testInfo, 'phone nav open');
  });
});

test('public lineup pages: the index, an event page, not found, and the calendar link card', async ({ page, openPage }, testInfo) => {
  const staff = await openPage();
  await signInAs(staff, 'admin');
  const { upcoming } = await staffData(staff);
  await setPublicLinks(staff.request, upcoming.id, [{ label: 'Watch on Twitch', url: 'https://twitch.tv/a11y' }]);
  await publish(staff.request, upcoming.id);
  await staff.context().close();

  // Signed out.
  await check(page, testInfo, 'public lineups index', '/lineups', 'Upcoming events');
  await check(page, testInfo, 'public event page', `/lineups/${upcoming.id}`, upcoming.name);
  await check(page, testInfo, 'public lineup not found', '/lineups/no-such-event', 'Lineup not found');
  await page.setViewportSize({ width: 390, height: 844 });
  await check(page, testInfo, 'public event page at 390 px', `/lineups/${upcoming.id}`, upcoming.name);

  // A DJ's calendar link card and its revoke dialog.
  await signInAs(page, 'dj2');
  await submitSignup(page.request, upcoming.id, { name: `Rex Calendar ${unique()}` });
  await test.step('signup summary with the calendar link', async () => {
    await page.goto(`/eventSignup/${upcoming.id}`);
    await settled(page, /^You are signed up for /);
    // The card's code loads after the page (SignupSummaryPage.tsx): scan it once it is there.
    await expect(page.getByLabel('Your calendar link', { exact: true })).toHaveValue(/\.ics$/);
    await inBothThemes(page, testInfo, 'signup summary with the calendar link');
  });
  await page.getByRole('button', { name: 'Revoke link' }).click();
  await expect(page.getByRole('dialog', { name: 'Revoke your calendar link?' })).toBeVisible();
  await inBothThemes(page, testInfo, 'revoke calendar link confirm');
});

test('signup screens: summary, every wizard step, problems, signed up, closed', async ({ page, openPage }, testInfo) => {
  const staff = await openPage();
  await signInAs(staff, 'admin');
  const { upcoming, past, tag } = await staffData(staff);
  await staff.context().close();
  await signInAs(page, 'dj');

  // DJ Dana has not signed up for this event.
  await check(page, testInfo, 'signup summary (not signed up)', `/eventSignup/${upcoming.id}`, /^Sign up for /);
  await page.getByRole('link', { name: 'Get Started' }).click();
  const titles = ['Performance Details', 'Availability', 'Stream Details', 'Expectations and Notes'];
  for (const [k, title] of titles.entries()) {
    await test.step(`wizard step ${k + 1}`, async () => {
      await settled(page, /^SignUp: /);
      await expect(page.getByRole('heading', { name: `Step ${k + 1} of 4: ${title}` })).toBeVisible();
      await inBothThemes(page, testInfo, `wizard step ${k + 1}`);
      // The problems of this step, then the answers that let it go on.
      await page.getByRole('button', { name: k === 3 ? 'Submit' : 'Next' }).click();
      if (k === 0) {
        await expect(page.getByText('Please choose a duration.')).toBeVisible();
        await inBothThemes(page, testInfo, 'wizard step 1 invalid');
        await page.getByLabel('One Hour').check();
        await page.getByLabel('Prerecord', { exact: true }).check();
        await page.getByRole('button', { name: 'Next' }).click();
      }
      if (k === 3) {
        await expect(page.getByText('Please confirm the expectations to continue.')).toBeVisible();
        await inBothThemes(page, testInfo, 'wizard step 4 invalid');
      }
    });
  }

  // Rex (dj2) has signed up.
  await signInAs(page, 'dj2');
  await submitSignup(page.request, upcoming.id, { name: `Rex Late ${tag}`, type: 'LIVE', stream_link: 'https://stream.example.org/rex', dj_notes: 'Early night for me' });
  await check(page, testInfo, 'signup summary (signed up)', `/eventSignup/${upcoming.id}`, /^You are signed up for /);
  await check(page, testInfo, 'wizard prefilled', `/eventSignup/${upcoming.id}/wizard`, /^SignUp: /);
  await check(page, testInfo, 'signups closed', `/eventSignup/${past.id}`, 'Signups Closed');
  await test.step('unknown event', async () => {
    await page.goto('/eventSignup/no-such-event');
    await expect(page.getByText('Event or DJ data not found.')).toBeVisible();
    await inBothThemes(page, testInfo, 'signup unknown event');
  });
});

test('cancel, delete, archive and merge: the dialogs and the cancelled and archived states', async ({ page }, testInfo) => {
  test.setTimeout(240_000);
  await signInAs(page, 'admin');
  const tag = unique();
  const empty = `A11y Empty ${tag}`;
  const emptyId = await createEvent(page.request, { name: empty, start: daysFromNow(8) });
  const kept = `A11y Kept ${tag}`;
  const keptId = await createEvent(page.request, { name: kept, start: daysFromNow(9) });
  const [dj, other] = await Promise.all([createDj(page.request, { djName: `Owl ${tag}` }), createDj(page.request, { djName: `Owl Two ${tag}` })]);
  await saveLineup(page.request, keptId, [{ djs: [dj] }]);

  const dialogOf = async (screen: string, button: string, title: string) => {
    await test.step(screen, async () => {
      if (button === 'Delete Event' || button === 'Cancel Event') await openEventAction(page, button);
      else await page.getByRole('button', { name: button, exact: true }).click();
      await expect(page.getByRole('dialog', { name: title })).toBeVisible();
      await inBothThemes(page, testInfo, screen);
    });
  };
  await check(page, testInfo, 'empty event', `/events/${emptyId}`, empty);
  await dialogOf('delete event confirm', 'Delete Event', `Delete ${empty}?`);
  await check(page, testInfo, 'event with a lineup', `/events/${keptId}`, kept);
  await dialogOf('cancel event confirm', 'Cancel Event', `Cancel ${kept}?`);
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel Event' }).click();
  await expect(page.getByRole('button', { name: 'Restore Event' })).toBeVisible();
  await check(page, testInfo, 'cancelled event', null, kept);
  await dialogOf('restore event confirm', 'Restore Event', `Restore ${kept}?`);
  await check(page, testInfo, 'events list with a cancelled event', '/events', 'Events');

  await check(page, testInfo, 'dj to archive', `/djs/${dj.id}`, dj.djName);
  await dialogOf('archive dj confirm', 'Archive', `Archive ${dj.djName}?`);
  await page.getByRole('dialog').getByRole('button', { name: 'Archive' }).click();
  await expect(page.getByRole('button', { name: 'Restore', exact: true })).toBeVisible();
  await check(page, testInfo, 'archived dj', null, dj.djName);
  await dialogOf('merge dj pick', 'Merge into…', `Merge ${dj.djName} into…`);
  await test.step('merge dj confirm', async () => {
    await page.getByLabel('Record to keep').fill(other.djName);
    await page.getByRole('option', { name: `${other.djName} (${other.publicName})` }).click();
    await expect(page.getByRole('dialog', { name: `Merge ${dj.djName} into ${other.djName}?` })).toBeVisible();
    await inBothThemes(page, testInfo, 'merge dj confirm');
  });
  await test.step('roster showing archived djs', async () => {
    await page.goto('/djs');
    await settled(page, 'Dj Roster');
    await page.getByLabel('Show archived').check();
    // The shared server's roster runs to several pages: find the archived DJ.
    await page.getByRole('searchbox', { name: 'Search' }).fill(dj.djName);
    await expect(page.getByText('Archived', { exact: true }).first()).toBeVisible();
    await inBothThemes(page, testInfo, 'roster showing archived');
  });
});

test('permission denied: a member without roles, a DJ on a staff screen', async ({ page }, testInfo) => {
  await signInAs(page, 'member');
  await page.goto('/');
  await expect(page.getByText('To get the DJ role, ask')).toBeVisible();
  await inBothThemes(page, testInfo, 'no roles yet (member)');
  await signInAs(page, 'dj');
  await page.goto('/djs');
  await expect(page.getByText('You do not have the required permissions to view this content.')).toBeVisible();
  await inBothThemes(page, testInfo, 'permission denied (dj)');
});
