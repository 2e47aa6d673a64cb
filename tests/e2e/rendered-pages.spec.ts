import type { ConsoleMessage, Locator, Page } from '@playwright/test';
import { formatLocalTime } from '@shared/time';
import { createEvent, daysFromNow, myDjId, putDjInLineup, submitSignup } from './support/api';
import { signInAs, signInThroughPages } from './support/auth';
import { expect, test } from './support/fixtures';

// The pages the server renders with React (decision 020): what they paint before (and without)
// the script, and that React hydrates them without a complaint and they then work as before.

/** Every warning or error the page's console shows (failed requests aside: they are answers). */
function consoleProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (['error', 'warning'].includes(message.type()) && !message.text().startsWith('Failed to load resource')) problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

test('the sign-in page is whole without script, and its button starts the sign-in', async ({ openPage }) => {
  const page = await openPage({ javaScriptEnabled: false });
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Welcome to Lineup' })).toBeVisible();
  await page.getByRole('button', { name: 'Login with Discord' }).click();
  await expect(page.getByRole('heading', { name: 'Development sign-in' })).toBeVisible();
});

test('the sign-in page hydrates without a complaint', async ({ page }) => {
  const problems = consoleProblems(page);
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Login with Discord' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(problems).toEqual([]);
});

/** An event six days ahead at 19:00 UTC, made by an admin in a window of their own; `title` and a unique tail name it. */
async function upcomingEvent(openPage: () => Promise<Page>, title: string) {
  const staff = await openPage();
  await signInAs(staff, 'admin');
  const name = `${title} ${Date.now().toString(36)}`;
  const start = daysFromNow(6, 19);
  return { name, start, eventId: await createEvent(staff.request, { name, start }) };
}

test("a DJ's signup pages paint from the server in their zone, then hydrate and work", async ({ openPage }) => {
  const { name, start, eventId } = await upcomingEvent(openPage, 'Rendered Night');

  // The DJ's browser is in Sydney; signing in through the pages once tells the server so (the app
  // sets the tz cookie).
  const dj = await openPage({ timezoneId: 'Australia/Sydney' });
  await signInThroughPages(dj, 'dj2');
  await submitSignup(dj.request, eventId, { name: 'Rex Rendered', available_from: start });

  // Without script: the summary, in Sydney time, straight from the server.
  const noScript = await openPage({ javaScriptEnabled: false, timezoneId: 'Australia/Sydney', storageState: await dj.context().storageState() });
  await noScript.goto(`/eventSignup/${eventId}`);
  await expect(noScript.getByRole('heading', { name: new RegExp(`^You are signed up for ${name}`) })).toBeVisible();
  await expect(noScript.getByText(`${formatLocalTime(start, 'Australia/Sydney')} Sydney time`, { exact: true })).toBeVisible();
  await noScript.goto(`/eventSignup/${eventId}/wizard`);
  await expect(noScript.getByRole('heading', { name: 'Step 1 of 4: Performance Details' })).toBeVisible();

  // With it: hydrated without a warning; the page then works as the app does.
  const problems = consoleProblems(dj);
  await dj.goto(`/eventSignup/${eventId}`);
  await expect(dj.getByRole('heading', { name: new RegExp(`^You are signed up for ${name}`) })).toBeVisible();
  await dj.getByRole('link', { name: 'Update Signup' }).click();
  await expect(dj.getByRole('heading', { name: 'Step 1 of 4: Performance Details' })).toBeVisible();
  await expect(dj.getByLabel('Name')).toHaveValue('Rex Rendered');
  await dj.getByRole('button', { name: 'Next' }).click();
  await expect(dj.getByRole('heading', { name: 'Step 2 of 4: Availability' })).toBeVisible();

  await dj.goto(`/eventSignup/${eventId}/wizard`);
  await dj.getByRole('button', { name: 'Next' }).click();
  await expect(dj.getByRole('heading', { name: 'Step 2 of 4: Availability' })).toBeVisible();
  await dj.waitForLoadState('networkidle');
  expect(problems).toEqual([]);
});

// Decision 060: the browser's date data loads in a worker the page's head starts, not in the
// middle of hydrating the page's times; the Content-Security-Policy lets it, and the times are
// still the DJ's.
test("a DJ's signup page loads the browser's date data in a worker of its own, without a complaint", async ({ openPage }) => {
  const { name, start, eventId } = await upcomingEvent(openPage, 'Warm Night');

  const dj = await openPage({ timezoneId: 'America/New_York' });
  await signInAs(dj, 'dj4');
  await submitSignup(dj.request, eventId, { name: 'Wren Warm', available_from: start });
  const problems = consoleProblems(dj);
  // Playwright reports a worker before its script runs, so its end is heard however soon it
  // comes; the worker ends itself only once its script has run to the end.
  const warmup = /\/assets\/intl-warmup\.worker-[\w-]+\.js$/;
  const ended = new Promise<string>((resolve) =>
    dj.on('worker', (worker) => {
      if (!warmup.test(worker.url())) return;
      worker.on('console', (message) => problems.push(message.text()));
      worker.once('close', () => resolve(worker.url()));
    }),
  );
  await dj.goto(`/eventSignup/${eventId}`);
  const served = await dj.request.get(await ended);
  expect(served.status()).toBe(200);
  expect(served.headers()['content-type']).toMatch(/^text\/javascript/);
  await expect(dj.getByRole('heading', { name: new RegExp(`^You are signed up for ${name}`) })).toBeVisible();
  await expect(dj.getByText(`${formatLocalTime(start, 'America/New_York')} New York time`, { exact: true })).toBeVisible();
  await dj.waitForLoadState('networkidle');
  expect(problems).toEqual([]);
});

/**
 * Holds back the page's requests for `file` until `release`; `asked` settles once the page has
 * asked for it.
 */
async function holdBack(page: Page, file: RegExp) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let wasAsked!: () => void;
  const asked = new Promise<void>((resolve) => (wasAsked = resolve));
  await page.route(file, async (route) => {
    wasAsked();
    await held;
    await route.continue();
  });
  return { release, asked };
}

/** A tap where the control is, as a finger does: no waiting for the page to be ready for it. */
async function tapWhereItIs(control: Locator) {
  const box = (await control.boundingBox())!;
  await control.page().mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

// A phone on a slow connection paints the wizard the server rendered well before the app's script
// arrives, and a DJ starts typing. As the app starts, its form sets the fields to its own start
// (the DJ's name from their profile): what she typed and ticked must stay, in the form itself.
test("answers a DJ types into the wizard before the app has started on it are kept by the wizard's form", async ({ openPage }) => {
  const { eventId } = await upcomingEvent(openPage, 'Early Answers');
  const dj = await openPage({ viewport: { width: 390, height: 844 } });
  await signInAs(dj, 'dj3');

  // The app's entry held back, then (once it has run) its own start: a phone on a slow connection.
  const entry = await holdBack(dj, /\/assets\/app-[\w-]+\.js$/);
  const start = await holdBack(dj, /\/assets\/startApp-[\w-]+\.js$/);
  await dj.goto(`/eventSignup/${eventId}/wizard`, { waitUntil: 'commit' });
  await expect(dj.getByRole('heading', { name: 'Step 1 of 4: Performance Details' })).toBeVisible();
  await dj.getByLabel('Name').fill('Early Erin');
  await dj.getByLabel('Half Hour').check();
  await dj.getByLabel('Live', { exact: true }).check();
  // Next tapped or Enter pressed before the entry has run does nothing: no page loaded again,
  // nothing in the address.
  const wizardAddress = dj.url();
  await tapWhereItIs(dj.getByRole('button', { name: 'Next' }));
  await dj.getByLabel('Name').press('Enter');
  expect(dj.url()).toBe(wizardAddress);
  await expect(dj.getByLabel('Name')).toHaveValue('Early Erin');

  // Once the entry has run, a tap on Next is held for the app: it goes to Next once her answers
  // are back in the form.
  entry.release();
  await start.asked;
  await expect(dj.locator('#root[data-starting]')).toHaveCount(0);
  await tapWhereItIs(dj.getByRole('button', { name: 'Next' }));
  await expect(dj.getByRole('heading', { name: 'Step 1 of 4: Performance Details' })).toBeVisible();
  start.release();
  await expect(dj.getByRole('heading', { name: 'Step 2 of 4: Availability' })).toBeVisible();

  // The wizard keeps answers not sent yet for this tab once its form holds them: the answers are
  // the form's own.
  await expect.poll(() => dj.evaluate(() => Object.values(sessionStorage).join(' '))).toContain('Early Erin');
  await dj.goBack();
  await expect(dj.getByRole('heading', { name: 'Step 1 of 4: Performance Details' })).toBeVisible();
  await expect(dj.getByLabel('Name')).toHaveValue('Early Erin');
  await expect(dj.getByLabel('Half Hour')).toBeChecked();
  await expect(dj.getByLabel('Live', { exact: true })).toBeChecked();

  await test.step('the tab keeps those answers; what she types over them while the page wakes again wins, an emptied field included', async () => {
    await dj.unrouteAll();
    const entryAgain = await holdBack(dj, /\/assets\/app-[\w-]+\.js$/);
    dj.once('dialog', (dialog) => void dialog.accept());
    await dj.reload({ waitUntil: 'commit' });
    await expect(dj.getByRole('heading', { name: 'Step 1 of 4: Performance Details' })).toBeVisible();
    await dj.getByLabel('Name').fill('');
    await dj.getByLabel('One Hour').check();
    entryAgain.release();
    await expect(dj.getByTestId('answers-kept')).toContainText('Your answers from before are back: they are not sent yet.');
    await expect.poll(() => dj.evaluate(() => Object.values(sessionStorage).join(' '))).not.toContain('Early Erin');
    await expect(dj.getByLabel('Name')).toHaveValue('');
    await expect(dj.getByLabel('One Hour')).toBeChecked();
    await expect(dj.getByLabel('Live', { exact: true })).toBeChecked();
    await dj.getByRole('button', { name: 'Next' }).click();
    await expect(dj.getByText('Please enter your DJ name.')).toBeVisible();
  });
});

test("a DJ's tap on Confirm while the page is still waking is not lost: the button takes it once the app has started", async ({ openPage }) => {
  const { eventId } = await upcomingEvent(openPage, 'Early Tap');
  const staff = await openPage();
  await signInAs(staff, 'admin');
  const dj = await openPage({ viewport: { width: 390, height: 844 } });
  await signInAs(dj, 'dj2');
  await submitSignup(dj.request, eventId, { name: 'Tess Early' });
  await putDjInLineup(staff.request, eventId, await myDjId(dj.request));

  // The page the server rendered is up and its entry has run; the app's own start has not arrived.
  const start = await holdBack(dj, /\/assets\/startApp-[\w-]+\.js$/);
  await dj.goto(`/eventSignup/${eventId}`, { waitUntil: 'commit' });
  const slot = dj.getByTestId('slot-confirmation');
  const confirm = slot.getByRole('button', { name: 'Confirm' });
  await expect(confirm).toBeVisible();
  await start.asked;
  await expect(dj.locator('#root[data-starting]')).toHaveCount(0);

  await tapWhereItIs(confirm);
  await expect(slot).not.toContainText('You confirmed this slot.');
  start.release();
  await expect(slot).toContainText('You confirmed this slot.');
});
