import type { Page } from '@playwright/test';
import { expectNoSeriousViolationsOnPhone } from './support/a11y';
import { addSignups, createDj, createEvent, daysFromNow, myDjId, putDjInLineup, putInLineup, setTestClock, submitSignup } from './support/api';
import { signInAs } from './support/auth';
import { expect, test } from './support/fixtures';

// Issue 35, Deliver 4: stream checks, as a host and DJs live them. The host sets the deadline in
// Global Settings; one lineup DJ presses Stream tested on her signup page, staff tick another's in
// Stream Details; the Preflight names only the slot still untested; once the server's clock is
// past the deadline, the Lineup tab flags that slot and offers Swap in standby. The deadline is a
// Global Setting and the clock the server's (TEST_CLOCK=on, set through PUT /api/testing/clock),
// so the test has a server of its own.
test.use({ ownServer: true, serverEnv: { TEST_CLOCK: 'on' }, timezoneId: 'Europe/London' });

const HOUR = 3_600_000;
const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const slotCard = (page: Page, name: string) => page.getByTestId('slot-card').filter({ has: page.locator('h3', { hasText: name }) });

/** The screen in light and dark on a phone (axe). */
const look = expectNoSeriousViolationsOnPhone;

test('stream checks: the deadline in Global Settings, the DJ and staff mark tests, Preflight names the untested slot, the lineup flags it after the deadline', async ({
  page,
  openPage,
}, testInfo) => {
  test.setTimeout(240_000);
  await signInAs(page, 'host');
  // The clock is an admin's to move (PUT /api/testing/clock).
  const admin = await openPage();
  await signInAs(admin, 'admin');
  const start = daysFromNow(6);
  const startMs = Date.parse(start);
  // Three days before the night: well before any deadline.
  await setTestClock(admin.request, startMs - 72 * HOUR);

  // The host sets the deadline, by keyboard: 3 hours before the event.
  await page.goto('/globalSettings#stream-checks');
  const section = page.getByRole('region', { name: 'Stream checks' });
  await expect(section.getByLabel('Streams tested by, in hours before the event')).toHaveValue('2');
  await section.getByLabel('Streams tested by, in hours before the event').fill('');
  await section.getByRole('button', { name: 'Save stream checks' }).click();
  await expect(section.getByText('Hours before the event must be a number.')).toBeVisible();
  await section.getByLabel('Streams tested by, in hours before the event').fill('3');
  await section.getByRole('button', { name: 'Save stream checks' }).focus();
  await page.keyboard.press('Enter');
  await expect(section.getByText("Stream check settings saved. Every event's deadline follows them.")).toBeVisible();
  await section.scrollIntoViewIfNeeded();
  await look(page, testInfo, 'settings-stream-checks');
  await page.reload();
  await expect(section.getByLabel('Streams tested by, in hours before the event')).toHaveValue('3');

  // The lineup: Rex and Dana signed up themselves, the host added Kai; Bench waits on standby.
  const eventId = await createEvent(page.request, { name: `Stream check night ${tag}`, start });
  const rex = await openPage();
  await signInAs(rex, 'dj2');
  await submitSignup(rex.request, eventId, { name: `Rex ${tag}` });
  await putDjInLineup(page.request, eventId, await myDjId(rex.request));
  const dana = await openPage();
  await signInAs(dana, 'dj');
  await submitSignup(dana.request, eventId, { name: `Dana ${tag}` });
  await putDjInLineup(page.request, eventId, await myDjId(dana.request));
  const kai = await createDj(page.request, { djName: `Kai ${tag}` });
  const bench = await createDj(page.request, { djName: `Bench ${tag}` });
  const [kaiSignup] = await addSignups(page.request, eventId, [{ djs: [kai] }, { djs: [bench] }]);
  await putInLineup(page.request, eventId, [kaiSignup!]);
  await page.goto(`/events/${eventId}/lineup`);
  const benchCard = page.getByRole('group', { name: `Signup Bench ${tag}`, exact: true });
  await benchCard.getByRole('button', { name: /Signup menu/ }).click();
  await page.getByRole('button', { name: 'Put on standby' }).click();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Event saved.')).toBeVisible();
  // Before the deadline nothing is flagged.
  await expect(page.getByTestId('stream-check-overdue')).toHaveCount(0);

  // Rex tests his stream and says so on his signup page.
  await rex.goto(`/eventSignup/${eventId}`);
  const rexTest = rex.getByTestId('stream-test');
  // Beside the button, by when: 3 hours before the start, in London time (his zone too).
  await expect(rexTest.getByTestId('stream-test-deadline')).toHaveText(/^Test your stream by \w{3} \d+ \w{3} \d{4} · \d\d:\d\d London time, then tell the hosts it works\.$/);
  await look(rex, testInfo, 'dj-stream-tested-box');
  await rexTest.getByRole('button', { name: 'Stream tested' }).click();
  await expect(rexTest).toContainText(/Stream tested: .+\. Thanks!/);

  // Staff tick Kai's in Stream Details (slot 3); it is recorded at once, with the time.
  await page.goto(`/events/${eventId}/technicalDetails`);
  const kaiStream = page.getByRole('group', { name: /^Slot 3 - / });
  await expect(kaiStream.getByLabel('Slot Name')).toHaveValue(`Kai ${tag}`);
  await expect(kaiStream.getByTestId('stream-check')).toContainText(/To be tested by .+ London time/);
  // Ticked once the server recorded it.
  await kaiStream.getByLabel('Stream tested').click();
  await expect(kaiStream.getByLabel('Stream tested')).toBeChecked();
  await expect(kaiStream.getByTestId('stream-check')).toContainText(/Tested .+ London time/);
  // Rex's own press shows there too.
  await expect(page.getByRole('group', { name: /^Slot 1 - / }).getByLabel('Stream tested')).toBeChecked();

  // Preflight names only Dana's slot, with its time and the deadline, in London time.
  await page.goto(`/events/${eventId}/preflight`);
  const untested = page.getByTestId('untested-streams');
  await expect(untested.getByRole('listitem')).toHaveText([new RegExp(`^Dana ${tag}: \\d\\d:\\d\\d–\\d\\d:\\d\\d London time$`)]);
  await expect(untested).toContainText(/To be tested by \w{3} \d+ \w{3} \d\d:\d\d London time/);
  await expect(page.getByText(`Not tested: Dana ${tag}`)).toBeHidden();
  await look(page, testInfo, 'preflight-untested-streams');

  // Past the deadline (2 hours before the start, the deadline being 3): Dana's slot is flagged,
  // and her signup page says the deadline has passed.
  await setTestClock(admin.request, startMs - 2 * HOUR);
  await dana.goto(`/eventSignup/${eventId}`);
  await expect(dana.getByTestId('stream-test-deadline')).toHaveText(/^The deadline to test your stream \(.+ London time\) has passed: test it now and tell the hosts it works\.$/);
  await page.goto(`/events/${eventId}/lineup`);
  await expect(page.getByTestId('stream-check-overdue')).toHaveCount(1);
  const danaSlot = slotCard(page, `Dana ${tag}`);
  await expect(danaSlot.getByTestId('stream-check-overdue')).toContainText('Stream not tested');
  await look(page, testInfo, 'lineup-stream-not-tested');
  await danaSlot.getByTestId('stream-check-overdue').getByRole('button', { name: 'Swap in standby' }).click();
  const dialog = page.getByRole('dialog', { name: 'Swap in standby' });
  await expect(dialog).toContainText(`The standby takes over Dana ${tag}'s slot`);
  await expect(dialog.getByLabel('Standby to swap in').locator('option:checked')).toHaveText(new RegExp(`Bench ${tag}`));
  await dialog.getByRole('button', { name: 'Swap in' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('slot-card').locator('h3')).toHaveText([new RegExp(`^Rex ${tag}`), new RegExp(`^Bench ${tag}`), new RegExp(`^Kai ${tag}`)]);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Event saved.')).toBeVisible();

  // The Preflight follows: Bench has not tested either.
  await page.goto(`/events/${eventId}/preflight`);
  await expect(untested.getByRole('listitem')).toHaveText([new RegExp(`^Bench ${tag}: `)]);
  await expect(untested).toContainText('Deadline passed:');
});
