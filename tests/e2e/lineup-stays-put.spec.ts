import type { Page } from '@playwright/test';
import { createDj, createEvent, daysFromNow, fillStreamSources, getEvent, minutesAgo, putInLineup, saveLineup, submitSignup, updateEvent } from './support/api';
import { signInAs } from './support/auth';
import { expect, test } from './support/fixtures';
import { shot } from './support/shots';

// Issue 13 items 3–5 as a host and a DJ live them: a DJ's update after the lineup was built
// waits for the host (Apply / Dismiss), the DJ confirms their slot, and the Preflight tab gates
// Publish on what the night needs, with Unpublish after.

/** A DJ signed in on their own page, signed up for the event with a one-hour set. */
async function djSignedUp(openPage: () => Promise<Page>, eventId: string, name: string): Promise<Page> {
  const dj = await openPage();
  await signInAs(dj, 'dj');
  await submitSignup(dj.request, eventId, { name, requested_duration: 1, type: 'LIVE', stream_link: 'rtmp://rex.example/live/key' });
  return dj;
}

test('a DJ updates a signup already in the lineup: the slot stays put until the host applies it', async ({ page, openPage }) => {
  await signInAs(page, 'admin');
  const eventId = await createEvent(page.request, { name: `Stays Put ${Date.now()}`, start: daysFromNow(7) });
  const dj = await djSignedUp(openPage, eventId, 'Rex');
  await putInLineup(page.request, eventId, [(await getEvent(page.request, eventId)).signups[0]!.uuid]);

  // Rex asks for half an hour instead.
  await submitSignup(dj.request, eventId, { name: 'Rex', requested_duration: 0.5, type: 'LIVE', stream_link: 'rtmp://rex.example/live/key' });

  await page.goto(`/events/${eventId}/lineup`);
  await expect(page.getByRole('link', { name: '1 pending change' })).toBeVisible();
  const slot = page.getByTestId('slot-card');
  await expect(slot.getByTestId('pending-change')).toContainText('updated their signup:');
  await expect(slot.getByTestId('pending-change')).toContainText('Length: 1 h → 30 min');
  // The slot still plays the hour the host built.
  await expect(slot.getByLabel('Requested Duration')).toHaveValue('1');

  await slot.getByRole('button', { name: 'Apply' }).click();
  await expect(slot.getByLabel('Requested Duration')).toHaveValue('0.5');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Event saved.')).toBeVisible();
  await expect(page.getByRole('link', { name: '1 pending change' })).toBeHidden();
  await page.reload();
  await expect(page.getByTestId('slot-card').getByLabel('Requested Duration')).toHaveValue('0.5');
  await expect(page.getByTestId('pending-change')).toHaveCount(0);

  // A later update the host dismisses: the slot keeps its length.
  await submitSignup(dj.request, eventId, { name: 'Rex', requested_duration: 1, type: 'LIVE', stream_link: 'rtmp://rex.example/live/key' });
  await page.reload();
  await page.getByTestId('slot-card').getByRole('button', { name: 'Dismiss' }).click();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Event saved.')).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('slot-card').getByLabel('Requested Duration')).toHaveValue('0.5');
  await expect(page.getByTestId('pending-change')).toHaveCount(0);
});

test('the DJ confirms their slot; Preflight gates Publish on it; the host publishes and unpublishes', async ({ page, openPage }) => {
  await signInAs(page, 'admin');
  const eventId = await createEvent(page.request, { name: `Checklist Night ${Date.now()}`, start: daysFromNow(7, 19) });
  const dj = await djSignedUp(openPage, eventId, 'Rex Live');
  await putInLineup(page.request, eventId, [(await getEvent(page.request, eventId)).signups[0]!.uuid]);

  await page.goto(`/events/${eventId}/preflight`);
  await expect(page.getByRole('heading', { name: 'Preflight', exact: true })).toBeVisible();
  // The slot streams from the link Rex gave; only the confirmation is missing.
  await expect(page.getByText(/No source: /)).toBeHidden();
  await expect(page.getByText(/Not confirmed: /)).toBeVisible();
  // Publish names what is open and waits for 'Publish anyway' (issue 25); not yet.
  await page.getByRole('button', { name: 'Publish Event' }).last().click();
  await expect(page.getByRole('dialog')).toContainText('Requirements not met: Every DJ confirmed their slot (Not confirmed:');
  await page.getByRole('dialog').getByRole('button', { name: 'Not yet' }).click();
  await expect(page.getByText('Unpublished', { exact: true })).toBeVisible();

  // The DJ sees their slot in the series' zone and their own, and confirms.
  await dj.goto(`/eventSignup/${eventId}`);
  const confirmation = dj.getByTestId('slot-confirmation');
  await expect(confirmation).toContainText(/Your slot: Rex Live, \w{3} \d\d:\d\d–\d\d:\d\d London/);
  await confirmation.getByRole('button', { name: 'Confirm' }).click();
  await expect(confirmation).toContainText('You confirmed this slot.');
  await expect(confirmation.getByRole('button', { name: "I can't make it" })).toBeVisible();

  // The host ticks an optional step and publishes.
  await fillStreamSources(page.request, eventId);
  await page.reload();
  await expect(page.getByText(/Not confirmed: /)).toBeHidden();
  // Ticked once the server recorded it.
  await page.getByLabel('Announcement texts copied').click();
  await expect(page.getByLabel('Announcement texts copied')).toBeChecked();
  await expect(page.getByText('5 of 7 done')).toBeVisible();
  await page.getByRole('button', { name: 'Publish Event' }).last().click();
  await expect(page.getByText('Event published.')).toBeVisible();
  await expect(page.getByText('Published', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Unpublish' }).first().click();
  await page.getByRole('dialog').getByRole('button', { name: 'Unpublish' }).click();
  await expect(page.getByText('Event unpublished.')).toBeVisible();
  await expect(page.getByText('Unpublished', { exact: true })).toBeVisible();

  // Staff can record an answer too: the lineup shows it.
  await page.goto(`/events/${eventId}/lineup`);
  await expect(page.getByTestId('slot-card').getByTestId('confirmation')).toHaveText('Confirmed');
  await page.getByRole('button', { name: 'Slot menu for Rex Live' }).click();
  await page.getByRole('button', { name: 'Mark as declined' }).click();
  await expect(page.getByTestId('slot-card').getByTestId('confirmation')).toHaveText('Declined');

  // Verify DJs lists each DJ's answer; the host records a yes given in Discord.
  await page.getByRole('link', { name: 'Verify DJs', exact: true }).click();
  await expect(page.getByText('0 of 1 confirmed')).toBeVisible();
  await expect(page.getByTestId('dj-confirmation').getByTestId('confirmation')).toHaveText('Declined');
  await page.getByRole('button', { name: /^Mark .+ as confirmed$/ }).click();
  await expect(page.getByText('1 of 1 confirmed')).toBeVisible();
});

test('compact rows: a six-slot night fits one screen at 1280×900, and a row opens on click', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAs(page, 'admin');
  const tag = Date.now();
  const eventId = await createEvent(page.request, { name: `Six Slots ${tag}`, start: daysFromNow(7) });
  const djs = await Promise.all(['Ash', 'Bea', 'Cy', 'Dee', 'Eli', 'Fay'].map((name) => createDj(page.request, { djName: `${name} ${tag}` })));
  await saveLineup(page.request, eventId, djs.map((dj) => ({ djs: [dj] })));

  await page.goto(`/events/${eventId}/lineup`);
  await page.getByLabel('Compact rows').check();
  const slots = page.getByTestId('slot-card');
  await expect(slots).toHaveCount(6);
  await expect(slots.getByLabel('Requested Duration')).toHaveCount(0);
  await expect(slots.first()).toContainText(/\d\d:\d\d–\d\d:\d\d/);
  await expect(slots.first()).toContainText('1 h');
  const last = await slots.last().boundingBox();
  expect(last!.y + last!.height).toBeLessThanOrEqual(900);
  await shot(page, testInfo, 'compact-rows.png', { fullPage: false });

  await slots.first().getByRole('button', { name: `Ash ${tag}`, exact: true }).click();
  await expect(slots.first().getByLabel('Requested Duration')).toBeVisible();
  // The choice is remembered in this browser.
  await page.reload();
  await expect(page.getByLabel('Compact rows')).toBeChecked();
});

test('signups close by themselves at the deadline the host set, and DJs are told when', async ({ page, openPage }) => {
  await signInAs(page, 'admin');
  const eventId = await createEvent(page.request, { name: `Deadline Night ${Date.now()}`, start: daysFromNow(7) });
  await updateEvent(page.request, eventId, { signupsCloseAt: daysFromNow(3) });
  await page.goto(`/events/${eventId}`);
  await expect(page.getByLabel('Signups close at (optional)')).not.toHaveValue('');

  const dj = await openPage();
  await signInAs(dj, 'dj');
  await dj.goto(`/eventSignup/${eventId}`);
  await expect(dj.getByText(/^Signups close \w{3} \d+ \w{3} \d{4}, \d\d:\d\d (UTC|.+ time)\.$/)).toBeVisible();
  await expect(dj.getByRole('link', { name: 'Get Started' })).toBeVisible();

  // The deadline passes: the page says signups are closed, without the host doing anything.
  await updateEvent(page.request, eventId, { signupsCloseAt: minutesAgo(1) });
  await dj.reload();
  await expect(dj.getByRole('heading', { name: 'Signups Closed' })).toBeVisible();
  await expect(dj.getByRole('link', { name: 'Get Started' })).toHaveCount(0);
});
