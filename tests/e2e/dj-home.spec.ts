import { confirmSlot, createEvent, daysFromNow, myDjId, putDjInLineup, setContact, setSignupsOpen, submitSignup } from './support/api';
import { signInAs } from './support/auth';
import { expect, test } from './support/fixtures';
import { snap } from './support/shots';

// Issue 14: a DJ's Home (open events, their own signups and plays), their submission after
// signups close, a member without roles, and a DJ who follows a signup link before signing in.
// Home shows every open event, so each test has a server of its own. The DJ reads times from
// New York, so slot times show London's and their own.

test.use({ ownServer: true, timezoneId: 'America/New_York' });

test("a DJ's home: open events, their signups and where they stand, past plays; never another DJ's", async ({ page, openPage }, testInfo) => {
  const staff = await openPage();
  await signInAs(staff, 'host');
  const next = await createEvent(staff.request, { name: 'Sunday Service #30', start: daysFromNow(5) });
  await createEvent(staff.request, { name: 'Sunday Service #31', start: daysFromNow(12) });
  const last = await createEvent(staff.request, { name: 'Sunday Service #29', start: daysFromNow(-6) });

  const rex = await openPage();
  await signInAs(rex, 'dj2');
  await submitSignup(rex.request, next, { name: 'Rex Secret Set', dj_notes: 'only for the hosts' });
  await submitSignup(rex.request, last, { name: 'Rex Last Week' });
  await signInAs(page, 'dj');
  await submitSignup(page.request, next, { name: 'DJ Dana', dj_notes: 'bringing glowsticks' });
  await submitSignup(page.request, last, { name: 'Dana Last Week' });
  const dana = await myDjId(page.request);
  await putDjInLineup(staff.request, next, dana);
  await putDjInLineup(staff.request, last, dana);
  await putDjInLineup(staff.request, last, await myDjId(rex.request));
  await setSignupsOpen(staff.request, last, false);

  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Home', level: 1 })).toBeVisible();
  const open = page.getByRole('region', { name: 'Open for signup' });
  await expect(open.getByTestId('open-event')).toHaveCount(2);
  await expect(open.getByRole('link', { name: 'Update Signup for Sunday Service #30' })).toBeVisible();
  await expect(open.getByRole('link', { name: 'Sign up for Sunday Service #31' })).toHaveAttribute('href', /\/wizard$/);

  const mine = page.getByRole('region', { name: 'Your signups' });
  await expect(mine.getByTestId('own-signup')).toHaveCount(1);
  await expect(mine.getByTestId('own-signup')).toContainText('Sunday Service #30');
  await expect(mine.getByTestId('own-signup')).toContainText(/In the lineup \w{3} \d\d:\d\d–\d\d:\d\d London time, \d\d:\d\d New York time as DJ Dana/);

  const past = page.getByRole('region', { name: 'Your past plays (1 play)' });
  await expect(past.getByTestId('past-play')).toHaveText([/Sunday Service #29/]);
  await expect(page.getByRole('main')).not.toContainText('Rex');
  await expect(page.getByText('If there are questions, please contact the event host.')).toBeVisible();
  await snap(page, testInfo, 'dj-home');

  // Last week's signup is closed, and what the DJ sent is still there to read.
  await page.goto(`/eventSignup/${last}`);
  await expect(page.getByRole('heading', { name: 'Signups Closed' })).toBeVisible();
  await expect(page.getByText('You are on Dana Last Week,')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your submission' })).toBeVisible();
  await expect(page.getByRole('definition').first()).toHaveText('Dana Last Week');
  await snap(page, testInfo, 'signup-closed-submission');

  // Once the DJ confirms the slot proposed to them, their home says so.
  await confirmSlot(page.request, next);
  await page.goto('/');
  await expect(mine.getByTestId('own-signup')).toContainText(/Confirmed \w{3} \d\d:\d\d–\d\d:\d\d London/);

  // The brand leads back home; "View signup" opens the signup.
  await page.locator('.app-navbar').getByRole('link', { name: /Lineup/ }).click();
  await page.getByRole('link', { name: 'View signup for Sunday Service #30' }).click();
  await expect(page.getByRole('heading', { name: /^You are signed up for Sunday Service #30/ })).toBeVisible();
});

test('a DJ with nothing yet is told so, kindly', async ({ page }, testInfo) => {
  await signInAs(page, 'dj');
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Home', level: 1 })).toBeVisible();
  await expect(page.getByText('No events are open for signup right now.', { exact: false })).toBeVisible();
  await expect(page.getByText('You are not signed up for an upcoming event yet.')).toBeVisible();
  await expect(page.getByText('No past plays yet', { exact: false })).toBeVisible();
  await snap(page, testInfo, 'dj-home-empty');
});

test('a member without roles learns whom to ask, from Global Settings', async ({ page, openPage }, testInfo) => {
  const staff = await openPage();
  await signInAs(staff, 'admin');
  await setContact(staff.request, 'Hal in #welcome', 'https://discord.gg/our-community');

  await signInAs(page, 'member');
  await page.goto('/');
  // The friendly explanation first (issue 34), then the spec's sentence with its Log Out button.
  const welcome = page.getByRole('heading', { name: 'Welcome, Milo!', level: 1 });
  await expect(welcome).toBeVisible();
  const sentence = page.getByText('You do not have the required permissions to view this content.');
  await expect(sentence).toBeVisible();
  await expect(page.getByRole('button', { name: 'Log Out' })).toHaveCount(1);
  const explanation = page.getByText('To get the DJ role, ask');
  expect((await welcome.boundingBox())!.y).toBeLessThan((await explanation.boundingBox())!.y);
  expect((await explanation.boundingBox())!.y).toBeLessThan((await sentence.boundingBox())!.y);
  expect((await sentence.boundingBox())!.y).toBeLessThan((await page.getByRole('button', { name: 'Log Out' }).boundingBox())!.y);
  await expect(page.getByText('To get the DJ role, ask Hal in #welcome on our Discord server, then sign in again.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'our Discord server' })).toHaveAttribute('href', 'https://discord.gg/our-community');
  await expect(page.getByRole('alert')).toHaveCount(0);
  await snap(page, testInfo, 'no-roles');
  await page.getByRole('button', { name: 'Log Out' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('a DJ who follows a signup link signs in and lands back on it, without an error', async ({ page, openPage }, testInfo) => {
  const staff = await openPage();
  await signInAs(staff, 'host');
  const eventId = await createEvent(staff.request, { name: 'Sunday Service #40', start: daysFromNow(5) });

  await page.goto(`/eventSignup/${eventId}`);
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Log in with Discord to sign up for this event. You will come straight back to it.')).toBeVisible();
  await expect(page.getByText('Authentication Error')).toHaveCount(0);
  await snap(page, testInfo, 'login-from-signup-link');
  await page.getByRole('button', { name: 'Login with Discord' }).click();
  await page.locator('button[name="account"][value="dj"]').click();
  await expect(page).toHaveURL(new RegExp(`/eventSignup/${eventId}$`));
  await expect(page.getByRole('heading', { name: /^Sign up for Sunday Service #40/ })).toBeVisible();
});
