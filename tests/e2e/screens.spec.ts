import type { Locator, Page } from '@playwright/test';
import { addSignups, createDj, createEvent, publish, saveLineup, setConfirmation, setPublicLinks, setTestClock, submitSignup } from './support/api';
import { signInAs } from './support/auth';
import { expect, test } from './support/fixtures';

// The screens people live in, seen (issue 26, decision 026): each in light and dark at 390 and
// 1280 px, compared with the committed baselines in tests/e2e/screens/ (playwright.config.ts
// names the path and the tolerance). Deterministic: its own empty server, fixed names and dates,
// the browser's clock and zone fixed; what holds the server's port or a secret is masked.
// After a deliberate change of look: `npx playwright test tests/e2e/screens.spec.ts --update-snapshots`,
// then look at the new PNGs before committing them.

const THEMES = ['light', 'dark'] as const;
const WIDTHS = [390, 1280] as const;
/** The browser's now: a week before the events below. */
const NOW = new Date('2030-06-02T12:00:00Z');

// TEST_CLOCK: the live board is shot with the server's clock inside the published event (last, so
// that no other screen is on the night).
test.use({ ownServer: true, serverEnv: { TEST_CLOCK: 'on' }, timezoneId: 'Europe/London', locale: 'en-GB' });

/** Shows `path` in each theme at each width and compares it with its baselines. */
async function shoot(page: Page, name: string, path: string, ready: (page: Page) => Promise<void>, mask: (page: Page) => Locator[] = () => []) {
  for (const theme of THEMES) {
    for (const width of WIDTHS) {
      await test.step(`${name} ${theme} ${width}`, async () => {
        await page.emulateMedia({ colorScheme: theme });
        await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
        await page.goto(path);
        await ready(page);
        await expect(page.locator('html')).toHaveAttribute('data-bs-theme', theme);
        await expect(page.locator('.spinner-border, .vinyl-loader')).toHaveCount(0);
        await page.evaluate(() => document.fonts.ready.then(() => undefined));
        await expect.soft(page).toHaveScreenshot(`${name}-${theme}-${width}.png`, { fullPage: true, mask: mask(page) });
      });
    }
  }
}

const heading = (text: string | RegExp) => async (page: Page) => {
  await expect(page.getByRole('heading', { name: text, level: 1 })).toBeVisible();
};

test('the screens people live in, light and dark, on a phone and a desktop', async ({ page, openPage }) => {
  // 192 s in CI on the slower 2-core machine.
  test.setTimeout(420_000);
  await page.clock.setFixedTime(NOW);
  await signInAs(page, 'admin');
  const [nova, kai, mo, tess] = await Promise.all(
    ['Nova Static', 'Kai Kinetic', 'Mo Groove', 'Tempo Tess'].map((djName) => createDj(page.request, { djName, rtmpUrl: `rtmp://stream.example.org/live/${djName.split(' ')[0]!.toLowerCase()}` })),
  );
  // Published, with a watch link: the public page.
  const published = await createEvent(page.request, { name: 'Sunday Service #42', start: '2030-06-09T19:00:00.000Z', host: 'Hal', message: 'Come chill and wiggle!' });
  await saveLineup(page.request, published, [{ djs: [nova!] }, { djs: [kai!, mo!], name: 'Kai Kinetic b2b Mo Groove', requestedDuration: 1.5 }, { djs: [tess!], isDebut: true }]);
  await setPublicLinks(page.request, published, [{ label: 'Watch on Twitch', url: 'https://twitch.tv/sundayservice' }]);
  await publish(page.request, published);
  // Being built: a confirmed slot, a declined one, a proposed debut, and signups waiting.
  const building = await createEvent(page.request, { name: 'Sunday Service #43', start: '2030-06-16T19:00:00.000Z', host: 'Hal' });
  await saveLineup(page.request, building, [
    { djs: [nova!], requestedDuration: 1 },
    { djs: [kai!, mo!], name: 'Kai Kinetic b2b Mo Groove', requestedDuration: 1.5 },
    { djs: [tess!], isDebut: true, requestedDuration: 0.5 },
  ]);
  await setConfirmation(page.request, building, nova!.id, 'confirmed');
  await setConfirmation(page.request, building, kai!.id, 'declined');
  const dana = await openPage({ timezoneId: 'Europe/London', locale: 'en-GB' });
  await dana.clock.setFixedTime(NOW);
  await signInAs(dana, 'dj');
  await submitSignup(dana.request, building, { name: 'DJ Dana', type: 'LIVE', stream_link: 'rtmp://stream.example.org/live/dana', dj_notes: 'Happy to open.' });
  await addSignups(page.request, building, [{ djs: [await createDj(page.request, { djName: 'Bassline Betty' })], requestedDuration: 0.5 }]);

  await shoot(page, 'events-list', '/events', heading('Events'));
  await shoot(page, 'lineup-builder', `/events/${building}/lineup`, async (shown) => {
    await heading('Sunday Service #43')(shown);
    await expect(shown.getByTestId('slot-card')).toHaveCount(3);
  });
  // Compact rows, as a host who prefers them keeps them (this browser remembers the choice).
  await page.evaluate(() => localStorage.setItem('lineup-compact-rows', 'true'));
  await shoot(page, 'lineup-compact', `/events/${building}/lineup`, async (shown) => {
    await heading('Sunday Service #43')(shown);
    await expect(shown.getByTestId('slot-card')).toHaveCount(3);
  });
  await shoot(dana, 'dj-home', '/', async (shown) => {
    await expect(shown.getByRole('link', { name: /Sunday Service #43/ }).first()).toBeVisible();
    // Her reminders' switch loads after the page (features/home/DjHome.tsx).
    await expect(shown.getByRole('switch', { name: 'Remind me before my slots' })).toBeVisible();
  });
  await shoot(
    dana,
    'dj-signup',
    `/eventSignup/${building}`,
    async (shown) => {
      await heading(/^You are signed up for /)(shown);
      // The calendar card's code loads after the page (SignupSummaryPage.tsx): on a busy machine it came mid-screenshot.
      await expect(shown.getByLabel('Your calendar link', { exact: true })).toHaveValue(/\.ics$/);
    },
    (shown) => [shown.getByLabel('Your calendar link')],
  );
  await shoot(dana, 'dj-wizard', `/eventSignup/${published}/wizard`, async (shown) => {
    await expect(shown.getByRole('heading', { name: 'Step 1 of 4: Performance Details' })).toBeVisible();
  });
  // A visitor from New York: the public page shows their times and London's.
  const visitor = await openPage({ timezoneId: 'America/New_York', locale: 'en-US' });
  await visitor.clock.setFixedTime(NOW);
  await shoot(visitor, 'public-lineup', `/lineups/${published}`, heading('Sunday Service #42'));
  await shoot(visitor, 'login', '/login', heading(/^Welcome to /));
  // The live board twenty minutes into the night (the browser's clock fixed, so its countdown stands still).
  await setTestClock(page.request, '2030-06-09T19:20:00.000Z');
  await shoot(page, 'live-board', `/events/${published}/live`, async (shown) => {
    await expect(shown.getByTestId('countdown')).toHaveText('40:00');
  });
});
