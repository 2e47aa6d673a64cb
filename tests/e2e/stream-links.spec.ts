import type { Page } from '@playwright/test';
import { createEvent, daysFromNow } from './support/api';
import { signInAs } from './support/auth';
import { next, step } from './support/wizard';
import { expect, test } from './support/fixtures';

// Issue 32 "stream links as VRChat DJs have them" and issue 34 item 5 "stream keys", as a DJ
// and a host meet them: a DJ pastes their VRCDN link as VRChat's players take it (VRCDN's RTSPT
// playback address, rtspt://stream.vrcdn.live/live/NAME), and the host finds it in Stream Details
// and the run sheet in the form the stream operator pulls (its RTMP playback address), with the
// VRChat form to copy; a DJ who pastes their ingest address with its key is warned, and the host
// sees it masked until they reveal it. Also: a page whose data fails to load offers Retry.

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

/** The DJ's wizard for `eventId` up to the stream link, a live hour. */
async function toStreamStep(dj: Page, eventId: string, name: string) {
  await dj.goto(`/eventSignup/${eventId}/wizard`);
  await dj.getByLabel('Name').fill(name);
  await dj.getByLabel('One Hour').check();
  await dj.getByLabel('Live', { exact: true }).check();
  await next(dj);
  await step(dj, 2);
  await next(dj);
  await step(dj, 3);
}

async function submit(dj: Page, eventName: string) {
  await next(dj);
  await step(dj, 4);
  await dj.getByLabel('I have read and agree to these expectations.').check();
  await dj.getByRole('button', { name: 'Submit' }).click();
  await expect(dj.getByRole('heading', { name: new RegExp(`^You are signed up for ${eventName}`) })).toBeVisible();
}

/** The host puts the DJ's signup in the lineup, saves, and opens Stream Details. */
async function lineUp(host: Page, eventId: string, signupName: string) {
  await host.goto(`/events/${eventId}/lineup`);
  await host.getByRole('group', { name: `Signup ${signupName}` }).getByRole('button', { name: 'Add to Lineup' }).click();
  await host.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(host.getByText('Event saved.').first()).toBeVisible();
  await host.getByRole('link', { name: 'Stream Details' }).click();
  return host.getByRole('group', { name: /^Slot 1 - / });
}

async function runSheet(host: Page) {
  await host.getByRole('link', { name: 'Messaging' }).click();
  await host.getByRole('tab', { name: 'Run sheet' }).click();
  return host.getByLabel(/^Run sheet for the stream operator/);
}

test('a DJ pastes their VRCDN rtspt:// link in the wizard; the host sees it in Stream Details and the run sheet as the operator pulls it', async ({ page, openPage }) => {
  await page.setViewportSize(DESKTOP);
  await signInAs(page, 'admin');
  const eventName = `VRCDN Night ${Date.now()}`;
  const eventId = await createEvent(page.request, { name: eventName, start: daysFromNow(11) });

  const dj = await openPage({ viewport: PHONE });
  await signInAs(dj, 'dj');
  await toStreamStep(dj, eventId, 'DJ Dana VR');
  const link = dj.getByLabel('Stream link');
  await link.fill('rtspt://stream.vrcdn.live/live/dana_vr');
  await link.blur();
  // Taken, in the one form it is stored in, and said what it was recognised as.
  await expect(link).toHaveValue('rtmp://stream.vrcdn.live/live/dana_vr');
  await expect(dj.getByTestId('stream-link-recognised')).toHaveText('VRCDN stream “dana_vr”: the hosts take it from rtmp://stream.vrcdn.live/live/dana_vr');
  await expect(dj.getByText(/must be a VRCDN link/)).toHaveCount(0);
  await submit(dj, eventName);

  const slot = await lineUp(page, eventId, 'DJ Dana VR');
  await expect(slot.getByLabel('Stream Source Type')).toHaveValue('VRCDN');
  await expect(slot.getByLabel('Stream Source URL')).toHaveValue('rtmp://stream.vrcdn.live/live/dana_vr');
  await expect(slot.getByRole('list', { name: 'The same stream for other players' })).toContainText('VRChat player:rtspt://stream.vrcdn.live/live/dana_vr');
  await expect(slot.getByRole('button', { name: 'Stream link: rtmp://stream.vrcdn.live/live/dana_vr' })).toBeVisible();

  const sheet = await runSheet(page);
  await expect(sheet).toHaveValue(new RegExp(`\\n\\d\\d:\\d\\d–\\d\\d:\\d\\d  DJ Dana VR  VRCDN rtmp://stream\\.vrcdn\\.live/live/dana_vr$`));
});

test('an ingest address with its stream key: the DJ is warned, the host sees it masked until they reveal it', async ({ page, openPage }) => {
  await page.setViewportSize(DESKTOP);
  await signInAs(page, 'admin');
  const eventName = `Key Night ${Date.now()}`;
  const eventId = await createEvent(page.request, { name: eventName, start: daysFromNow(12) });
  const ingest = 'rtmp://ingest.vrcdn.live/live/dana_sk_q8v7x2m4k9zz';

  const dj = await openPage({ viewport: PHONE });
  await signInAs(dj, 'dj');
  await toStreamStep(dj, eventId, 'DJ Dana Key');
  await dj.getByLabel('Stream link').fill(ingest);
  await expect(dj.getByTestId('stream-key-warning')).toContainText('This looks like a private ingest address with your stream key');
  // Warned, not refused: nothing the DJ gave is lost, and the hosts can ask them.
  await submit(dj, eventName);
  // Their summary does not show the key (the wizard does, to replace it), and says why.
  await expect(dj.getByText(/^Hidden here: This looks like a private ingest address with your stream key/)).toBeVisible();
  await expect(dj.locator('body')).not.toContainText('q8v7x2m4k9zz');

  const slot = await lineUp(page, eventId, 'DJ Dana Key');
  const url = slot.getByLabel('Stream Source URL');
  await expect(url).toHaveValue('rtmp://ingest.vrcdn.live/live/dana_sk_••••');
  await expect(slot.getByTestId('stream-key-warning')).toBeVisible();
  await expect(page.locator('body')).not.toContainText('q8v7x2m4k9zz');
  await slot.getByRole('button', { name: 'Reveal' }).first().click();
  await expect(url).toHaveValue(ingest);

  const sheet = await runSheet(page);
  await expect(sheet).toHaveValue(/DJ Dana Key {2}RTMP rtmp:\/\/ingest\.vrcdn\.live\/live\/dana_sk_•••• \(a private stream key, not a playback link: ask the DJ for theirs\)$/);
  await page.getByLabel('Show stream keys').check();
  await expect(sheet).toHaveValue(/dana_sk_q8v7x2m4k9zz \(a private stream key/);
});

test('an event page whose data fails to load says what failed and offers Retry', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await signInAs(page, 'admin');
  const eventName = `Retry Night ${Date.now()}`;
  const eventId = await createEvent(page.request, { name: eventName, start: daysFromNow(13) });

  // The network fails the loads (as a proxy restarting would), then works again.
  let failing = true;
  await page.route(`**/api/events/${eventId}`, async (route) => {
    if (route.request().method() === 'GET' && failing) {
      await route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ code: 'internal', message: 'The server is restarting: try again in a moment.' }) });
    } else {
      await route.fallback();
    }
  });
  await page.goto(`/events/${eventId}/setup`);
  const alert = page.getByRole('alert').filter({ hasText: 'Failed to load the event.' });
  await expect(alert).toContainText('The server is restarting: try again in a moment.');
  await expect(page.getByRole('status')).toHaveCount(0);
  failing = false;
  await alert.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('heading', { level: 1, name: eventName })).toBeVisible();
});
