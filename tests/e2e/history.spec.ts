import { confirmSlot, createEvent, daysFromNow, fillStreamSources, myDjId, putDjInLineup, setPreflightStep, submitSignup } from './support/api';
import { signInAs } from './support/auth';
import { expect, test } from './support/fixtures';
import { DESKTOP, snap } from './support/shots';

// Issue 14, History: the host changes an event, a DJ signs up and confirms, the host publishes;
// the History tab shows who did what, newest first, and follows changes as they happen; the
// DJ's page lists their signups over time.

const tag = () => Math.floor(Math.random() * 36 ** 4).toString(36);

test('the History tab shows who changed what, newest first; the DJ page lists their signups', async ({ page, openPage }, testInfo) => {
  const name = `History Night ${tag()}`;
  await signInAs(page, 'host');
  const eventId = await createEvent(page.request, { name, start: daysFromNow(9) });

  const dj = await openPage();
  await signInAs(dj, 'dj');
  const djId = await myDjId(dj.request);
  await submitSignup(dj.request, eventId, { name: `Dana for ${name}` });

  // The host renames the event on its Setup tab and saves.
  await page.goto(`/events/${eventId}/setup`);
  await page.getByLabel('Event Name').fill(`${name} (renamed)`);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeHidden();

  await putDjInLineup(page.request, eventId, djId);
  await confirmSlot(dj.request, eventId);
  // Its slot streams the DJ's prerecord already: this save changes nothing and leaves no entry.
  await fillStreamSources(page.request, eventId);
  await page.reload();
  await page.getByRole('button', { name: 'Publish Event' }).click();
  await expect(page.getByText('Published', { exact: true })).toBeVisible();

  await page.getByRole('link', { name: 'History', exact: true }).click();
  const entries = page.getByRole('list', { name: 'Changes, newest first' }).locator(':scope > li');
  await expect(entries).toHaveCount(6);
  await expect(entries.nth(0)).toContainText('Hal published the event');
  await expect(entries.nth(1)).toContainText('DJ Dana confirmed their slot');
  await expect(entries.nth(2)).toContainText(new RegExp(`Hal saved the event.*Into the lineup: Dana for ${name} at \\d\\d:\\d\\d`));
  await expect(entries.nth(3)).toContainText(`Name: ${name} → ${name} (renamed)`);
  await expect(entries.nth(4)).toContainText('DJ Dana signed up');
  await expect(entries.nth(4)).toContainText(`Signup added: Dana for ${name}`);
  await expect(entries.nth(5)).toContainText('Hal created the event');
  await expect(entries.nth(5)).toContainText('just now');

  // The tab follows the event: the DJ changes their answers and the entry appears by itself.
  await submitSignup(dj.request, eventId, { name: `Dana for ${name}`, dj_notes: 'Bringing a friend' });
  await expect(entries).toHaveCount(7);
  await expect(entries.nth(0)).toContainText(`Dana for ${name}: changed Notes`);
  await snap(page, testInfo, 'history-tab');

  // The DJ's page: their signups over time, this one confirmed, linking to the event.
  await page.setViewportSize(DESKTOP);
  await page.goto(`/djs/${djId}`);
  const signups = page.getByRole('heading', { name: /^Signups \(\d+\)$/ }).locator('xpath=..');
  const row = signups.getByRole('link', { name: new RegExp(`${name} \\(renamed\\)`) });
  await expect(row).toContainText(/Confirmed at \d\d:\d\d/);
  await expect(row).toContainText(`as Dana for ${name}`);
  await snap(page, testInfo, 'dj-signups');
  await row.click();
  await expect(page).toHaveURL(new RegExp(`/events/${eventId}$`));
});

test('a long history comes a page at a time: Load more shows the older entries', async ({ page }) => {
  await signInAs(page, 'host');
  const eventId = await createEvent(page.request, { name: `History Busy ${tag()}`, start: daysFromNow(16) });
  // 51 ticks and the creation: a page of 50 and 2 more.
  for (let tick = 0; tick < 51; tick += 1) await setPreflightStep(page.request, eventId, tick % 2 === 0);
  await page.goto(`/events/${eventId}/history`);
  const entries = page.getByRole('list', { name: 'Changes, newest first' }).locator(':scope > li');
  await expect(entries).toHaveCount(50);
  await expect(entries.first()).toContainText('Announcement texts copied: ticked');
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(entries).toHaveCount(52);
  await expect(entries.last()).toContainText('Hal created the event');
  await expect(page.getByRole('button', { name: 'Load more' })).toBeHidden();
});
