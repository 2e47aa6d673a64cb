import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Drags a lineup slot one place later from the keyboard by its drag handle (Space picks the slot
 * up, ArrowDown moves it, Space drops it), going by what a screen reader hears (dnd-kit's
 * announcements) rather than by fixed pauses, which a busy machine outlasts: the sensor may
 * take a moment to listen for arrows after the pick-up, so an arrow that did nothing is pressed
 * again. `from` is the slot's position (1 = first).
 */
export async function keyboardDragOneLater(page: Page, handle: Locator, from: number): Promise<void> {
  const target = from + 1;
  const heard = page.getByRole('status').filter({ hasText: /( is over position \d+\.| was dropped)/ });
  await expect(handle).toBeFocused();
  await page.keyboard.press('Space');
  await expect(handle).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('ArrowDown');
  await expect(async () => {
    const over = Number(/ is over position (\d+)\./.exec((await heard.textContent()) ?? '')?.[1]);
    if (over === target) return;
    if (over > 0) await page.keyboard.press(over < target ? 'ArrowDown' : 'ArrowUp');
    throw new Error(`the slot is over position ${over}, not ${target}`);
  }).toPass({ intervals: [500, 1_000], timeout: 15_000 });
  await page.keyboard.press('Space');
  await expect(heard).toContainText(` was dropped at position ${target}.`);
}
