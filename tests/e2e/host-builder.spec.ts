import type { Page } from '@playwright/test';
import { addSignups, createDjs, createEvent, daysFromNow, myDjId, putDjInLineup, saveLineup, submitSignup } from './support/api';
import { signInAs } from './support/auth';
import { expect, test } from './support/fixtures';

// What a host trips over in the lineup builder (issue 34, items 7 and 8): signup cards closed to a
// line with the editor one click away, the lineup in view while a signup is dragged from the
// bottom of a long column, a preview as wide as the card, compact views remembered, and a DJ's
// update that waits as a whole.

const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const signupCard = (page: Page, name: string) => page.getByRole('group', { name: `Signup ${name}`, exact: true });
const slotNames = (page: Page) => page.getByTestId('slot-card').locator('h3');

test.describe('on a desktop', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('closed cards, the entry one click away, the lineup in view while dragging the last card, a full-width preview, compact remembered', async ({ page }) => {
    await signInAs(page, 'admin');
    const eventId = await createEvent(page.request, { name: `Builder ${tag}`, start: daysFromNow(10) });
    const [opener, closer, ...waiting] = await createDjs(page.request, `Builder ${tag}`, 12);
    await saveLineup(page.request, eventId, [{ djs: [opener!] }, { djs: [closer!] }]);
    await addSignups(page.request, eventId, waiting.map((dj) => ({ djs: [dj] })));
    const last = waiting.at(-1)!.djName;

    await page.goto(`/events/${eventId}/lineup`);
    // A page of ten signups on a busy machine (the tests run beside each other) may take a while.
    await expect(slotNames(page)).toHaveCount(2, { timeout: 30_000 });
    const cards = page.getByTestId('signup-card');
    await expect(cards).toHaveCount(10);

    // Closed: a line or two each, so ten signups take a screen, not one each.
    for (const card of await cards.all()) expect((await card.boundingBox())!.height).toBeLessThan(110);
    const card = signupCard(page, last);
    await expect(card.getByText('1 h · Live')).toBeVisible();
    await expect(card.getByLabel('Requested Duration')).toHaveCount(0);
    await card.getByRole('button', { name: 'Show Entry' }).click();
    await expect(card.getByLabel('Requested Duration')).toBeVisible();
    await expect(card.getByText('Other Events (0 total)')).toBeVisible();
    await card.getByRole('button', { name: 'Hide Entry' }).click();
    await expect(card.getByLabel('Requested Duration')).toHaveCount(0);

    // Drag the last card: the page has scrolled down to it, and the lineup column is still on screen.
    await card.scrollIntoViewIfNeeded();
    const handle = card.getByRole('button', { name: `Drag ${last} into the lineup` });
    const from = (await handle.boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + 40, from.y + 10, { steps: 5 });
    const preview = page.locator('.signup-drag-preview');
    await expect(preview).toBeVisible();
    await expect(preview).toContainText(last);
    // As wide as the card it came from, not the handle.
    const cardBox = (await card.boundingBox())!;
    expect((await preview.boundingBox())!.width).toBeGreaterThan(cardBox.width * 0.9);
    const firstSlot = page.getByTestId('slot-card').first();
    await expect(firstSlot).toBeInViewport();
    // Dropped on the first slot: it takes that place.
    const target = (await firstSlot.boundingBox())!;
    await page.mouse.move(target.x + target.width / 2, target.y + 20, { steps: 10 });
    await expect(page.getByRole('status').filter({ hasText: ' is over position 1.' })).toHaveCount(1);
    // Held there, near the window's top, the page does not scroll: it would slide the sticky lineup
    // away from under the pointer once it reached the page's top.
    const scrolled = await page.evaluate(async () => {
      const before = window.scrollY;
      for (let frame = 0; frame < 30; frame++) await new Promise(requestAnimationFrame);
      return window.scrollY - before;
    });
    expect(scrolled).toBe(0);
    await page.mouse.up();
    await expect(slotNames(page)).toHaveText([last, opener!.djName, closer!.djName]);
    await expect(cards).toHaveCount(9);

    // Compact views, for both columns, kept by this browser.
    await page.getByLabel('Compact signups').check();
    await page.getByLabel('Compact rows').check();
    await expect(page.locator('.signup-summary')).toHaveCount(0);
    await page.getByRole('button', { name: 'Discard' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
    await page.reload();
    await expect(page.getByLabel('Compact signups')).toBeChecked({ timeout: 30_000 });
    await expect(page.getByLabel('Compact rows')).toBeChecked();
    await expect(cards).toHaveCount(10);
    await expect(page.locator('.signup-summary')).toHaveCount(0);
    await expect(page.locator('.slot-time--range')).toHaveCount(2);
  });

  test('a signup dragged into the lineup from the keyboard', async ({ page }) => {
    await signInAs(page, 'admin');
    const eventId = await createEvent(page.request, { name: `Keys ${tag}`, start: daysFromNow(11) });
    const [first, second] = await createDjs(page.request, `Keys ${tag}`, 2);
    await saveLineup(page.request, eventId, [{ djs: [first!] }]);
    await addSignups(page.request, eventId, [{ djs: [second!] }]);
    await page.goto(`/events/${eventId}/lineup`);
    await expect(slotNames(page)).toHaveText([first!.djName]);

    const handle = page.getByRole('button', { name: `Drag ${second!.djName} into the lineup` });
    await handle.focus();
    // Space picks it up; each arrow moves it to the next place (the first slot, then the end); Space drops it.
    const heard = page.getByRole('status').filter({ hasText: / is over | was dropped/ });
    await page.keyboard.press('Space');
    await expect(handle).toHaveAttribute('aria-pressed', 'true');
    await expect(async () => {
      await page.keyboard.press('ArrowRight');
      await expect(heard).toContainText(' is over ', { timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
    await expect(heard).toHaveText(`${second!.djName} is over position 1.`);
    await page.keyboard.press('ArrowDown');
    await expect(heard).toHaveText(`${second!.djName} is over the end of the lineup.`);
    await page.keyboard.press('Space');
    await expect(heard).toHaveText(`${second!.djName} was dropped at the end of the lineup.`);
    await expect(slotNames(page)).toHaveText([first!.djName, second!.djName]);
  });
});

test("a DJ's update waits as a whole: every change listed, the slot's warnings unchanged until Apply, the header's count at once", async ({ page, openPage }) => {
  await signInAs(page, 'admin');
  const start = daysFromNow(12);
  const eventId = await createEvent(page.request, { name: `Update ${tag}`, start });
  const dj = await openPage();
  await signInAs(dj, 'dj4');
  const answers = { name: `Rex ${tag}`, type: 'PRERECORD' as const, requested_duration: 1 as const };
  await submitSignup(dj.request, eventId, answers);
  await putDjInLineup(page.request, eventId, await myDjId(dj.request));
  // After the lineup was built: half an hour, from an hour in, and a note.
  const hourIn = new Date(Date.parse(start) + 3_600_000).toISOString();
  await submitSignup(dj.request, eventId, { ...answers, requested_duration: 0.5, available_from: hourIn, dj_notes: 'Running late' });

  await page.goto(`/events/${eventId}/lineup`);
  const slot = page.getByTestId('slot-card').filter({ hasText: `Rex ${tag}` });
  const notice = slot.getByTestId('pending-change');
  await expect(notice.getByRole('listitem')).toHaveText([
    'Length: 1 h → 30 min',
    /^Available from: Any Time → \d\d:\d\d [\w ]+$/,
    'Notes: — → Running late',
  ]);
  // Nothing of it counts yet: the slot keeps its hour, no warning, and the header says one change waits.
  await expect(slot.getByLabel('Requested Duration')).toHaveValue('1');
  await expect(slot.getByTestId('slot-warnings')).toHaveCount(0);
  await expect(page.getByTestId('pending-changes')).toHaveText('1 pending change');

  await notice.getByRole('button', { name: 'Apply' }).click();
  // At once, before Save: the header's count, the length, what the DJ said and the warning it brings.
  await expect(page.getByTestId('pending-changes')).toHaveCount(0);
  await expect(slot.getByLabel('Requested Duration')).toHaveValue('0.5');
  await expect(slot.getByText('Running late')).toBeVisible();
  await expect(slot.getByTestId('slot-warnings')).toContainText(`Rex ${tag} is available from`);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Event saved.')).toBeVisible();
  await page.reload();
  await expect(slot.getByLabel('Requested Duration')).toHaveValue('0.5');
  await expect(page.getByTestId('pending-changes')).toHaveCount(0);
});
