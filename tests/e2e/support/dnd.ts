import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Drags a lineup slot one place later from the keyboard by its focused drag handle (Space picks
 * the slot up, ArrowDown moves it, Space drops it), waiting after each key for what the page
 * shows and a screen reader hears rather than for a fixed time, which a busy machine outlasts.
 * `from` is the slot's position (1 = first).
 */
export async function keyboardDragOneLater(page: Page, handle: Locator, from: number): Promise<void> {
  const heard = (text: string) => page.getByRole('status').filter({ hasText: text });
  await expect(handle).toBeFocused();
  await page.keyboard.press('Space');
  await expect(handle).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('ArrowDown');
  await expect(heard(` is over position ${from + 1}.`)).toHaveCount(1);
  await page.keyboard.press('Space');
  await expect(heard(` was dropped at position ${from + 1}.`)).toHaveCount(1);
}
