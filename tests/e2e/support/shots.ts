import type { Page, TestInfo } from '@playwright/test';
import { animationsSettled } from './settle';

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 900 };

// Screenshots for a person to open and look at, in the test's output folder. CI keeps only the
// printed log, and on two cores these captures were a large share of the run's CPU, so they are
// taken only with E2E_SHOTS=1. The screens' baselines (screens.spec.ts) are compared on every run.
const wanted = process.env.E2E_SHOTS === '1';

/** The page as it is now, in one file; at `size`, if given, then back to the size it had. */
export async function shot(page: Page, testInfo: TestInfo, file: string, { fullPage = true, size }: { fullPage?: boolean; size?: typeof DESKTOP } = {}): Promise<void> {
  if (!wanted) return;
  const before = page.viewportSize();
  if (size) await page.setViewportSize(size);
  await page.screenshot({ path: testInfo.outputPath(file), fullPage });
  if (size && before) await page.setViewportSize(before);
}

/**
 * The page at 390 px and at 1280 px (and in both themes with `dark`), then back to the size and
 * theme it had, so a test goes on the same with or without the captures.
 */
export async function snap(page: Page, testInfo: TestInfo, name: string, { dark = false } = {}): Promise<void> {
  if (!wanted) return;
  const before = page.viewportSize();
  for (const scheme of dark ? (['light', 'dark'] as const) : ([null] as const)) {
    if (scheme) await page.emulateMedia({ colorScheme: scheme });
    for (const size of [PHONE, DESKTOP]) {
      await page.setViewportSize(size);
      // Past a dialog's fade.
      await animationsSettled(page);
      const suffix = scheme ? `${scheme}-${size.width}` : `${size.width}`;
      await page.screenshot({ path: testInfo.outputPath(`${name}-${suffix}.png`), fullPage: true });
    }
  }
  if (dark) await page.emulateMedia({ colorScheme: null });
  if (before) await page.setViewportSize(before);
}
