import { addPartner, createEvent, daysFromNow, getEvent, putInLineup, roster, setSignupsOpen, submitSignup } from './support/api';
import { signInAs } from './support/auth';
import { next, step } from './support/wizard';
import { expect, test } from './support/fixtures';
import { PHONE, snap } from './support/shots';

// The DJ signup area: the wizard as LIVE and as PRERECORD, the summary, updating a signup,
// blocked steps, and the closed state after staff close signups.

test.describe('DJ signup', () => {
  test.use({ viewport: PHONE });

  test('a LIVE signup: blocked steps, summary, and an update that starts prefilled', async ({ page, openPage }, testInfo) => {
    const staff = await openPage();
    await signInAs(staff, 'admin');
    const eventName = `Live Night ${Date.now()}`;
    const eventId = await createEvent(staff.request, { name: eventName, start: daysFromNow(7) });

    await signInAs(page, 'dj');
    await page.goto(`/eventSignup/${eventId}`);
    await expect(page.getByRole('heading', { name: new RegExp(`^Sign up for ${eventName} \\(.+\\)$`) })).toBeVisible();
    await expect(page.getByText('Ready to get started? Click the button below to begin the signup process.')).toBeVisible();
    await snap(page, testInfo, 'summary-empty');
    await page.getByRole('link', { name: 'Get Started' }).click();

    // Step 1: the name defaults to the DJ's; empty required fields block Next.
    await expect(page).toHaveURL(new RegExp(`/eventSignup/${eventId}/wizard$`));
    await expect(page.getByRole('heading', { name: new RegExp(`^SignUp: ${eventName} - `) })).toBeVisible();
    await expect(page.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '25');
    await expect(page.getByRole('button', { name: 'Back' })).toBeDisabled();
    await expect(page.getByLabel('Name')).not.toHaveValue('');
    await expect(page.getByLabel('No', { exact: true })).toBeChecked();
    await page.getByLabel('Name').fill('');
    await next(page);
    await step(page, 1, 'Performance Details');
    await expect(page.getByText('Please enter your DJ name.')).toBeVisible();
    await expect(page.getByText('Please choose a duration.')).toBeVisible();
    await expect(page.getByText('Please choose live or prerecorded.')).toBeVisible();
    await expect(page.getByLabel('Name')).toHaveClass(/is-invalid/);
    await snap(page, testInfo, 'wizard-1-invalid');

    await page.getByLabel('Name').fill('DJ Dana Live');
    await expect(page.getByText('Please enter your DJ name.')).toBeHidden();
    await page.getByLabel('Yes', { exact: true }).check();
    await page.getByLabel('One Hour').check();
    await page.getByLabel('Live', { exact: true }).check();
    await next(page);
    await expect(page.getByText('Please list the other B2B members.')).toBeVisible();
    await page.getByLabel('Other B2B members').fill('DJ Rex');
    await snap(page, testInfo, 'wizard-1');
    await next(page);

    // Step 2: 'Any Time' plus 7 hourly times; 'to' may not be before 'from'.
    await step(page, 2, 'Availability');
    await expect(page.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '50');
    const from = page.getByLabel('Available from');
    const to = page.getByLabel('Available to');
    await expect(from).toHaveValue('any');
    const labels = await from.locator('option').allTextContents();
    expect(labels).toHaveLength(8);
    expect(labels[0]).toBe('Any Time');
    await from.selectOption({ label: labels[3]! });
    await to.selectOption({ label: labels[2]! });
    await next(page);
    await expect(page.getByText('"Available to" cannot be before "Available from".')).toBeVisible();
    await to.selectOption({ label: labels[5]! });
    await snap(page, testInfo, 'wizard-2');
    await next(page);

    // Step 3: a LIVE set needs a web or RTMP stream link.
    await step(page, 3, 'Stream Details');
    await expect(page.getByRole('button', { name: 'Back' })).toBeEnabled();
    await next(page);
    await expect(page.getByText('A stream link is required for a live set.')).toBeVisible();
    await page.getByLabel('Stream link').fill('javascript:alert(1)');
    // The refusal says what is accepted.
    await expect(page.getByText('The stream link must be a VRCDN link (rtspt://stream.vrcdn.live/live/NAME or vrcdn:NAME), a Twitch channel', { exact: false })).toBeVisible();
    await next(page);
    await step(page, 3, 'Stream Details');
    await page.getByLabel('Stream link').fill('rtmp://stream.example.org/live/dana');
    await snap(page, testInfo, 'wizard-3');
    await next(page);

    // Step 4: the expectations box must be ticked.
    await step(page, 4, 'Expectations and Notes');
    await expect(page.getByRole('button', { name: 'Next' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Please confirm the expectations to continue.')).toBeVisible();
    await page.getByLabel('I have read and agree to these expectations.').check();
    await page.getByLabel('Notes for the hosts (optional)').fill('First time playing here!');
    await snap(page, testInfo, 'wizard-4');
    await page.getByRole('button', { name: 'Submit' }).click();

    // The summary shows the submission.
    await expect(page).toHaveURL(new RegExp(`/eventSignup/${eventId}$`));
    await expect(page.getByRole('heading', { name: new RegExp(`^You are signed up for ${eventName} \\(.+\\)!$`) })).toBeVisible();
    const summary = page.locator('dl');
    for (const text of ['DJ Dana Live', 'Yes', 'DJ Rex', 'Live', 'rtmp://stream.example.org/live/dana', 'One Hour', 'First time playing here!']) {
      await expect(summary.getByText(text, { exact: true })).toBeVisible();
    }
    // Times name their zone (the browser's).
    for (const time of [labels[3]!, labels[5]!]) await expect(summary.getByText(new RegExp(`^${time} (UTC|.+ time)$`))).toBeVisible();
    await expect(page.getByText(/^If there are questions, please contact .+/)).toBeVisible();
    await snap(page, testInfo, 'summary-signed-up');

    // Updating starts from the stored answers on every step.
    await page.getByRole('link', { name: 'Update Signup' }).click();
    await expect(page.getByLabel('Name')).toHaveValue('DJ Dana Live');
    await expect(page.getByLabel('Yes', { exact: true })).toBeChecked();
    await expect(page.getByLabel('Other B2B members')).toHaveValue('DJ Rex');
    await expect(page.getByLabel('One Hour')).toBeChecked();
    await page.getByLabel('Half Hour').check();
    await next(page);
    await expect(page.getByLabel('Available from')).toHaveValue(await from.locator('option').nth(3).getAttribute('value') as string);
    await next(page);
    await expect(page.getByLabel('Stream link')).toHaveValue('rtmp://stream.example.org/live/dana');
    await next(page);
    await expect(page.getByLabel('I have read and agree to these expectations.')).toBeChecked();
    await page.getByLabel('Notes for the hosts (optional)').fill('Updated notes');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('heading', { name: /^You are signed up for/ })).toBeVisible();
    await expect(page.getByText('Updated notes', { exact: true })).toBeVisible();
    await expect(page.getByText('Half Hour', { exact: true })).toBeVisible();
  });

  test('a PRERECORD signup without a stream link, then staff close signups', async ({ page, openPage }, testInfo) => {
    const staff = await openPage();
    await signInAs(staff, 'admin');
    const eventName = `Prerecord Night ${Date.now()}`;
    const eventId = await createEvent(staff.request, { name: eventName, start: daysFromNow(7) });

    await signInAs(page, 'dj2');
    await page.goto(`/eventSignup/${eventId}/wizard`);
    await page.getByLabel('Half Hour').check();
    await page.getByLabel('Prerecord', { exact: true }).check();
    await next(page);
    await step(page, 2, 'Availability');
    await next(page);
    await step(page, 3, 'Stream Details');
    await expect(page.getByLabel('Stream link (optional)')).toHaveValue('');
    await next(page);
    await step(page, 4, 'Expectations and Notes');
    await page.getByLabel('I have read and agree to these expectations.').check();

    // A network failure and a non-JSON error page are reported, and nothing is lost from the form.
    await page.route('**/api/signup', (route) => (route.request().method() === 'POST' ? route.abort() : route.continue()));
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Submission failed').click();
    await expect(page.getByText('Submission failed')).toBeHidden();
    await page.unroute('**/api/signup');
    await page.route('**/api/signup', (route) =>
      route.request().method() === 'POST' ? route.fulfill({ status: 502, contentType: 'text/html', body: '<html>Bad gateway</html>' }) : route.continue(),
    );
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Response status: 502')).toBeVisible();
    await expect(page.getByText('Your signup was not saved: Request failed with status 502')).toBeVisible();
    await page.unroute('**/api/signup');
    await page.getByRole('button', { name: 'Submit' }).click();

    await expect(page.getByRole('heading', { name: new RegExp(`^You are signed up for ${eventName}`) })).toBeVisible();
    const summary = page.locator('dl');
    await expect(summary.getByText('Prerecord', { exact: true })).toBeVisible();
    await expect(summary.getByText('Any Time', { exact: true })).toHaveCount(2);

    await setSignupsOpen(staff.request, eventId, false);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Signups Closed' })).toBeVisible();
    await expect(page.getByText('Signups for this event are currently closed.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Update Signup' })).toHaveCount(0);
    await snap(page, testInfo, 'summary-closed');
    await page.goto(`/eventSignup/${eventId}/wizard`);
    await expect(page.getByRole('heading', { name: 'Signups Closed' })).toBeVisible();
  });

  test('an unknown event says so', async ({ page }) => {
    await signInAs(page, 'dj');
    await page.goto('/eventSignup/no-such-event');
    await expect(page.getByText('Event or DJ data not found.')).toBeVisible();
  });

  test("a back-to-back partner staff added sees the signup's name and slot, never its answers, and cannot change them", async ({ page, openPage }) => {
    const staff = await openPage();
    await signInAs(staff, 'admin');
    const eventId = await createEvent(staff.request, { name: `B2B Night ${Date.now()}`, start: daysFromNow(7, 19) });

    // Dana signs up; Rex signs in once (so he is on the roster).
    const dana = await openPage();
    await signInAs(dana, 'dj');
    await submitSignup(dana.request, eventId, { name: 'Dana Live', type: 'LIVE', stream_link: 'rtmps://private.example/live/dana-secret-key', dj_notes: 'Dana private notes' });
    await signInAs(page, 'dj2');
    const rex = (await roster(staff.request)).find((dj) => dj.discordId === '900000000000000004')!;

    // Staff add Rex to Dana's signup and put it in the lineup.
    const signupUuid = (await getEvent(staff.request, eventId)).signups[0]!.uuid;
    await addPartner(staff.request, eventId, signupUuid, rex.id);
    await putInLineup(staff.request, eventId, [signupUuid]);

    await page.goto(`/eventSignup/${eventId}`);
    await expect(page.getByRole('heading', { name: /^You are signed up for B2B Night/ })).toBeVisible();
    await expect(page.getByText(/You play in Dana Live as a back-to-back partner, \d\d:\d\d–\d\d:\d\d (UTC|.+ time)/)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Update Signup' })).toHaveCount(0);
    await expect(page.locator('body')).not.toContainText('Dana private notes');
    await expect(page.locator('body')).not.toContainText('dana-secret-key');

    // Even at the wizard's address, nothing of Dana's is shown or can be overwritten.
    await page.goto(`/eventSignup/${eventId}/wizard`);
    await expect(page.getByText(/You play in Dana Live as a back-to-back partner/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Next' })).toHaveCount(0);
    await expect(page.locator('body')).not.toContainText('Dana private notes');
  });
});
