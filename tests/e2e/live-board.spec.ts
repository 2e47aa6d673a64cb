import type { APIRequestContext, Page } from '@playwright/test';
import { feeds, paths } from '@shared/paths';
import { nextEventFeedSchema } from '@shared/schemas/public';
import { addSignups, createDj, createEvent, daysFromNow, publish, putInLineup, setTestClock } from './support/api';
import { expectNoSeriousViolationsOnPhone } from './support/a11y';
import { signInAs } from './support/auth';
import { expect, test } from './support/fixtures';

// Issue 35, the second Acceptance e2e: the night itself, on the server's clock (TEST_CLOCK=on,
// moved through PUT /api/testing/clock; never the day the test runs). A DJ is put on standby; on
// the night the host opens Live from the event's header, sees now and next and the countdown,
// marks the lineup DJ who did not turn up No-show (by keyboard) and swaps the standby into their
// slot from the board; the public page (one opened before the start follows the night without a
// reload) and /feeds/next.json say the standby plays now; once the night is over the DJ
// statistics (the roster's Total Plays, the DJ page's Plays) count the standby's play and not the
// no-show's.
//
// Swapped out, the no-show's signup is back among the signups: it has no slot, so it is no longer
// on the board, and no play. To check the no-show rule on its own too, the closing DJ is marked
// No-show and stays in the lineup (nobody to swap in): their slot plays nothing publicly and is
// no play either.

test.use({ ownServer: true, serverEnv: { TEST_CLOCK: 'on' }, timezoneId: 'Europe/London' });

const MINUTE = 60_000;
const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

const signupCard = (page: Page, name: string) => page.getByRole('group', { name: `Signup ${name}`, exact: true });
const markButton = (page: Page, act: string, label: 'On air' | 'No-show') => page.getByRole('group', { name: `Mark ${act}` }).getByRole('button', { name: label });

/** The public next-event feed as an in-world screen reads it (no sign-in), with how long it may be kept. */
async function nextEventFeed(request: APIRequestContext) {
  const response = await request.get(feeds.next('json'));
  expect(response.status()).toBe(200);
  const maxAge = Number(/max-age=(\d+)/.exec(response.headers()['cache-control'] ?? '')?.[1]);
  return { event: nextEventFeedSchema.parse(await response.json()).event, maxAge };
}

/** The public lineup page's "On air" section, as a visitor (re)loads it. */
async function publicNowPlaying(visitor: Page, eventId: string) {
  await visitor.goto(paths.publicLineup(eventId));
  return { nowPlaying: visitor.getByTestId('now-playing'), upNext: visitor.getByTestId('up-next') };
}

/** The roster's Total Plays of the DJ named so (the DJs page, as staff read it). */
const totalPlays = (page: Page, djName: string) => page.getByRole('row').filter({ has: page.getByRole('link', { name: djName, exact: true }) }).getByRole('cell').nth(3);

test('the host marks a no-show on the live board, swaps the standby in; the public page and the statistics follow', async ({ page, openPage }, testInfo) => {
  // Two minutes in CI on the slower 2-core machine.
  test.setTimeout(300_000);
  await signInAs(page, 'admin');
  const [rex, closer, dana] = await Promise.all(['Rex', 'Closer', 'Dana'].map((name) => createDj(page.request, { djName: `${name} ${tag}` })));
  const start = daysFromNow(6);
  const startMs = Date.parse(start);
  const eventName = `Live night ${tag}`;
  const eventId = await createEvent(page.request, { name: eventName, start });
  // Rex opens (an hour), Closer closes (an hour); Dana signed up too.
  const [rexSignup, closerSignup] = await addSignups(page.request, eventId, [{ djs: [rex!] }, { djs: [closer!] }, { djs: [dana!] }]);
  await putInLineup(page.request, eventId, [rexSignup!, closerSignup!]);

  // Dana on standby, from her signup's menu in the Lineup tab.
  await page.goto(`/events/${eventId}/lineup`);
  await signupCard(page, dana!.djName).getByRole('button', { name: /Signup menu/ }).click();
  await page.getByRole('button', { name: 'Put on standby' }).click();
  await expect(page.getByRole('region', { name: /^Standby/ }).getByTestId('standby-signup')).toHaveText([new RegExp(`^${dana!.djName}`)]);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Event saved.')).toBeVisible();
  await publish(page.request, eventId);

  // Ten minutes before the start a visitor opens the public page (the browser's clock as the
  // server's) and leaves it open: no "On air" yet.
  await setTestClock(page.request, startMs - 10 * MINUTE);
  const visitor = await openPage({ timezoneId: 'America/New_York' });
  await visitor.clock.install({ time: startMs - 10 * MINUTE });
  await visitor.goto(paths.publicLineup(eventId));
  await expect(visitor.getByRole('heading', { name: eventName, level: 1 })).toBeVisible();
  await expect(visitor.getByTestId('now-playing')).toHaveCount(0);

  // The night: a quarter of an hour into Rex's slot. The host gets to Live in one tap from the event page.
  await setTestClock(page.request, startMs + 15 * MINUTE);
  await page.goto(`/events/${eventId}`);
  await page.getByRole('link', { name: 'Live', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/events/${eventId}/live$`));
  await expect(page.getByTestId('live-now')).toHaveText(rex!.djName);
  await expect(page.getByTestId('live-next')).toHaveText(closer!.djName);
  // 45 minutes to the next slot by the server's clock (the browser runs it on second by second).
  await expect(page.getByTestId('countdown')).toHaveText(/^(45:00|44:[0-5]\d)$/);
  // The slot's stream source (publish() gave every slot one), to copy.
  await expect(page.getByRole('group', { name: 'Now playing' })).toContainText('rtmp://stream.example/live/');
  await expect(page.getByRole('group', { name: 'Now playing' }).getByRole('button', { name: 'Copy stream link' })).toBeVisible();

  // The page left open follows the night, without a reload: Rex plays now, Closer is up next.
  await visitor.clock.fastForward(25 * MINUTE);
  await expect(visitor.getByTestId('now-playing')).toHaveText(rex!.djName);
  await expect(visitor.getByTestId('up-next')).toContainText(closer!.djName);

  // Before any mark, the public page (loaded again) and the feed say Rex plays now and Closer is up next.
  let shown = await publicNowPlaying(visitor, eventId);
  await expect(shown.nowPlaying).toHaveText(rex!.djName);
  await expect(shown.upNext).toContainText(closer!.djName);
  let feed = await nextEventFeed(visitor.request);
  expect(feed.event?.nowPlaying?.name).toBe(rex!.djName);
  expect(feed.event?.upNext?.name).toBe(closer!.djName);
  expect(feed.maxAge).toBeLessThanOrEqual(15);

  // Rex has not turned up: No-show, by keyboard (Tab from On air to No-show, Space). The board
  // says so; the public page at its next load plays nobody.
  await markButton(page, rex!.djName, 'On air').focus();
  await page.keyboard.press('Tab');
  await expect(markButton(page, rex!.djName, 'No-show')).toBeFocused();
  await page.keyboard.press('Space');
  await expect(markButton(page, rex!.djName, 'No-show')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('group', { name: 'Now playing' })).toContainText('No-show');
  await expectNoSeriousViolationsOnPhone(page, testInfo, 'live board no-show');
  shown = await publicNowPlaying(visitor, eventId);
  await expect(shown.nowPlaying).toHaveText('Nobody right now');
  await expectNoSeriousViolationsOnPhone(visitor, testInfo, 'public page on air');
  expect((await nextEventFeed(visitor.request)).event?.nowPlaying).toBeNull();

  // Swap in standby, from the board: the dialog names the slot and shows whom it tells; Swap in
  // saves at once (the event's save, in the history): Dana takes the slot at its time.
  await page.getByRole('button', { name: `Swap in standby for ${rex!.djName}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Swap in standby' });
  await expect(dialog).toContainText(`takes over ${rex!.djName}'s slot`);
  await expect(dialog).toContainText('Swap in saves the lineup at once');
  await expect(dialog.getByLabel('Standby to swap in').locator('option:checked')).toHaveText(dana!.djName);
  await expectNoSeriousViolationsOnPhone(page, testInfo, 'live board swap in standby');
  await dialog.getByRole('button', { name: 'Swap in' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Event saved.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Unsaved changes' })).toHaveCount(0);

  // The board: Dana plays now, unmarked (Rex's signup has no slot, so it is off the board); no
  // standby is left to swap in. The host marks her On air, by keyboard (Shift+Tab back from No-show, Enter).
  await expect(page.getByTestId('live-now')).toHaveText(dana!.djName);
  await expect(page.getByRole('group', { name: `Mark ${rex!.djName}` })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Swap in standby/ })).toHaveCount(0);
  await markButton(page, dana!.djName, 'No-show').focus();
  await page.keyboard.press('Shift+Tab');
  await expect(markButton(page, dana!.djName, 'On air')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(markButton(page, dana!.djName, 'On air')).toHaveAttribute('aria-pressed', 'true');
  // Rex is back among the signups, in the Lineup tab.
  await page.goto(`/events/${eventId}/lineup`);
  await expect(signupCard(page, rex!.djName)).toBeVisible();

  // The public page and the feed: the standby plays now.
  shown = await publicNowPlaying(visitor, eventId);
  await expect(shown.nowPlaying).toHaveText(dana!.djName);
  await expect(shown.upNext).toContainText(closer!.djName);
  feed = await nextEventFeed(visitor.request);
  expect(feed.event?.nowPlaying?.name).toBe(dana!.djName);
  expect(feed.event?.nowPlaying?.startTime).toBe(start);

  // Closer's hour: Closer does not turn up either, and there is no standby left. Marked No-show, the slot stays in the lineup and plays nothing.
  await setTestClock(page.request, startMs + 75 * MINUTE);
  await page.goto(`/events/${eventId}/live`);
  await expect(page.getByTestId('live-now')).toHaveText(closer!.djName);
  await markButton(page, closer!.djName, 'No-show').click();
  await expect(markButton(page, closer!.djName, 'No-show')).toHaveAttribute('aria-pressed', 'true');
  shown = await publicNowPlaying(visitor, eventId);
  await expect(shown.nowPlaying).toHaveText('Nobody right now');
  await expect(shown.upNext).toHaveCount(0);

  // The history says who marked what.
  await page.goto(`/events/${eventId}/history`);
  await expect(page.getByText(`${rex!.djName}: No-show`)).toBeVisible();
  await expect(page.getByText(`${dana!.djName}: On air`)).toBeVisible();

  // The night is over: the board says so, the public page has no "On air" any more.
  const afterEnd = startMs + 2 * 60 * MINUTE + MINUTE;
  await setTestClock(page.request, afterEnd);
  await page.goto(`/events/${eventId}/live`);
  await expect(page.getByTestId('live-notice')).toContainText('This event is over.');
  await visitor.goto(paths.publicLineup(eventId));
  await expect(visitor.getByTestId('now-playing')).toHaveCount(0);

  // The DJ statistics, on the roster: Dana's play counts; Rex (a no-show, swapped out) and Closer (a no-show in the lineup) have none.
  await page.goto('/djs');
  await expect(totalPlays(page, dana!.djName)).toHaveText('1');
  await expect(totalPlays(page, rex!.djName)).toHaveText('0');
  await expect(totalPlays(page, closer!.djName)).toHaveText('0');
  // Her Most Recent Play is the night (the date, linking to the event); Rex and Closer have none and nothing upcoming.
  const danaRow = page.getByRole('row').filter({ has: page.getByRole('link', { name: dana!.djName, exact: true }) });
  const mostRecent = danaRow.getByRole('cell').nth(4).getByRole('link');
  await expect(mostRecent).toHaveAttribute('href', paths.event(eventId));
  await expect(mostRecent).toHaveAttribute('title', eventName);
  for (const noShow of [rex!, closer!]) {
    await expect(page.getByRole('row').filter({ has: page.getByRole('link', { name: noShow.djName, exact: true }) }).getByRole('cell').nth(4)).toHaveText('—');
  }

  // And on each DJ's page (which counts by the browser's clock: set past the night as well).
  await page.clock.setFixedTime(afterEnd);
  await page.goto(paths.dj(dana!.id));
  await expect(page.getByRole('region', { name: 'Plays (1)' }).getByRole('link', { name: new RegExp(`^${eventName}`) })).toBeVisible();
  for (const noShow of [rex!, closer!]) {
    await page.goto(paths.dj(noShow.id));
    await expect(page.getByRole('region', { name: 'Plays (0)' })).toContainText('No plays recorded yet.');
    await expect(page.getByTestId('upcoming-plays')).toHaveCount(0);
  }
});
