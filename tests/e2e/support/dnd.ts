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
  const over = async () => Number(/ is over position (\d+)\./.exec((await heard.textContent()) ?? '')?.[1]);
  // On a busy machine the drop now and then lands where the slot was picked up, though the last
  // announcement had it over the target: that drop changed nothing, so the drag is made again.
  for (let attempt = 1; ; attempt += 1) {
    await expect(handle).toBeFocused();
    await page.keyboard.press('Space');
    await expect(handle).toHaveAttribute('aria-pressed', 'true');
    await page.keyboard.press('ArrowDown');
    await expect(async () => {
      const now = await over();
      if (now === target) return;
      if (now > 0) await page.keyboard.press(now < target ? 'ArrowDown' : 'ArrowUp');
      throw new Error(`the slot is over position ${now}, not ${target}`);
    }).toPass({ intervals: [500, 1_000], timeout: 15_000 });
    await page.keyboard.press('Space');
    await expect(heard).toContainText(/ was dropped at position \d+\./);
    const dropped = Number(/ was dropped at position (\d+)\./.exec((await heard.textContent()) ?? '')?.[1]);
    if (dropped === target) return;
    if (dropped !== from || attempt === 3) throw new Error(`the slot was dropped at position ${dropped}, not ${target}`);
  }
}
