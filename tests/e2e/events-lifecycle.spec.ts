import type { Page } from '@playwright/test';
import { createDj, createEvent, daysFromNow, eventExists, getEvent, publish, putInLineup, saveLineup, submitSignup } from './support/api';
import { signInAs } from './support/auth';
import { expect, test } from './support/fixtures';
import { DESKTOP, PHONE, shot, snap } from './support/shots';
import { openEventAction } from './support/event-page';

// Issue 13 "cancel, delete, archive, nothing lost": a host deletes an empty event; cancels and
// restores a published one (its DJ no longer sees it meanwhile); archives and restores a DJ;
// merges two records of one DJ. Each behind a confirm dialog.

const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

const dialog = (page: Page, title: string | RegExp) => page.getByRole('dialog', { name: title });

test.use({ viewport: DESKTOP });

test('an unpublished event without signups is deleted after confirming', async ({ page }, testInfo) => {
  await signInAs(page, 'host');
  const name = unique('Typo Night');
  const eventId = await createEvent(page.request, { name, start: daysFromNow(9) });

  await page.goto(`/events/${eventId}`);
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await openEventAction(page, 'Delete Event');
  await expect(page.getByRole('button', { name: 'Cancel Event' })).toBeHidden();
  await expect(dialog(page, `Delete ${name}?`)).toContainText('has no signups and was never published');
  await snap(page, testInfo, 'delete-confirm');

  // Keep Event changes nothing.
  await dialog(page, `Delete ${name}?`).getByRole('button', { name: 'Keep Event' }).click();
  await expect(dialog(page, `Delete ${name}?`)).toBeHidden();
  expect(await eventExists(page.request, eventId)).toBe(true);

  await openEventAction(page, 'Delete Event');
  await dialog(page, `Delete ${name}?`).getByRole('button', { name: 'Delete Event' }).click();
  await expect(page).toHaveURL(/\/events$/);
  await expect(page.getByText(`${name} was deleted.`)).toBeVisible();
  await expect(page.getByRole('link', { name })).toBeHidden();
  expect(await eventExists(page.request, eventId)).toBe(false);
});

test('a published event is cancelled and restored with its signup; its DJ sees it closed meanwhile', async ({ page, openPage }, testInfo) => {
  await signInAs(page, 'host');
  const name = unique('Storm Night');
  const eventId = await createEvent(page.request, { name, start: daysFromNow(10) });
  const dj = await openPage({ viewport: PHONE });
  await signInAs(dj, 'dj');
  await submitSignup(dj.request, eventId, { name: 'Dana live', dj_notes: 'bring snacks' });
  await putInLineup(page.request, eventId, (await getEvent(page.request, eventId)).signups.map((signup) => signup.uuid));
  await publish(page.request, eventId);

  await dj.goto(`/eventSignup/${eventId}`);
  await expect(dj.getByRole('heading', { name: new RegExp(`^You are signed up for ${name}`) })).toBeVisible();

  // A published event with a signup cannot be deleted, only cancelled.
  await page.goto(`/events/${eventId}`);
  await expect(page.getByText('Published', { exact: true })).toBeVisible();
  await openEventAction(page, 'Cancel Event');
  await expect(page.getByRole('button', { name: 'Delete Event' })).toBeHidden();
  const cancel = dialog(page, `Cancel ${name}?`);
  await expect(cancel).toContainText('Its 1 signup, lineup and plays are kept');
  await snap(page, testInfo, 'cancel-confirm');
  await cancel.getByRole('button', { name: 'Cancel Event' }).click();
  await expect(cancel).toBeHidden();
  await expect(page.getByText('Cancelled', { exact: true })).toBeVisible();
  // One badge: a cancelled event is not shown as Published beside it (issue 25).
  await expect(page.getByText('Published', { exact: true })).toBeHidden();
  // Issue 34: what cancelled means now, and the text that tells everyone, the lineup's DJ by mention.
  const notice = page.getByTestId('cancellation-notice');
  await expect(notice).toContainText('This event is cancelled');
  const text = notice.getByLabel(/^Cancellation text for Discord/);
  await expect(text).toHaveValue(new RegExp(`is cancelled: it will not take place\\.[\\s\\S]*<@\\d+>: your sets are off`));
  await expect(notice.getByRole('button', { name: 'Copy Text' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Publish Event' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Unpublish' })).toBeHidden();
  await snap(page, testInfo, 'event-cancelled');

  // Kept: the signup and its answers are still there.
  const cancelled = await getEvent(page.request, eventId);
  expect(cancelled.signups.map((signup) => [signup.name, signup.formData?.dj_notes])).toEqual([['Dana live', 'bring snacks']]);

  // The events list marks it.
  await page.goto('/events');
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name }) });
  await expect(row.getByText('Cancelled', { exact: true })).toBeVisible();
  await expect(row.getByTestId('event-badges')).not.toContainText('Published');
  await snap(page, testInfo, 'events-list-cancelled');

  // The DJ's signup page says first, in words, that the event is cancelled; then the spec's closed state.
  await dj.reload();
  await expect(dj.getByRole('heading', { name: 'Event Cancelled', level: 1 })).toBeVisible();
  await expect(dj.getByTestId('event-cancelled')).toContainText(`${name} (`);
  await expect(dj.getByTestId('event-cancelled')).toContainText('is cancelled: it will not take place.');
  await expect(dj.getByRole('heading', { name: 'Signups Closed' })).toBeVisible();
  await expect(dj.getByText('You were on Dana live')).toBeVisible();
  // Their submission stays readable (issue 14: after signups close), but cannot be changed.
  await expect(dj.getByRole('link', { name: 'Update Signup' })).toHaveCount(0);
  await expect(dj.getByRole('link', { name: 'Get Started' })).toHaveCount(0);
  await shot(dj, testInfo, 'dj-signup-cancelled-390.png');
  // Nor does the wizard take them in.
  await dj.goto(`/eventSignup/${eventId}/wizard`);
  await expect(dj.getByRole('heading', { name: 'Event Cancelled', level: 1 })).toBeVisible();
  await expect(dj.getByText('Signups for this event are currently closed.')).toBeVisible();
  await expect(dj.getByRole('button', { name: 'Next' })).toHaveCount(0);

  // Its public page, on a visitor's phone: cancelled, in words, and no lineup.
  const visitor = await openPage({ viewport: PHONE });
  await visitor.goto(`/lineups/${eventId}`);
  await expect(visitor.getByRole('heading', { name, level: 1 })).toBeVisible();
  await expect(visitor.getByTestId('cancelled')).toHaveText('Cancelled: this event will not take place.');
  await expect(visitor.getByText('Dana live')).toHaveCount(0);
  await visitor.goto('/lineups');
  await expect(visitor.locator('.public-card').filter({ hasText: name })).toContainText('Cancelled: this event will not take place.');

  // Issue 25: their home no longer offers it for signup, and their signup says it is cancelled.
  await dj.goto('/');
  await expect(dj.getByRole('heading', { name: 'Home', level: 1 })).toBeVisible();
  await expect(dj.getByRole('region', { name: 'Open for signup' })).not.toContainText(name);
  const ownSignup = dj.getByRole('region', { name: 'Your signups' }).getByTestId('own-signup').filter({ hasText: name });
  await expect(ownSignup).toContainText('Cancelled');
  await expect(ownSignup).toContainText('This event is cancelled: it will not take place.');
  await expect(ownSignup).not.toContainText('Confirmed');
  await expect(dj.getByRole('link', { name: `Update Signup for ${name}` })).toHaveCount(0);
  await shot(dj, testInfo, 'dj-home-cancelled-390.png');

  await row.getByRole('link', { name }).click();
  await page.getByRole('button', { name: 'Restore Event' }).click();
  const restore = dialog(page, `Restore ${name}?`);
  await expect(restore).toContainText('is back as it was');
  await restore.getByRole('button', { name: 'Restore Event' }).click();
  await expect(restore).toBeHidden();
  await expect(page.getByText('Cancelled', { exact: true })).toBeHidden();
  await page.getByRole('button', { name: 'More actions' }).click();
  await expect(page.getByRole('button', { name: 'Cancel Event' })).toBeVisible();
  await page.keyboard.press('Escape');

  await dj.goto(`/eventSignup/${eventId}`);
  await expect(dj.getByRole('heading', { name: new RegExp(`^You are signed up for ${name}`) })).toBeVisible();
  await expect(dj.locator('dl').getByText('Dana live', { exact: true })).toBeVisible();
});

test('a DJ is archived (gone from the roster and the DJ search, plays kept) and restored', async ({ page }, testInfo) => {
  await signInAs(page, 'host');
  const dj = await createDj(page.request, { djName: unique('Old Owl') });
  const played = unique('Owl Night');
  const playedId = await createEvent(page.request, { name: played, start: daysFromNow(-14) });
  await saveLineup(page.request, playedId, [{ djs: [dj] }]);
  const upcomingId = await createEvent(page.request, { name: unique('Next Night'), start: daysFromNow(12) });

  await page.goto(`/djs/${dj.id}`);
  await page.getByRole('button', { name: 'Archive' }).click();
  const archive = dialog(page, `Archive ${dj.djName}?`);
  await expect(archive).toContainText('Their plays and signups are kept');
  await snap(page, testInfo, 'archive-confirm');
  await archive.getByRole('button', { name: 'Archive' }).click();
  await expect(archive).toBeHidden();
  await expect(page.getByText('Archived', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Plays (1)' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Plays (1)' }).getByRole('link', { name: new RegExp(played) })).toBeVisible();
  await snap(page, testInfo, 'dj-archived');

  // The roster's default view leaves them out; Show archived lists them, marked.
  await page.goto('/djs');
  await page.getByLabel('Search').fill(dj.djName);
  await expect(page.getByRole('link', { name: dj.djName })).toBeHidden();
  await page.getByLabel('Show archived').check();
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: dj.djName }) });
  await expect(row.getByText('Archived', { exact: true })).toBeVisible();
  await snap(page, testInfo, 'roster-show-archived');

  // The lineup's DJ search does not offer them.
  await page.goto(`/events/${upcomingId}/lineup`);
  await page.getByRole('button', { name: 'Add DJ to Signups' }).click();
  await page.getByLabel('DJ', { exact: true }).fill(dj.djName);
  await expect(page.getByText('No matches found.')).toBeVisible();
  await page.keyboard.press('Escape');

  await page.goto(`/djs/${dj.id}`);
  await page.getByRole('button', { name: 'Restore' }).click();
  await dialog(page, `Restore ${dj.djName}?`).getByRole('button', { name: 'Restore' }).click();
  await expect(page.getByText('Archived', { exact: true })).toBeHidden();
  await page.goto('/djs');
  await page.getByLabel('Search').fill(dj.djName);
  await expect(page.getByRole('link', { name: dj.djName })).toBeVisible();
});

test('two records of one DJ are merged: plays move, the kept Discord ID stays', async ({ page }, testInfo) => {
  await signInAs(page, 'host');
  const tag = unique('Nova');
  const typedIn = await createDj(page.request, { djName: `${tag} (typed in)` });
  const kept = await createDj(page.request, { djName: tag });
  const played = unique('Launch Night');
  const playedId = await createEvent(page.request, { name: played, start: daysFromNow(-21) });
  await saveLineup(page.request, playedId, [{ djs: [typedIn] }]);

  await page.goto(`/djs/${typedIn.id}`);
  await page.getByRole('button', { name: 'Merge into…' }).click();
  const pick = dialog(page, `Merge ${typedIn.djName} into…`);
  await pick.getByLabel('Record to keep').fill(tag);
  await expect(pick.getByRole('option', { name: `${typedIn.djName} (${typedIn.publicName})` })).toBeHidden();
  await pick.getByRole('option', { name: `${kept.djName} (${kept.publicName})` }).click();

  const confirm = dialog(page, `Merge ${typedIn.djName} into ${kept.djName}?`);
  await expect(confirm).toContainText("1 play, signups with their answers, lineup slots and sign-ins move");
  await expect(confirm).toContainText(`${kept.djName} keeps ${kept.discordId}, and ${typedIn.discordId} is dropped`);
  await snap(page, testInfo, 'merge-confirm');
  await confirm.getByRole('button', { name: 'Merge' }).click();

  await expect(page).toHaveURL(new RegExp(`/djs/${kept.id}$`));
  await expect(page.getByRole('heading', { name: kept.djName, level: 1 })).toBeVisible();
  await expect(page.getByText(kept.discordId!)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Plays (1)' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Plays (1)' }).getByRole('link', { name: new RegExp(played) })).toBeVisible();

  const event = await getEvent(page.request, playedId);
  expect(event.signups.map((signup) => signup.djRefs)).toEqual([[kept.id]]);
  await page.goto(`/djs/${typedIn.id}`);
  await expect(page.getByText('DJ not found.')).toBeVisible();
});
