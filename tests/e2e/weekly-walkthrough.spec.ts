import type { Locator, Page } from '@playwright/test';
import { confirmSlot, createDj, createEvent, getEvent, myDjId, setDjStreamLink, submitSignup } from './support/api';
import { signInAs } from './support/auth';
import { expect, test } from './support/fixtures';

// "The week from the top, as a host would do it" (docs/weekly-walkthrough.md): next week's event,
// signups opened, five DJs signed up, a four-hour lineup with a back-to-back slot, stream
// details, every text copied, published. Every click, fill and key press of the host goes
// through `HostHands` (the flow needs no key press: typing a search is one fill), so the figure
// in the document is what a host really does.

test.use({ ownServer: true, timezoneId: 'Europe/London', permissions: ['clipboard-read', 'clipboard-write'] });

const DAY = 24 * 3_600_000;
const HOUR = 3_600_000;

/** The host's interactions, counted and logged. */
class HostHands {
  readonly log: string[] = [];
  get count() {
    return this.log.length;
  }
  private async act(what: string, target: Locator, action: () => Promise<void>) {
    this.log.push(`${what} ${target}`);
    await action();
  }
  click(target: Locator) {
    return this.act('click', target, () => target.click());
  }
  fill(target: Locator, text: string) {
    return this.act(`fill "${text}" into`, target, () => target.fill(text));
  }
}

const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText());

/** A DJ with a dev account signs in in their own window; the roster has their stream link from earlier weeks. */
async function djWindow(openPage: () => Promise<Page>, host: Page, account: 'dj' | 'dj2' | 'admin', streamLink: string) {
  const page = await openPage();
  await signInAs(page, account);
  await setDjStreamLink(host.request, await myDjId(page.request), streamLink);
  return page;
}

test('the week from the top: create, open signups, five DJs, a 4-hour lineup with a B2B, streams, texts, publish', async ({ page, openPage }, testInfo) => {

  // ---- Before the week (not the host's work this week) -------------------------------------
  await signInAs(page, 'host');
  // Last week's event, and DJs the roster knows from earlier weeks.
  await createEvent(page.request, {
    name: 'Sunday Service #21',
    start: new Date(Date.now() - 3 * DAY).toISOString(),
    host: 'Hal',
    message: 'Come chill and wiggle with us!',
    footer: 'Join the community: https://discord.gg/our-community',
    signupsAreOpen: false,
  });
  await createDj(page.request, { djName: 'Kai Kinetic', publicName: 'Kai', rtmpUrl: 'rtmp://stream.vrcdn.live/live/kai' });
  await createDj(page.request, { djName: 'Luna Loops', publicName: 'Luna', rtmpUrl: 'rtmp://stream.vrcdn.live/live/luna' });
  const dana = await djWindow(openPage, page, 'dj', 'rtmp://stream.vrcdn.live/live/dana');
  const rex = await djWindow(openPage, page, 'dj2', 'rtmp://stream.vrcdn.live/live/rex');
  const ada = await djWindow(openPage, page, 'admin', 'rtmp://stream.vrcdn.live/live/ada');
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Home', level: 1 })).toBeVisible();

  const host = new HostHands();
  const main = page.getByRole('main');
  const tab = (name: string) => main.getByRole('link', { name, exact: true });

  // ---- 1. Next week's event: host, message and footer come with it ---------------------------
  await host.click(page.locator('.app-navbar').getByRole('link', { name: 'Events', exact: true }));
  await host.click(main.getByRole('link', { name: 'Past Events' }));
  await host.click(main.getByRole('button', { name: 'Create next event after Sunday Service #21' }));
  await expect(page.getByRole('heading', { name: 'Sunday Service #22', level: 1 })).toBeVisible();
  const eventId = new URL(page.url()).pathname.split('/').pop()!;
  await expect(page.getByLabel('Host')).toHaveValue('Hal');

  // ---- 2. Open signups and post the signup message -----------------------------------------
  await host.click(page.getByLabel('Signups Open'));
  await host.click(page.getByRole('button', { name: 'Save', exact: true }));
  await expect(page.getByText('Event saved.').first()).toBeVisible();
  await host.click(page.getByRole('heading', { name: 'Signup Sheet' }).locator('..').getByRole('button', { name: 'Copy Text' }));
  expect(await clipboard(page)).toContain(`/eventSignup/${eventId}`);

  // ---- 3. DJs sign up (their own work, in their own windows) ---------------------------------
  await submitSignup(dana.request, eventId, { name: 'DJ Dana', type: 'LIVE', stream_link: 'rtmp://stream.vrcdn.live/live/dana' });
  await submitSignup(rex.request, eventId, {
    name: 'Rex & Kai',
    type: 'LIVE',
    stream_link: 'rtmp://stream.vrcdn.live/live/rex',
    is_b2b: true,
    b2b_members_response: 'Kai Kinetic',
  });
  await submitSignup(ada.request, eventId, { name: 'Ada', type: 'PRERECORD' });

  // ---- 4. The lineup: a DJ who asked in Discord, Rex's B2B partner, four hours ---------------
  await host.click(tab('Lineup'));
  const cards = main.getByTestId('signup-card');
  await expect(cards).toHaveCount(3);
  await host.click(main.getByRole('button', { name: 'Add DJ to Signups' }));
  await host.fill(page.getByPlaceholder('Search DJ'), 'Luna');
  await host.click(page.getByRole('option', { name: 'Luna Loops (Luna)' }));
  await expect(cards).toHaveCount(4);
  const card = (name: string) => main.getByRole('group', { name: `Signup ${name}`, exact: true });
  await host.click(card('Rex & Kai').getByRole('button', { name: 'Signup menu for Rex & Kai' }));
  await host.click(page.getByRole('button', { name: 'Add DJ to Slot (B2B)' }));
  await host.fill(page.getByPlaceholder('Search DJ'), 'Kai');
  await host.click(page.getByRole('option', { name: 'Kai Kinetic (Kai)' }));
  // A closed card (issue 34) shows its DJs once opened: the test looks, the host need not (not counted).
  await card('Rex & Kai').getByRole('button', { name: 'Show Entry' }).click();
  await expect(card('Rex & Kai').getByTestId('dj-panel')).toHaveCount(2);
  await card('Rex & Kai').getByRole('button', { name: 'Hide Entry' }).click();
  for (const name of ['DJ Dana', 'Rex & Kai', 'Ada', 'Luna Loops']) {
    await host.click(card(name).getByRole('button', { name: 'Add to Lineup', exact: true }));
  }
  await expect(main.getByTestId('slot-card')).toHaveCount(4);
  await host.click(page.getByRole('button', { name: 'Save', exact: true }));
  await expect(page.getByText('Event saved.').first()).toBeVisible();

  // ---- 5. Stream details: each slot from its DJ's link on file -------------------------------
  await host.click(tab('Stream Details'));
  for (let slot = 1; slot <= 4; slot++) {
    await host.click(main.getByRole('group', { name: new RegExp(`^Slot ${slot} - `) }).getByRole('button', { name: /^Stream link:/ }).first());
  }
  await host.click(page.getByRole('button', { name: 'Save', exact: true }));
  await expect(page.getByText('Event saved.').first()).toBeVisible();

  // ---- 6. Verify the lineup with the DJs, then the announcement texts ------------------------
  await host.click(tab('Verify DJs'));
  await host.click(main.getByRole('button', { name: 'Copy Text' }));
  expect(await clipboard(page)).toContain('Proposed lineup for Sunday Service #22');
  await host.click(tab('Messaging'));
  await host.click(main.getByRole('tabpanel').getByRole('button', { name: 'Copy Text' }));
  expect(await clipboard(page)).toMatch(/^Sunday Service #22\n\nCome chill and wiggle with us!/);
  await host.click(main.getByRole('tab', { name: 'Social Media' }));
  await host.click(main.getByRole('tabpanel').getByRole('button', { name: 'Copy Text' }));
  expect(await clipboard(page)).toContain('Lineup: (times ');

  // ---- 7. Confirmations: DJs with an account confirm on their signup page; the host marks the
  // two the roster keeps without one (Kai on Rex's slot, Luna) from the slot menu ------------
  for (const dj of [dana, rex, ada]) await confirmSlot(dj.request, eventId);
  await host.click(tab('Lineup'));
  for (const name of ['Rex & Kai', 'Luna Loops']) {
    await host.click(main.getByRole('button', { name: `Slot menu for ${name}` }));
    await host.click(page.getByRole('button', { name: 'Mark as confirmed' }));
    await expect(main.getByRole('group', { name: new RegExp(`^Slot \\d+: ${name} at `) }).getByTestId('confirmation')).toHaveText('Confirmed');
  }

  // ---- 8. Publish ----------------------------------------------------------------------------
  await host.click(page.getByRole('button', { name: 'Publish Event' }));
  await expect(page.getByText('Published', { exact: true })).toBeVisible();

  // ---- The week is done ----------------------------------------------------------------------
  const event = await getEvent(page.request, eventId);
  expect(event).toMatchObject({ name: 'Sunday Service #22', host: 'Hal', published: true, signupsAreOpen: true });
  expect(event.footer).toBe('Join the community: https://discord.gg/our-community');
  expect(event.slots).toHaveLength(4);
  // Every slot streams from its DJ's VRCDN link (recognised from the rtmp:// address).
  expect(event.slots.map((slot) => [slot.streamSourceType, slot.streamSourceUrl.startsWith('rtmp://')])).toEqual(Array(4).fill(['VRCDN', true]));
  expect(Date.parse(event.endDatetime) - Date.parse(event.startDatetime)).toBe(4 * HOUR);
  expect(event.djPlays).toHaveLength(5);

  await testInfo.attach('host-interactions.txt', { body: host.log.map((line, k) => `${k + 1}. ${line}`).join('\n'), contentType: 'text/plain' });
  console.log(`[walkthrough] ${host.count} host interactions`);
  // The figure in docs/weekly-walkthrough.md: a change that costs the host more shows here.
  expect(host.count).toBe(37);
});
