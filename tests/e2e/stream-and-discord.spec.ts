import type { Page, TestInfo } from '@playwright/test';
import { expectNoSeriousViolations } from './support/a11y';
import { createEvent, daysFromNow, fakeDiscordMessages, newFakeWebhook, submitSignup } from './support/api';
import { signInAs } from './support/auth';
import { expect, test } from './support/fixtures';
import { DESKTOP, PHONE, snap as snapSizes } from './support/shots';

// Issue 13 "stream details from the signup" and issue 14 "Post to Discord": a DJ picks a link
// they used before; the host finds it as the slot's source, copies the run sheet, and posts the
// announcement through a webhook of the fake Discord (support/global-setup.ts), then updates it.
// A server of its own: the webhooks live in Global Settings, which other specs save too.
test.use({ ownServer: true, permissions: ['clipboard-read', 'clipboard-write'] });

/** axe on the screen as it is (this spec's screens for a11y.spec.ts's rule), and screenshots at both sizes. */
async function snap(page: Page, testInfo: TestInfo, name: string) {
  await expectNoSeriousViolations(page, testInfo, name);
  await snapSizes(page, testInfo, name);
}

const next = (page: Page) => page.getByRole('button', { name: 'Next' }).click();

test('a previous stream link goes from the wizard to Stream Details, the run sheet and a Discord post that is then updated', async ({
  page,
  openPage,
}, testInfo) => {
  // Two browsers and axe on six screens: 102 s in CI on the slower 2-core machine.
  test.setTimeout(240_000);
  await page.setViewportSize(DESKTOP);
  await signInAs(page, 'admin');
  const earlier = await createEvent(page.request, { name: `Last Week ${Date.now()}`, start: daysFromNow(2) });
  const eventName = `Stream Night ${Date.now()}`;
  const eventId = await createEvent(page.request, { name: eventName, start: daysFromNow(9), message: 'Come chill!' });

  // The DJ streamed from Twitch for an earlier event; the wizard offers that link in its one form.
  const dj = await openPage({ viewport: PHONE });
  await signInAs(dj, 'dj');
  await submitSignup(dj.request, earlier, { name: 'DJ Dana', type: 'LIVE', stream_link: 'https://www.twitch.tv/Dana_Streams' });
  await dj.goto(`/eventSignup/${eventId}/wizard`);
  await dj.getByLabel('Name').fill('DJ Dana');
  await dj.getByLabel('One Hour').check();
  await dj.getByLabel('Live', { exact: true }).check();
  await next(dj);
  await next(dj);
  await expect(dj.getByRole('heading', { name: 'Step 3 of 4: Stream Details' })).toBeVisible();
  const link = dj.getByLabel('Stream link');
  // A bare username is shown as the channel link it stands for once the field is left.
  await link.fill('Someone_Else');
  await link.blur();
  await expect(link).toHaveValue('https://twitch.tv/someone_else');
  const previous = dj.getByRole('group', { name: 'Links you used before' });
  await previous.getByRole('button', { name: 'https://twitch.tv/dana_streams' }).click();
  await expect(link).toHaveValue('https://twitch.tv/dana_streams');
  await expect(previous.getByRole('button', { name: 'https://twitch.tv/dana_streams' })).toHaveAttribute('aria-pressed', 'true');
  await snap(dj, testInfo, 'wizard-previous-links');
  await next(dj);
  await dj.getByLabel('I have read and agree to these expectations.').check();
  await dj.getByRole('button', { name: 'Submit' }).click();
  await expect(dj.getByRole('heading', { name: new RegExp(`^You are signed up for ${eventName}`) })).toBeVisible();

  // The host adds the signup to the lineup: its source is this week's link.
  await page.goto(`/events/${eventId}/lineup`);
  await page.getByRole('group', { name: 'Signup DJ Dana' }).getByRole('button', { name: 'Add to Lineup' }).click();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Event saved.').first()).toBeVisible();
  await page.getByRole('link', { name: 'Stream Details' }).click();
  const slot = page.getByRole('group', { name: /^Slot 1 - / });
  await expect(slot.getByLabel('Stream Source Type')).toHaveValue('TWITCH');
  await expect(slot.getByLabel('Stream Source URL')).toHaveValue('https://twitch.tv/dana_streams');
  await expect(slot.getByRole('button', { name: 'Stream link: https://twitch.tv/dana_streams' })).toBeVisible();
  await snap(page, testInfo, 'stream-details');

  // The run sheet: time, name and source of each slot, copied for the stream operator.
  await page.getByRole('link', { name: 'Messaging' }).click();
  await page.getByRole('tab', { name: 'Run sheet' }).click();
  const sheet = page.getByLabel(/^Run sheet for the stream operator/);
  await expect(sheet).toHaveValue(new RegExp(`^Run sheet: ${eventName}, .+\\n\\n\\d\\d:\\d\\d–\\d\\d:\\d\\d  DJ Dana  Twitch https://twitch\\.tv/dana_streams$`));
  await page.getByRole('tabpanel', { name: 'Run sheet' }).getByRole('button', { name: 'Copy Text' }).click();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(await sheet.inputValue());
  await snap(page, testInfo, 'run-sheet');

  // No webhook yet: the Discord tab says where to set one.
  await page.getByRole('tab', { name: 'Discord' }).click();
  await expect(page.getByText('To post from here, set the announcements webhook in Global Settings.')).toBeVisible();

  // Global Settings: the webhook is accepted under the fake Discord's origin and shown masked.
  const webhook = await newFakeWebhook(page.request);
  await page.goto('/globalSettings');
  await page.getByLabel('Announcements webhook URL').fill('https://example.com/api/webhooks/1/abc');
  await page.getByRole('button', { name: 'Save Discord webhooks' }).click();
  await expect(page.getByText(/^Announcements webhook must start with /)).toBeVisible();
  await page.getByLabel('Announcements webhook URL').fill(webhook.url);
  await page.getByRole('button', { name: 'Save Discord webhooks' }).click();
  await expect(page.getByText('Settings saved successfully!')).toBeVisible();
  await expect(page.getByLabel('New announcements webhook URL')).toHaveValue('');
  await expect(page.getByText(/Set: http:\/\/127\.0\.0\.1:\d+\/api\/webhooks\/\d{4}…\/••••\. Leave empty to keep it\./)).toBeVisible();
  await expect(page.locator('body')).not.toContainText(webhook.url.split('/').at(-1)!);
  await snap(page, testInfo, 'settings-webhooks');

  // Post to Discord: the text shown, pinging nobody it did not write.
  await page.goto(`/events/${eventId}/announcements`);
  const discordText = await page.getByLabel('Discord text').inputValue();
  await page.getByRole('button', { name: 'Post to Discord' }).click();
  await expect(page.getByRole('dialog')).toContainText('the people and roles it mentions are notified');
  await expectNoSeriousViolations(page, testInfo, 'post to discord confirm');
  await page.getByRole('dialog').getByRole('button', { name: 'Post to Discord' }).click();
  await expect(page.getByText('Posted to the announcements channel.')).toBeVisible();
  await expect(page.getByText(/^Posted .+ by /)).toBeVisible();
  let messages = await fakeDiscordMessages(page.request, webhook.id);
  expect(messages).toHaveLength(1);
  expect(messages[0]).toMatchObject({ content: discordText, allowedMentions: { parse: [], users: [], roles: [] }, edits: 0 });

  // A changed message, saved, then "Update post" edits the same Discord message.
  await page.getByLabel('Discord announcement message').fill('Come chill and dance!');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Event saved.').first()).toBeVisible();
  await page.getByRole('button', { name: 'Update post' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Update post' }).click();
  await expect(page.getByText('The Discord message was updated.')).toBeVisible();
  messages = await fakeDiscordMessages(page.request, webhook.id);
  expect(messages).toHaveLength(1);
  expect(messages[0]!.edits).toBe(1);
  expect(messages[0]!.content).toContain('Come chill and dance!');
  await expect(page.getByText(/^Updated .+ by /)).toBeVisible();
  await snap(page, testInfo, 'messaging-posted');
});
