import { expectNoSeriousViolations } from './support/a11y';
import { createEvent, daysFromNow, submitSignup } from './support/api';
import { signInAs } from './support/auth';
import { expect, test } from './support/fixtures';
import { shot } from './support/shots';

// Issue 34 item 3, on a 390 px phone: a DJ withdraws their own signup (asked again first), the
// host sees the drop-out, the DJ's Home says withdrawn, and the wizard takes the signup back.

const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

test('a DJ withdraws their signup on their phone; the host is told; signing up again takes it back', async ({ page, openPage }, testInfo) => {
  const host = await openPage();
  await signInAs(host, 'host');
  const name = `Withdraw Night ${Date.now().toString(36)}`;
  const eventId = await createEvent(host.request, { name, start: daysFromNow(11) });

  await signInAs(page, 'dj3');
  await submitSignup(page.request, eventId, { name: 'Kai live' });
  await page.goto(`/eventSignup/${eventId}`);
  await expect(page.getByRole('heading', { name: new RegExp(`^You are signed up for ${name}`) })).toBeVisible();

  await page.getByRole('button', { name: 'Withdraw signup' }).tap();
  const question = page.getByRole('group', { name: 'Withdraw your signup?' });
  await expect(question).toContainText(`Withdraw your signup for ${name}?`);
  await expectNoSeriousViolations(page, testInfo, 'withdraw question (390 px)');
  await question.getByRole('button', { name: 'Keep my signup' }).tap();
  await expect(question).toBeHidden();
  await page.getByRole('button', { name: 'Withdraw signup' }).tap();
  await question.getByRole('button', { name: 'Yes, withdraw' }).tap();

  await expect(page.getByRole('heading', { name: new RegExp(`^You withdrew your signup for ${name}`) })).toBeVisible();
  await expect(page.getByTestId('withdrawn')).toContainText('The hosts have been told you are out.');
  await expectNoSeriousViolations(page, testInfo, 'withdrawn summary (390 px)');
  await shot(page, testInfo, 'dj-withdrawn-390.png');

  // The host: the drop-out badge in the header, and the notice on the signup's card.
  await host.goto(`/events/${eventId}/lineup`);
  await expect(host.getByTestId('drop-outs')).toHaveText("1 DJ can't make it");
  // The closed card says so; opened, it says how (issue 34: cards start closed).
  // On a phone the page shows one column at a time (issue 34): the Signups one holds the card.
  await host.getByRole('button', { name: 'Signups (1)' }).click();
  const card = host.getByTestId('signup-card').filter({ hasText: 'Kai live' });
  await expect(card.getByTestId('drop-out-badge')).toHaveText("Can't make it");
  await card.getByRole('button', { name: 'Show Entry' }).click();
  await expect(host.getByTestId('drop-out')).toContainText("withdrew this signup: they can't make it.");

  // The DJ's Home says so.
  await page.goto('/');
  const own = page.getByRole('region', { name: 'Your signups' }).getByTestId('own-signup').filter({ hasText: name });
  await expect(own).toContainText('Withdrawn');

  // Changed their mind: the wizard, prefilled, takes it back.
  await page.goto(`/eventSignup/${eventId}`);
  await page.getByRole('link', { name: 'Sign up again' }).tap();
  await expect(page.getByLabel('Name')).toHaveValue('Kai live');
  for (let n = 2; n <= 4; n++) {
    await page.getByRole('button', { name: 'Next' }).tap();
    await expect(page.getByRole('heading', { name: new RegExp(`^Step ${n} of 4`) })).toBeVisible();
  }
  await page.getByRole('button', { name: 'Submit' }).tap();
  await expect(page.getByRole('heading', { name: new RegExp(`^You are signed up for ${name}`) })).toBeVisible();
  await host.reload();
  await expect(host.getByTestId('drop-outs')).toHaveCount(0);
});
