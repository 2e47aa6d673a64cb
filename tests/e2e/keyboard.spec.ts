import type { Locator, Page } from '@playwright/test';
import { addSignups, createDj, createEvent, daysFromNow } from './support/api';
import { signInAs } from './support/auth';
import { keyboardDragOneLater } from './support/dnd';
import { expect, test } from './support/fixtures';

// The signup wizard and the lineup builder, completed with the keyboard alone: Tab, Shift+Tab,
// Space, Enter, the arrow keys and typing. No clicks after signing in (which sets the scene).

const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

const isFocused = (locator: Locator) => locator.evaluate((element) => element === document.activeElement);

/** Presses Tab (or Shift+Tab) until `target` has the focus, as someone on a keyboard would. */
async function tabTo(page: Page, target: Locator, { backwards = false, max = 150 } = {}) {
  await expect(target).toBeVisible();
  for (let presses = 0; presses < max; presses += 1) {
    if (await isFocused(target)) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`${target} was not reached with ${max} presses of ${backwards ? 'Shift+Tab' : 'Tab'}`);
}

test('the signup wizard with the keyboard alone', async ({ page, openPage }) => {
  const staff = await openPage();
  await signInAs(staff, 'admin');
  const eventName = unique('Keyboard Night');
  const eventId = await createEvent(staff.request, { name: eventName, start: daysFromNow(8) });
  await staff.context().close();

  await signInAs(page, 'dj');
  await page.goto(`/eventSignup/${eventId}`);
  await expect(page.getByRole('heading', { name: new RegExp(`^Sign up for ${eventName}`) })).toBeVisible();
  await tabTo(page, page.getByRole('link', { name: 'Get Started' }));
  await page.keyboard.press('Enter');

  // Step 1: keep the default name, B2B 'No' → 'Yes' with an arrow key, then back; the radio
  // groups are picked with Space (nothing chosen yet) and arrows (within a group).
  await expect(page.getByRole('heading', { name: 'Step 1 of 4: Performance Details' })).toBeVisible();
  const next = page.getByRole('button', { name: 'Next' });
  await tabTo(page, next);
  await page.keyboard.press('Enter');
  await expect(page.getByText('Please choose a duration.')).toBeVisible();
  await expect(page.getByText('Please choose live or prerecorded.')).toBeVisible();
  // The first problem takes the focus, so the person hears what to fix.
  await expect(page.getByLabel('Live', { exact: true })).toBeFocused();
  await page.keyboard.press('Space');
  await expect(page.getByLabel('Live', { exact: true })).toBeChecked();
  await tabTo(page, page.getByLabel('One Hour'));
  await page.keyboard.press('Space');
  await expect(page.getByLabel('One Hour')).toBeChecked();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByLabel('Half Hour')).toBeChecked();
  await tabTo(page, page.getByLabel('No', { exact: true }), { backwards: true });
  await page.keyboard.press('ArrowRight');
  await expect(page.getByLabel('Yes', { exact: true })).toBeChecked();
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByLabel('No', { exact: true })).toBeChecked();
  await tabTo(page, next);
  await page.keyboard.press('Enter');

  // Step 2: the selects move with the arrow keys.
  await expect(page.getByRole('heading', { name: 'Step 2 of 4: Availability' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Step 2 of 4: Availability' })).toBeFocused();
  const from = page.getByLabel('Available from');
  const to = page.getByLabel('Available to');
  await tabTo(page, from);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  const fromLabel = await from.evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.textContent ?? '');
  expect(fromLabel).not.toBe('Any Time');
  await tabTo(page, to);
  for (let k = 0; k < 4; k += 1) await page.keyboard.press('ArrowDown');
  const toLabel = await to.evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.textContent ?? '');
  await tabTo(page, next);
  await page.keyboard.press('Enter');

  // Step 3: a link is typed; then Back (Shift+Tab) to check step 2 kept its answers, and on again.
  await expect(page.getByRole('heading', { name: 'Step 3 of 4: Stream Details' })).toBeFocused();
  await tabTo(page, page.getByLabel('Stream link'));
  await page.keyboard.type('https://stream.example.org/keyboard');
  const back = page.getByRole('button', { name: 'Back' });
  await tabTo(page, back);
  await page.keyboard.press('Enter');
  // Each step takes the focus to its heading once drawn (as a screen reader expects): wait for
  // that, or Next, still focused from the step before, could be pressed just before it moves.
  await expect(page.getByRole('heading', { name: 'Step 2 of 4: Availability' })).toBeFocused();
  await expect(from.locator('option:checked')).toHaveText(fromLabel);
  await tabTo(page, next);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Step 3 of 4: Stream Details' })).toBeFocused();
  await expect(page.getByLabel('Stream link')).toHaveValue('https://stream.example.org/keyboard');
  await tabTo(page, next);
  await page.keyboard.press('Enter');

  // Step 4: Submit refuses until the box is ticked with Space.
  await expect(page.getByRole('heading', { name: 'Step 4 of 4: Expectations and Notes' })).toBeFocused();
  const submit = page.getByRole('button', { name: 'Submit' });
  await tabTo(page, submit);
  await page.keyboard.press('Enter');
  const confirm = page.getByLabel('I have read and agree to these expectations.');
  await expect(confirm).toBeFocused();
  await page.keyboard.press('Space');
  await expect(confirm).toBeChecked();
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Notes for the hosts (optional)')).toBeFocused();
  await page.keyboard.type('Signed up without a mouse.');
  await tabTo(page, submit);
  await page.keyboard.press('Enter');

  await expect(page.getByRole('heading', { name: new RegExp(`^You are signed up for ${eventName}`) })).toBeVisible();
  const summary = page.locator('dl');
  for (const text of ['No', 'Live', 'Half Hour', 'https://stream.example.org/keyboard', 'Signed up without a mouse.']) {
    await expect(summary.getByText(text, { exact: true }).first()).toBeVisible();
  }
  // Times name their zone (the browser's).
  for (const time of [fromLabel, toLabel]) await expect(summary.getByText(new RegExp(`^${time} (UTC|.+ time)$`)).first()).toBeVisible();
});

/** An event with three signups (new DJs, one each) and an empty lineup. */
async function eventWithSignups(staff: Page, name: string) {
  const id = await createEvent(staff.request, { name, start: daysFromNow(8) });
  const djs = await Promise.all([1, 2, 3].map((k) => createDj(staff.request, { djName: unique(`Key ${k}`) })));
  const names = djs.map((dj) => `${dj.djName} ${name}`);
  await addSignups(staff.request, id, djs.map((dj, k) => ({ djs: [dj], name: names[k] })));
  return { id, names };
}

test('the lineup builder with the keyboard alone: add, reorder by buttons and by dragging, save', async ({ page }) => {
  // About 30 s alone; three times that beside the accessibility file's long tests on 2 cores.
  await signInAs(page, 'admin');
  const eventName = unique('Keyboard Lineup');
  const { id, names } = await eventWithSignups(page, eventName);
  const [a, b, c] = names as [string, string, string];

  await page.goto(`/events/${id}/lineup`);
  await expect(page.getByRole('heading', { name: 'Lineup (Local Times)' })).toBeVisible();
  const signupCard = (name: string) => page.getByRole('group', { name: `Signup ${name}`, exact: true });
  const slotNames = page.getByTestId('slot-card').locator('h3');

  // A and B by their Add to Lineup buttons (Enter, then Space).
  await tabTo(page, signupCard(a).getByRole('button', { name: 'Add to Lineup' }));
  await page.keyboard.press('Enter');
  await expect(slotNames).toHaveText([a]);
  await tabTo(page, signupCard(b).getByRole('button', { name: 'Add to Lineup' }), { backwards: true });
  await page.keyboard.press('Space');
  await expect(slotNames).toHaveText([a, b]);

  // C through its menu: open with Enter, walk it with the arrow keys, choose with Enter.
  await tabTo(page, signupCard(c).getByRole('button', { name: /^Signup menu for / }), { backwards: true });
  await page.keyboard.press('Enter');
  const addItem = page.getByRole('button', { name: 'Add To Lineup', exact: true });
  await expect(addItem).toBeVisible();
  for (let k = 0; k < 5 && !(await isFocused(addItem)); k += 1) await page.keyboard.press('ArrowDown');
  await expect(addItem).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(slotNames).toHaveText([a, b, c]);

  // Move C sooner with its button.
  await tabTo(page, page.getByRole('button', { name: `Move ${c} sooner` }));
  await page.keyboard.press('Enter');
  await expect(slotNames).toHaveText([a, c, b]);

  // Drag A down one place from the keyboard: Space picks up, ArrowDown moves, Space drops.
  const handle = page.getByRole('button', { name: `Drag ${a} to reorder` });
  await tabTo(page, handle, { backwards: true });
  await keyboardDragOneLater(page, handle, 1);
  await expect(slotNames).toHaveText([c, a, b]);

  // Save from the save bar.
  await tabTo(page, page.getByRole('button', { name: 'Save', exact: true }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('Event saved.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeHidden();
  await page.reload();
  await expect(slotNames).toHaveText([c, a, b]);
});
