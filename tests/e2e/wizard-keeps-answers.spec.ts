import { createEvent, daysFromNow } from './support/api';
import { signInAs } from './support/auth';
import { expect, test } from './support/fixtures';

// Issue 34, items 1 and 2, on a 390 px phone: the Back gesture in the middle of the wizard goes
// back a step with every answer kept; leaving with answers not sent asks first; a reload (a
// phone discarding the tab) gives them back; a double-tapped Submit sends one signup.

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const heading = (n: number, title: string) => `Step ${n} of 4: ${title}`;

test("the phone's Back gesture keeps a DJ's answers, leaving asks, a reload keeps them, one tap one signup", async ({ page, openPage }) => {
  const staff = await openPage();
  await signInAs(staff, 'admin');
  const name = `Back Gesture Night ${Date.now().toString(36)}`;
  const eventId = await createEvent(staff.request, { name, start: daysFromNow(12) });

  await signInAs(page, 'dj4');
  await page.goto(`/eventSignup/${eventId}`);
  await page.getByRole('link', { name: 'Get Started' }).tap();
  await expect(page.getByRole('heading', { name: heading(1, 'Performance Details') })).toBeVisible();
  await page.getByLabel('Name').fill('Gesture Gina');
  await page.getByLabel('Half Hour').tap();
  await page.getByLabel('Live', { exact: true }).tap();
  await page.getByRole('button', { name: 'Next' }).tap();
  await expect(page.getByRole('heading', { name: heading(2, 'Availability') })).toBeVisible();
  await page.getByLabel('Available from').selectOption({ index: 2 });
  await page.getByRole('button', { name: 'Next' }).tap();
  await expect(page.getByRole('heading', { name: heading(3, 'Stream Details') })).toBeVisible();
  await page.getByLabel('Stream link').fill('rtmp://stream.example.org/live/gina');

  await test.step('Back goes back a step, Forward returns, nothing lost', async () => {
    await page.goBack();
    await expect(page.getByRole('heading', { name: heading(2, 'Availability') })).toBeVisible();
    await expect(page.getByLabel('Available from')).not.toHaveValue('any');
    await page.goBack();
    await expect(page.getByRole('heading', { name: heading(1, 'Performance Details') })).toBeVisible();
    await expect(page.getByLabel('Name')).toHaveValue('Gesture Gina');
    await expect(page.getByLabel('Half Hour')).toBeChecked();
    await page.goForward();
    await page.goForward();
    await expect(page.getByRole('heading', { name: heading(3, 'Stream Details') })).toBeVisible();
    await expect(page.getByLabel('Stream link')).toHaveValue('rtmp://stream.example.org/live/gina');
  });

  await test.step('one Back too many leaves the wizard: asked first, Stay keeps everything', async () => {
    await page.goBack();
    await page.goBack();
    await expect(page.getByRole('heading', { name: heading(1, 'Performance Details') })).toBeVisible();
    await page.goBack();
    const question = page.getByRole('dialog', { name: 'Are You sure?' });
    await expect(question).toBeVisible();
    await expect(question).toContainText('Your signup is not sent yet. Leaving now discards your answers.');
    await question.getByRole('button', { name: 'Stay' }).tap();
    await expect(question).toBeHidden();
    await expect(page).toHaveURL(/\/wizard/);
    await expect(page.getByLabel('Name')).toHaveValue('Gesture Gina');
  });

  await test.step('a reload asks the browser’s question, then gives the answers back', async () => {
    const asked: string[] = [];
    page.once('dialog', (dialog) => {
      asked.push(dialog.type());
      void dialog.accept();
    });
    await page.reload();
    expect(asked).toEqual(['beforeunload']);
    await expect(page.getByTestId('answers-kept')).toContainText('Your answers from before are back: they are not sent yet.');
    await expect(page.getByLabel('Name')).toHaveValue('Gesture Gina');
    await expect(page.getByLabel('Half Hour')).toBeChecked();
  });

  await test.step('a double-tapped Submit sends one signup', async () => {
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/signup') posts.push(request.url());
    });
    await page.getByRole('button', { name: 'Next' }).tap();
    await page.getByRole('button', { name: 'Next' }).tap();
    await expect(page.getByRole('heading', { name: heading(3, 'Stream Details') })).toBeVisible();
    await expect(page.getByLabel('Stream link')).toHaveValue('rtmp://stream.example.org/live/gina');
    await page.getByRole('button', { name: 'Next' }).tap();
    await expect(page.getByRole('heading', { name: heading(4, 'Expectations and Notes') })).toBeVisible();
    await page.getByLabel('I have read and agree to these expectations.').tap();
    await page.getByRole('button', { name: 'Submit' }).dblclick();
    await expect(page.getByRole('heading', { name: `You are signed up for ${name}`, exact: false })).toBeVisible();
    expect(posts).toHaveLength(1);
  });

  await test.step('once sent, nothing is kept and leaving asks nothing', async () => {
    await page.getByRole('link', { name: 'Update Signup' }).tap();
    await expect(page.getByLabel('Name')).toHaveValue('Gesture Gina');
    await expect(page.getByTestId('answers-kept')).toHaveCount(0);
    expect(await page.evaluate(() => window.sessionStorage.length)).toBe(0);
    await page.goBack();
    await expect(page.getByRole('heading', { name: /^You are signed up for / })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
});

test('a double-clicked Next then Submit on a desktop: one step, then one signup', async ({ page, openPage }) => {
  const staff = await openPage();
  await signInAs(staff, 'admin');
  const eventId = await createEvent(staff.request, { name: `Double Click Night ${Date.now().toString(36)}`, start: daysFromNow(13) });
  await signInAs(page, 'dj5');
  await page.goto(`/eventSignup/${eventId}/wizard`);
  await page.getByLabel('One Hour').check();
  await page.getByLabel('Prerecord', { exact: true }).check();
  await page.getByRole('button', { name: 'Next' }).dblclick();
  await expect(page.getByRole('heading', { name: heading(2, 'Availability') })).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: heading(3, 'Stream Details') })).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).dblclick();
  await expect(page.getByRole('heading', { name: heading(4, 'Expectations and Notes') })).toBeVisible();
  // The second click landed on Submit's place: it pressed nothing.
  await expect(page.getByText('Please confirm the expectations to continue.')).toHaveCount(0);
});

// A DJ following a Discord link on their first visit: the server writes the wizard in the series'
// zone (it has no `tz` cookie yet) and the page switches to the phone's own zone as it wakes. What
// they typed first is kept through that switch. Three fresh visits, as the typing can land before,
// during or after the page wakes.
test('a first visit from another zone keeps what the DJ typed while the page woke', async ({ openPage }) => {
  const staff = await openPage();
  await signInAs(staff, 'admin');
  const eventId = await createEvent(staff.request, { name: `Early Typing Night ${Date.now().toString(36)}`, start: daysFromNow(13) });
  for (const name of ['Early Erin', 'Early Ezra', 'Early Eve']) {
    const dj = await openPage({ viewport: { width: 390, height: 844 }, timezoneId: 'America/New_York' });
    await signInAs(dj, 'dj5');
    await dj.goto(`/eventSignup/${eventId}/wizard`);
    await dj.getByLabel('Name').fill(name);
    await dj.getByLabel('One Hour').check();
    await dj.getByLabel('Prerecord', { exact: true }).check();
    await dj.getByRole('button', { name: 'Next' }).click();
    await expect(dj.getByText('Times are in your time zone (America/New_York).')).toBeVisible();
    await dj.getByRole('button', { name: 'Back' }).click();
    await expect(dj.getByLabel('Name')).toHaveValue(name);
    await expect(dj.getByLabel('One Hour')).toBeChecked();
    await dj.context().close();
  }
});
