import type { Page, TestInfo } from '@playwright/test';
import { expectNoSeriousViolationsOnPhone } from './support/a11y';
import {
  confirmSlot,
  createEvent,
  daysFromNow,
  fakeDiscordMessages,
  getEvent,
  myDjId,
  newFakeWebhook,
  putDjInLineup,
  setSchedulingWebhook,
  setTestClock,
  submitSignup,
} from './support/api';
import { signInAs } from './support/auth';
import { expect, test } from './support/fixtures';
import { DESKTOP, shot } from './support/shots';
import { openEventAction } from './support/event-page';

// Issue 35, the Discord loop, as a host and a DJ live it, against the fake Discord of
// support/global-setup.ts. Each test has a server of its own (the webhooks and reminders live in
// Global Settings, which other specs save too); the reminders' one runs with TEST_CLOCK=on, so the
// test sets the schedule's clock through the app (README) and restarts the app in between.
test.use({ ownServer: true, serverEnv: { TEST_CLOCK: 'on' } });

/** Dana, the development sign-in's DJ, as Discord knows her (src/server/auth/dev-accounts.ts). */
const DANA_DISCORD_ID = '900000000000000003';
const HOUR = 3_600_000;

/** The new screens as people see them: axe in light and dark on a phone, a screenshot (in the test's output) at 1280 px. */
async function look(page: Page, testInfo: TestInfo, name: string) {
  await expectNoSeriousViolationsOnPhone(page, testInfo, name);
  await shot(page, testInfo, `${name}-light-1280.png`, { size: DESKTOP });
}

/** Dana signs in on a page of her own and signs up for the event. */
async function danaSignedUp(openPage: () => Promise<Page>, eventId: string): Promise<Page> {
  const dana = await openPage();
  await signInAs(dana, 'dj');
  await submitSignup(dana.request, eventId, { name: 'DJ Dana', type: 'LIVE', stream_link: 'rtmp://dana.example/live/key' });
  return dana;
}

test('a DJ is placed: the post mentions only her, with her confirm link; she confirms in the app and the host sees it without marking anything', async ({ page, openPage, appUrl }, testInfo) => {
  // Two browsers on a server of its own.
  test.setTimeout(240_000);
  await signInAs(page, 'host');
  const webhook = await newFakeWebhook(page.request);
  await setSchedulingWebhook(page.request, webhook.url);
  const eventId = await createEvent(page.request, { name: `Loop Night ${Date.now()}`, start: daysFromNow(6) });
  const dana = await danaSignedUp(openPage, eventId);

  // The host adds Dana to the lineup; the save bar offers to tell her, with the post to preview.
  await page.goto(`/events/${eventId}/lineup`);
  await page.getByRole('group', { name: 'Signup DJ Dana' }).getByRole('button', { name: 'Add to Lineup' }).click();
  const bar = page.getByRole('region', { name: 'Unsaved changes' });
  const tell = bar.getByLabel(/^Tell .+ in Discord of their new or moved slot$/);
  // The lineup was not put to the DJs yet (no Verify DJs post): nobody is pinged unless the host says so.
  await expect(tell).not.toBeChecked();
  await tell.check();
  await bar.getByText('Preview the post').click();
  const link = `${appUrl}/eventSignup/${eventId}`;
  await expect(bar.locator('pre')).toContainText(`<@${DANA_DISCORD_ID}> you are in the lineup: DJ Dana,`);
  await expect(bar.locator('pre')).toContainText(`Confirm it here: <${link}>`);
  const preview = await bar.locator('pre').textContent();
  await look(page, testInfo, 'save-bar-tells-djs');
  await bar.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Event saved.').first()).toBeVisible();

  // Discord gets exactly that text, allowed to ping Dana and nobody else.
  await expect.poll(async () => (await fakeDiscordMessages(page.request, webhook.id)).length).toBe(1);
  const [placed] = await fakeDiscordMessages(page.request, webhook.id);
  expect(placed!.content).toBe(preview);
  expect(placed!.allowedMentions).toEqual({ parse: [], users: [DANA_DISCORD_ID], roles: [] });

  // Verify DJs: the message carries her confirm link too, and the post is listed as sent.
  await page.getByRole('link', { name: 'Verify DJs' }).click();
  await expect(page.getByLabel('Proposed lineup message')).toHaveValue(new RegExp(`<@${DANA_DISCORD_ID}> · confirm: <${link.replace(/[.]/g, '\\.')}>`));
  const posts = page.getByRole('region', { name: 'Posts to DJs in Discord' });
  await expect(posts.getByTestId('dj-post').filter({ hasText: 'Lineup change' })).toContainText('Sent');
  const confirmations = page.getByTestId('dj-confirmation');
  await expect(confirmations).toContainText('Proposed');
  await expect(page.getByText('0 of 1 confirmed')).toBeVisible();
  await posts.getByText('Text').click();
  await look(page, testInfo, 'verify-djs-posts');

  // Dana follows the link from the post and confirms.
  await dana.goto(placed!.content.match(/<(http[^>]+)>/)![1]!);
  const slot = dana.getByTestId('slot-confirmation');
  await slot.getByRole('button', { name: 'Confirm' }).click();
  await expect(slot).toContainText('You confirmed this slot.');

  // The host's page follows live: confirmed, nothing to mark.
  await expect(page.getByText('1 of 1 confirmed')).toBeVisible();
  await expect(confirmations).toContainText('Confirmed');
  await expect(page.getByRole('button', { name: /^Mark .+ as confirmed$/ })).toHaveCount(0);
});

test('a lineup DJ gets exactly one reminder, at the offset, with a restart in between; cancelling the event first drops it', async ({ page, openPage, server }) => {
  test.setTimeout(240_000);
  await signInAs(page, 'admin');
  const webhook = await newFakeWebhook(page.request);
  await setSchedulingWebhook(page.request, webhook.url);
  const start = daysFromNow(3);
  const eventId = await createEvent(page.request, { name: `Reminder Night ${Date.now()}`, start });
  const dana = await danaSignedUp(openPage, eventId);
  await putDjInLineup(page.request, eventId, await myDjId(dana.request));
  await confirmSlot(dana.request, eventId);

  await page.goto(`/events/${eventId}/verifyDJs`);
  const reminder = page.getByRole('region', { name: 'Posts to DJs in Discord' }).getByTestId('dj-post').filter({ hasText: 'Reminder before the slot' });
  await expect(reminder).toContainText('Scheduled');
  // In the browser's zone, named.
  await expect(reminder).toContainText(/Due \w{3} \d+ \w{3} \d{4}, \d\d:\d\d (UTC|.+ time)/);

  const startMs = Date.parse(start);
  expect(await setTestClock(page.request, startMs - HOUR - 60_000)).toMatchObject({ sent: 0 });
  expect(await fakeDiscordMessages(page.request, webhook.id)).toEqual([]);

  await server!.restart();

  expect(await setTestClock(page.request, startMs - HOUR + 60_000)).toMatchObject({ sent: 1 });
  expect(await setTestClock(page.request, startMs - HOUR + 2 * 60_000)).toMatchObject({ sent: 0 });
  const messages = await fakeDiscordMessages(page.request, webhook.id);
  expect(messages).toHaveLength(1);
  const end = (await getEvent(page.request, eventId)).endDatetime;
  const [t, e] = [Date.parse(start) / 1000, Date.parse(end) / 1000];
  expect(messages[0]!.content).toContain(`<@${DANA_DISCORD_ID}> your slot in Reminder Night`);
  expect(messages[0]!.content).toContain(`starts <t:${t}:R>: DJ Dana, <t:${t}:t>–<t:${e}:t>`);
  expect(messages[0]!.allowedMentions).toEqual({ parse: [], users: [DANA_DISCORD_ID], roles: [] });
  await page.reload();
  await expect(reminder).toContainText('Sent');

  // Another night: cancelled before its reminder is due, through the page. Nothing goes out.
  const laterStart = daysFromNow(4);
  const later = await createEvent(page.request, { name: `Called Off ${Date.now()}`, start: laterStart });
  await submitSignup(dana.request, later, { name: 'DJ Dana', type: 'LIVE', stream_link: 'rtmp://dana.example/live/key' });
  await putDjInLineup(page.request, later, await myDjId(dana.request));
  await page.goto(`/events/${later}/verifyDJs`);
  await expect(page.getByTestId('dj-post').filter({ hasText: 'Reminder before the slot' })).toContainText('Scheduled');
  await openEventAction(page, 'Cancel Event');
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel(/^Tell .+ in Discord that the event is cancelled$/)).not.toBeChecked();
  await dialog.getByRole('button', { name: 'Cancel Event' }).click();
  await expect(page.getByText('Event cancelled.')).toBeVisible();
  await expect(page.getByText('This event is cancelled: Lineup sends no reminders for it.')).toBeVisible();
  await expect(page.getByTestId('dj-post')).toHaveCount(0);
  expect(await setTestClock(page.request, Date.parse(laterStart) - HOUR + 60_000)).toMatchObject({ sent: 0 });
  expect(await fakeDiscordMessages(page.request, webhook.id)).toHaveLength(1);
});

test('Global Settings → Reminders moves the schedule; a DJ turns her reminders off on her Home, by keyboard', async ({ page, openPage }, testInfo) => {
  test.setTimeout(240_000);
  await signInAs(page, 'admin');
  await setSchedulingWebhook(page.request, (await newFakeWebhook(page.request)).url);
  const start = daysFromNow(5);
  const eventId = await createEvent(page.request, { name: `Settings Night ${Date.now()}`, start });
  const dana = await danaSignedUp(openPage, eventId);
  await putDjInLineup(page.request, eventId, await myDjId(dana.request));

  await page.goto('/globalSettings#reminders');
  await expect(page.getByRole('heading', { name: 'Reminders' })).toBeVisible();
  const section = page.getByRole('region', { name: 'Reminders' });
  await expect(section.getByLabel('Remind each lineup DJ before their slot')).toBeChecked();
  await section.getByLabel('Minutes before the slot').fill('3');
  await section.getByRole('button', { name: 'Save reminders' }).click();
  await expect(section.getByText('Minutes before the slot must be at least 5.')).toBeVisible();
  await section.getByLabel('Minutes before the slot').fill('30');
  await section.getByLabel('Remind DJs who have not confirmed their slot').uncheck();
  await section.getByRole('button', { name: 'Save reminders' }).click();
  await expect(section.getByText("Reminder settings saved. Every upcoming event's reminders follow them.")).toBeVisible();
  await look(page, testInfo, 'settings-reminders');

  await page.goto(`/events/${eventId}/verifyDJs`);
  const posts = page.getByRole('region', { name: 'Posts to DJs in Discord' });
  await expect(posts).toContainText('Reminders go to each DJ 30 min before their slot.');
  await expect(posts.getByTestId('dj-post')).toHaveCount(1);
  await expect(posts.getByTestId('dj-post')).toContainText('Reminder before the slot');

  // Dana, on her phone, turns them off with the keyboard.
  await dana.setViewportSize({ width: 390, height: 844 });
  await dana.goto('/');
  const choice = dana.getByRole('switch', { name: 'Remind me before my slots' });
  await expect(choice).toBeChecked();
  await expect(dana.getByText('Lineup mentions you in the scheduling channel 30 min before your slot.')).toBeVisible();
  await choice.focus();
  await dana.keyboard.press('Space');
  await expect(dana.getByText('Reminders are off.')).toBeVisible();
  await expect(choice).not.toBeChecked();
  await expect(dana.getByText('Off: Lineup does not remind you. Turned on, it mentions you in the scheduling channel 30 min before your slot.')).toBeVisible();
  await look(dana, testInfo, 'dj-home-reminders');

  await page.reload();
  await expect(posts.getByText('Nothing yet: reminders are scheduled once DJs are in the saved lineup.')).toBeVisible();
});
