import type { Locator, Page } from '@playwright/test';
import { addPartner, createDj, createDjs, createEvent, daysFromNow, getEvent, publish, putInLineup, renameSignup, submitSignup, updateEvent } from './support/api';
import { signInAs } from './support/auth';
import { throughToLastStep } from './support/wizard';
import { expect, test } from './support/fixtures';
import { DESKTOP, PHONE, snap } from './support/shots';
import { openEventAction } from './support/event-page';

// Issue 25 "a week without surprises", hosts and DJs: where the app told a person something
// untrue or threw away a host's choice. Each test is one of the items.

const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

test.use({ viewport: PHONE });

test('a full event says so before the wizard; a DJ signed up still updates; a refusal in a race is in words', async ({ page, openPage }, testInfo) => {
  const staff = await openPage();
  await signInAs(staff, 'host');
  const name = unique('Full Night');
  const eventId = await createEvent(staff.request, { name, start: daysFromNow(8) });
  await updateEvent(staff.request, eventId, { signupCap: 1 });

  // Dana starts the wizard while there is still a place, and is ready to submit.
  await signInAs(page, 'dj');
  await page.goto(`/eventSignup/${eventId}/wizard`);
  await page.getByLabel('Half Hour').check();
  await page.getByLabel('Prerecord', { exact: true }).check();
  await throughToLastStep(page);

  // Meanwhile Rex takes the last place.
  const rex = await openPage({ viewport: PHONE });
  await signInAs(rex, 'dj2');
  await submitSignup(rex.request, eventId, { name: 'Rex Rhythm' });

  // Dana's Submit is refused in words, with the spec's toast, and the page says the event is full.
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Response status: 409. This event has all the signups it can take: no more are accepted.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Signups Full' })).toBeVisible();

  // Coming back, she is told up front: no Get Started, no wizard.
  await page.goto(`/eventSignup/${eventId}`);
  await expect(page.getByRole('heading', { name: 'Signups Full' })).toBeVisible();
  await expect(page.getByText('This event has all the signups it can take: no more are accepted.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Get Started' })).toHaveCount(0);
  await snap(page, testInfo, 'signups-full');
  await page.goto(`/eventSignup/${eventId}/wizard`);
  await expect(page.getByRole('heading', { name: 'Signups Full' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Next' })).toHaveCount(0);
  // Her home says so too, instead of offering "Sign up".
  await page.goto('/');
  const offered = page.getByRole('region', { name: 'Open for signup' }).getByTestId('open-event').filter({ hasText: name });
  await expect(offered).toContainText('Full');
  await expect(offered.getByRole('link', { name: `Sign up for ${name}` })).toHaveCount(0);

  // Rex, on the event's one signup, still updates his.
  await rex.goto(`/eventSignup/${eventId}`);
  await expect(rex.getByRole('heading', { name: new RegExp(`^You are signed up for ${name}`) })).toBeVisible();
  await rex.getByRole('link', { name: 'Update Signup' }).click();
  await rex.getByLabel('Name').fill('Rex Rhythm Live');
  await throughToLastStep(rex);
  await rex.getByRole('button', { name: 'Submit' }).click();
  await expect(rex.getByRole('heading', { name: new RegExp(`^You are signed up for ${name}`) })).toBeVisible();
  await expect(rex.getByText('Rex Rhythm Live', { exact: true })).toBeVisible();
});

test("Apply takes only what the DJ changed: the host's rename and partner stay", async ({ page, openPage }, testInfo) => {
  await page.setViewportSize(DESKTOP);
  await signInAs(page, 'host');
  const eventId = await createEvent(page.request, { name: unique('B2B Night'), start: daysFromNow(9) });
  const rex = await openPage();
  await signInAs(rex, 'dj2');
  const answers = { name: 'Rex', requested_duration: 1 as const, type: 'LIVE' as const, stream_link: 'rtmp://rex.example/live/key' };
  await submitSignup(rex.request, eventId, answers);
  const nova = await createDj(page.request, { djName: unique('Nova') });
  const uuid = (await getEvent(page.request, eventId)).signups[0]!.uuid;
  await addPartner(page.request, eventId, uuid, nova.id);
  await renameSignup(page.request, eventId, uuid, 'Rex b2b Nova');
  await putInLineup(page.request, eventId, [uuid]);

  // Rex asks for half an hour; his name in the answers is still 'Rex'.
  await submitSignup(rex.request, eventId, { ...answers, requested_duration: 0.5 });

  await page.goto(`/events/${eventId}/lineup`);
  const slot = page.getByTestId('slot-card');
  const notice = slot.getByTestId('pending-change');
  await expect(notice).toContainText('updated their signup:');
  await expect(notice).toContainText('Length: 1 h → 30 min');
  await expect(notice).not.toContainText('Rex b2b Nova → Rex');
  await snap(page, testInfo, 'pending-length-only');
  await notice.getByRole('button', { name: 'Apply' }).click();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Event saved.')).toBeVisible();
  await page.reload();
  await expect(slot.getByLabel('Requested Duration')).toHaveValue('0.5');
  await expect(slot).toContainText('Rex b2b Nova');
  const saved = await getEvent(page.request, eventId);
  expect(saved.signups.map((signup) => [signup.name, signup.djRefs.length, signup.requestedDuration])).toEqual([['Rex b2b Nova', 2, 0.5]]);
});

test('the run sheet knows prerecords, as Preflight does', async ({ page, openPage }) => {
  await page.setViewportSize(DESKTOP);
  await signInAs(page, 'host');
  const eventId = await createEvent(page.request, { name: unique('Tape Night'), start: daysFromNow(9) });
  const dana = await openPage();
  await signInAs(dana, 'dj');
  await submitSignup(dana.request, eventId, { name: 'Dana Tape', type: 'PRERECORD', stream_link: '' });
  await putInLineup(page.request, eventId, [(await getEvent(page.request, eventId)).signups[0]!.uuid]);

  await page.goto(`/events/${eventId}/preflight`);
  await expect(page.getByText('Every slot has a stream source or is a prerecord').first()).toBeVisible();
  await expect(page.getByText(/No source: /)).toBeHidden();
  await page.getByRole('link', { name: 'Messaging', exact: true }).click();
  await page.getByRole('tab', { name: 'Run sheet' }).click();
  const sheet = page.getByLabel(/^Run sheet for the stream operator/);
  await expect(sheet).toHaveValue(/\d\d:\d\d–\d\d:\d\d {2}Dana Tape {2}PreRecord$/);
  await expect(sheet).not.toHaveValue(/No stream source set/);
});

test('Publish stays possible: "Requirements not met" offers Publish anyway, alike on both buttons, recorded in the history; Unpublish asks first', async ({ page, openPage }, testInfo) => {
  await page.setViewportSize(DESKTOP);
  await signInAs(page, 'host');
  const name = unique('Open Night');
  const eventId = await createEvent(page.request, { name, start: daysFromNow(9) });
  const dana = await openPage();
  await signInAs(dana, 'dj');
  await submitSignup(dana.request, eventId, { name: 'Dana Live', type: 'LIVE', stream_link: 'rtmp://dana.example/live/key' });
  await putInLineup(page.request, eventId, [(await getEvent(page.request, eventId)).signups[0]!.uuid]);
  const unmet = 'Requirements not met: Every DJ confirmed their slot (Not confirmed: DJ Dana).';

  // The Preflight tab's Publish Event: the open step is named, and "Not yet" changes nothing.
  await page.goto(`/events/${eventId}/preflight`);
  const preflightPublish = page.getByRole('main').getByRole('button', { name: 'Publish Event' }).last();
  await expect(preflightPublish).toBeEnabled();
  await preflightPublish.click();
  const dialog = page.getByRole('dialog', { name: `Publish ${name} anyway?` });
  await expect(dialog).toContainText(unmet);
  await snap(page, testInfo, 'publish-anyway');
  await dialog.getByRole('button', { name: 'Not yet' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Unpublished', { exact: true })).toBeVisible();

  // The header's Publish Event asks the same; Publish anyway publishes.
  await page.getByRole('button', { name: 'Publish Event' }).first().click();
  await expect(dialog).toContainText(unmet);
  await dialog.getByRole('button', { name: 'Publish anyway' }).click();
  await expect(page.getByText('Event published.')).toBeVisible();
  await expect(page.getByText('Published', { exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'History', exact: true }).click();
  const latest = page.getByRole('list', { name: 'Changes, newest first' }).locator(':scope > li').first();
  await expect(latest).toContainText('Hal published the event');
  await expect(latest).toContainText(`Published anyway. ${unmet}`);

  // Unpublish (in the header's More actions menu) asks first: Keep Published changes nothing.
  await openEventAction(page, 'Unpublish');
  const unpublish = page.getByRole('dialog', { name: `Unpublish ${name}?` });
  await expect(unpublish).toContainText('stop showing it');
  await unpublish.getByRole('button', { name: 'Keep Published' }).click();
  await expect(unpublish).toBeHidden();
  await expect(page.getByText('Published', { exact: true })).toBeVisible();
  await openEventAction(page, 'Unpublish');
  await unpublish.getByRole('button', { name: 'Unpublish' }).click();
  await expect(page.getByText('Event unpublished.')).toBeVisible();
  await expect(page.getByText('Unpublished', { exact: true })).toBeVisible();
});

test("DJs and hosts hear about each other's changes: a dismissed update, a confirmed drop-out, the public page after the host's change", async ({
  page,
  openPage,
}, testInfo) => {
  await page.setViewportSize(DESKTOP);
  await signInAs(page, 'host');
  const name = unique('Heard Night');
  const eventId = await createEvent(page.request, { name, start: daysFromNow(9) });
  const dana = await openPage({ viewport: PHONE });
  await signInAs(dana, 'dj');
  const answers = { name: 'Dana Live', requested_duration: 1 as const, type: 'LIVE' as const, stream_link: 'rtmp://dana.example/live/key' };
  await submitSignup(dana.request, eventId, answers);
  await putInLineup(page.request, eventId, [(await getEvent(page.request, eventId)).signups[0]!.uuid]);
  await publish(page.request, eventId);

  // Dana asks for half an hour; the host dismisses it.
  await submitSignup(dana.request, eventId, { ...answers, requested_duration: 0.5 });
  await page.goto(`/events/${eventId}/lineup`);
  await page.getByTestId('slot-card').getByRole('button', { name: 'Dismiss' }).click();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Event saved.')).toBeVisible();

  // Her signup page says so, with her answer and the slot as it stands.
  await dana.goto(`/eventSignup/${eventId}`);
  const dismissed = dana.getByTestId('update-dismissed');
  await expect(dismissed).toContainText('The hosts kept your slot as it is.');
  await expect(dismissed).toContainText('Length: the slot stays 1 h; your answer was 30 min.');
  await expect(dana.getByTestId('slot-confirmation')).toContainText(/Your slot: Dana Live, \w{3} \d\d:\d\d–\d\d:\d\d London/);
  await snap(dana, testInfo, 'update-dismissed');

  // "I can't make it" asks first; "Keep my slot" changes nothing.
  const confirmation = dana.getByTestId('slot-confirmation');
  await confirmation.getByRole('button', { name: "I can't make it" }).click();
  await expect(confirmation).toContainText("Tell the hosts you can't make it?");
  await confirmation.getByRole('button', { name: 'Keep my slot' }).click();
  await expect(confirmation).toContainText('You confirmed this slot.');
  await confirmation.getByRole('button', { name: "I can't make it" }).click();
  await snap(dana, testInfo, 'cant-make-it-asks');
  await confirmation.getByRole('button', { name: "Yes, I can't make it" }).click();
  await expect(confirmation).toContainText("You said you can't make it. The hosts will be in touch.");

  // The host's open event page shows the drop-out, by itself: the header and the slot.
  await expect(page.getByTestId('drop-outs')).toHaveText("1 DJ can't make it");
  const slot = page.getByTestId('slot-card');
  await expect(slot.getByTestId('confirmation')).toHaveText('Declined');
  await expect(slot.getByTestId('drop-out')).toContainText("can't make it. Find someone else for this slot, or send it back to Signups.");
  await snap(page, testInfo, 'host-sees-drop-out');

  // The public page lists her until the host changes the slot.
  const visitor = await openPage();
  await visitor.goto(`/lineups/${eventId}`);
  await expect(visitor.getByText('Dana Live')).toBeVisible();
  await page.getByRole('button', { name: 'Slot menu for Dana Live' }).click();
  await page.getByRole('button', { name: 'Send Back to Signups' }).click();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Event saved.')).toBeVisible();
  // Back in Signups, the drop-out is still counted until the host removes the signup (issue 34).
  await expect(page.getByTestId('drop-outs')).toHaveText("1 DJ can't make it");
  const later = await openPage();
  await later.goto(`/lineups/${eventId}`);
  await expect(later.getByRole('heading', { name, level: 1 })).toBeVisible();
  await expect(later.getByText('Dana Live')).toHaveCount(0);
});

test.describe('small things', () => {
  test.use({ viewport: DESKTOP, permissions: ['clipboard-read', 'clipboard-write'] });

  test('the typeahead leaves Onboard New Dj free; Possible debut before the first save; drag from Signups into the Lineup; a pending change marked in compact rows; Copy Text ticks Preflight', async ({
    page,
    openPage,
  }, testInfo) => {
    await signInAs(page, 'host');
    const tag = unique('Crowd');
    const eventId = await createEvent(page.request, { name: unique('Small Night'), start: daysFromNow(9) });
    await createDjs(page.request, tag, 8);
    const dana = await openPage();
    await signInAs(dana, 'dj');
    const answers = { name: 'Dana Live', requested_duration: 1 as const, type: 'LIVE' as const, stream_link: 'rtmp://dana.example/live/key' };
    await submitSignup(dana.request, eventId, answers);
    const rex = await openPage();
    await signInAs(rex, 'dj2');
    await submitSignup(rex.request, eventId, { name: 'Rex Rhythm', type: 'LIVE', stream_link: 'rtmp://rex.example/live/key' });

    // The DJ typeahead's list does not cover "Onboard New Dj".
    await page.goto(`/events/${eventId}/lineup`);
    await page.getByRole('button', { name: 'Add DJ to Signups' }).click();
    const modal = page.getByRole('dialog', { name: 'Add Dj' });
    await modal.getByPlaceholder('Search DJ').fill(tag);
    await expect(modal.getByRole('option')).toHaveCount(8);
    await modal.getByRole('button', { name: 'Onboard New Dj' }).click({ trial: true, timeout: 5_000 });
    await snap(page, testInfo, 'typeahead-open');
    await modal.getByRole('option', { name: new RegExp(`^${tag} 003 `) }).click();

    // A DJ with no plays is a possible debut at once, before any save.
    const added = page.getByTestId('signup-card').filter({ hasText: `${tag} 003` });
    await expect(added.getByText('Possible debut')).toBeVisible();

    // Drag Dana's signup into the empty lineup, then Rex's onto her slot: he takes its place.
    const lineup = page.getByTestId('lineup-drop-area');
    await dragTo(page, page.getByRole('button', { name: 'Drag Dana Live into the lineup' }), lineup);
    await expect(page.getByTestId('slot-card')).toHaveCount(1);
    await dragTo(page, page.getByRole('button', { name: 'Drag Rex Rhythm into the lineup' }), page.getByTestId('slot-card').first());
    await expect(page.getByTestId('slot-card')).toHaveCount(2);
    await expect(page.getByTestId('slot-card').first()).toContainText('Rex Rhythm');
    // "Add to Lineup" is still there for the rest.
    await expect(added.getByRole('button', { name: 'Add to Lineup' })).toBeVisible();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Event saved.')).toBeVisible();
    const saved = await getEvent(page.request, eventId);
    expect(saved.slots.map((slot) => saved.signups.find((signup) => signup.uuid === slot.signupUuid)?.name)).toEqual(['Rex Rhythm', 'Dana Live']);

    // Dana changes her length: the compact row says a change waits.
    await submitSignup(dana.request, eventId, { ...answers, requested_duration: 0.5 });
    await page.reload();
    await page.getByLabel('Compact rows').check();
    const danaRow = page.getByTestId('slot-card').filter({ hasText: 'Dana Live' });
    await expect(danaRow.getByTestId('pending-change-badge')).toHaveText('Pending change');
    await expect(page.getByTestId('slot-card').filter({ hasText: 'Rex Rhythm' }).getByTestId('pending-change-badge')).toHaveCount(0);
    await snap(page, testInfo, 'compact-pending');
    await page.getByLabel('Compact rows').uncheck();

    // Copy Text of an announcement ticks "Announcement texts copied".
    await page.getByRole('link', { name: 'Messaging', exact: true }).click();
    await page.getByRole('button', { name: 'Copy Text' }).first().click();
    await expect(page.getByText('Copied to clipboard.')).toBeVisible();
    await page.getByRole('link', { name: 'Preflight', exact: true }).click();
    await expect(page.getByLabel('Announcement texts copied')).toBeChecked();
  });
});

/**
 * Drags with the mouse from the handle to the target's centre, in steps, as a person does. It waits
 * for the drag preview before moving on and settles over the target before letting go, so a busy
 * machine cannot drop before the drag has started or before the target has been seen.
 */
async function dragTo(page: Page, handle: Locator, target: Locator) {
  await handle.scrollIntoViewIfNeeded();
  const from = (await handle.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 10, from.y + from.height / 2, { steps: 3 });
  await expect(page.locator('.signup-drag-preview')).toBeVisible();
  const to = (await target.boundingBox())!;
  const point = { x: to.x + to.width / 2, y: to.y + Math.min(to.height / 2, 30) };
  await page.mouse.move(point.x, point.y, { steps: 12 });
  await page.mouse.move(point.x + 1, point.y, { steps: 2 });
  await page.mouse.up();
  await expect(page.locator('.signup-drag-preview')).toHaveCount(0);
}

test.describe('every time says its zone', () => {
  test.use({ timezoneId: 'Australia/Sydney' });

  test('a DJ and a host in Sydney: each time names its zone, and the London date beside a Sydney time never disagrees', async ({ page, openPage }, testInfo) => {
    // 20:00 UTC: 20:00 or 21:00 in London, the next morning in Sydney.
    const start = daysFromNow(9, 20);
    const sydneyDay = new Intl.DateTimeFormat('en-US', { timeZone: 'Australia/Sydney', weekday: 'short', day: 'numeric', month: 'short' }).formatToParts(Date.parse(start));
    const part = (type: string) => sydneyDay.find((p) => p.type === type)!.value;
    const sydney = `${part('weekday')} ${part('day')} ${part('month')}`;
    const londonDay = new Intl.DateTimeFormat('en-US', { timeZone: 'Europe/London', weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' }).formatToParts(Date.parse(start));
    const lpart = (type: string) => londonDay.find((p) => p.type === type)!.value;
    const london = `${lpart('weekday')} ${lpart('day')} ${lpart('month')} ${lpart('year')}`;

    const staff = await openPage({ timezoneId: 'Australia/Sydney', viewport: DESKTOP });
    await signInAs(staff, 'host');
    const name = unique('Zone Night');
    const eventId = await createEvent(staff.request, { name, start });
    await signInAs(page, 'dj');
    await submitSignup(page.request, eventId, { name: 'Dana Zoned', type: 'LIVE', stream_link: 'rtmp://dana.example/live/key', available_from: start });
    await putInLineup(staff.request, eventId, [(await getEvent(staff.request, eventId)).signups[0]!.uuid]);

    // The DJ's home: London's date with London's time, and Sydney's own day with Sydney's time.
    await page.goto('/');
    const offered = page.getByTestId('open-event').filter({ hasText: name });
    await expect(offered).toContainText(new RegExp(`${london} · \\d\\d:00 London time, ${sydney} \\d\\d:00 Sydney time`));
    const mine = page.getByTestId('own-signup').filter({ hasText: name });
    await expect(mine).toContainText(/\w{3} \d\d:00–\d\d:00 London time, \w{3} \d\d:00 Sydney time/);
    await snap(page, testInfo, 'dj-home-sydney');

    // The signup page: the date in Sydney names Sydney; the slot names both zones.
    await page.goto(`/eventSignup/${eventId}`);
    await expect(page.getByRole('heading', { name: new RegExp(`^You are signed up for ${name} \\(${sydney} \\d{4}, \\d\\d:00 Sydney time\\)!$`) })).toBeVisible();
    await expect(page.getByTestId('slot-confirmation')).toContainText(/London time, \w{3} \d\d:00 Sydney time/);
    await expect(page.locator('dl')).toContainText(/Available from\s*\d\d:00 Sydney time/);
    await snap(page, testInfo, 'signup-sydney');

    // The host in Sydney: the event page, breadcrumb, lineup and lists name Sydney.
    await staff.goto(`/events/${eventId}/lineup`);
    await expect(staff.getByRole('heading', { name, level: 1 })).toBeVisible();
    // The viewer's zone, with the series' (London) beside it where its clock differs (decision 042).
    await expect(staff.getByRole('main')).toContainText(new RegExp(`${sydney} \\d{4}, \\d\\d:00–\\d\\d:00 Sydney time \\(\\w{3} \\d+ \\w{3} \\d\\d:00–\\d\\d:00 London time\\) · 1 h`));
    await expect(staff.getByRole('navigation', { name: 'Breadcrumb' })).toContainText(new RegExp(`${name} \\(${sydney} \\d{4}, \\d\\d:00 Sydney time \\(`));
    await expect(staff.getByTestId('lineup-zone')).toContainText(/^Sydney time/);
    await expect(staff.getByTestId('slot-card')).toContainText(/Available from:\s*\d\d:00 Sydney time/);
    await expect(staff.getByTestId('slot-card')).toContainText(/Available to:\s*Any Time/);
    await snap(staff, testInfo, 'lineup-sydney');
    await staff.getByRole('link', { name: 'Stream Details', exact: true }).click();
    await expect(staff.getByRole('group', { name: /^Slot 1 - \d\d:00 Sydney time/ })).toBeVisible();
    await staff.goto('/events');
    await expect(staff.getByRole('cell', { name: new RegExp(`^${sydney} \\d{4}, \\d\\d:00 Sydney time`) }).first()).toBeVisible();
    await staff.goto('/');
    await expect(staff.getByRole('heading', { name: /^(Next|Current) Event/ }).locator('..')).toContainText(/\w{3} \d+ \w{3} \d{4}, \d\d:\d\d Sydney time/);
  });
});
