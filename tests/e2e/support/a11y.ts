import AxeBuilder from '@axe-core/playwright';
import type { Page, TestInfo } from '@playwright/test';
import { expect } from './fixtures';
import { animationsSettled } from './settle';

/** The impacts the project refuses (issue 7): moderate and minor findings are reported, not failed. */
const BLOCKING = new Set(['serious', 'critical']);

/** The rules whose answer depends on the page's colours, so on its theme: the rest read its elements, the same in both. */
export const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * Runs axe-core (WCAG 2.x A and AA rules plus best practices, or only `rules`) on what the page shows now,
 * attaches the full report (and a screenshot when it finds anything), and fails softly on each serious or critical
 * violation, naming the rule and the offending elements, so one run lists every problem.
 */
export async function expectNoSeriousViolations(page: Page, testInfo: TestInfo, screen: string, { rules }: { rules?: string[] } = {}): Promise<void> {
  // The page is in the theme of the browser's scheme (decision 026): axe checks the one it shows.
  const scheme = await page.evaluate(() => (window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light'));
  await expect(page.locator('html')).toHaveAttribute('data-bs-theme', scheme);
  // Bootstrap's fades animate opacity; a half-faded element would read as low contrast.
  await animationsSettled(page);
  // axe.run in the page itself (legacy mode): the app has no frames, so the default's per-frame
  // runs and its extra blank page for merging them (a new page per scan) only cost time. Only
  // the violations are read: axe then skips building selectors for every element that passed.
  const axe = new AxeBuilder({ page });
  const results = await (rules ? axe.withRules(rules) : axe.withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']))
    .options({ resultTypes: ['violations'] })
    .setLegacyMode()
    .analyze();
  const slug = screen.replace(/[^a-z0-9]+/gi, '-').toLowerCase();
  await testInfo.attach(`axe-${slug}.json`, { body: JSON.stringify(results.violations, null, 2), contentType: 'application/json' });
  // A picture of the screen beside a report that has something in it: a full-page screenshot of
  // every clean screen was a good part of each scan's time, for a picture nobody opens.
  if (results.violations.length > 0) await page.screenshot({ path: testInfo.outputPath(`${slug}.png`), fullPage: true });
  const blocking = results.violations
    .filter((violation) => BLOCKING.has(violation.impact ?? ''))
    .map((violation) => `${violation.impact} ${violation.id}: ${violation.help}\n${violation.nodes.map((node) => `    ${node.target.join(' ')}  ${node.failureSummary?.replace(/\s+/g, ' ') ?? ''}`).join('\n')}`);
  const others = results.violations.filter((violation) => !BLOCKING.has(violation.impact ?? ''));
  if (others.length > 0) {
    console.log(`[a11y] ${screen}: minor/moderate: ${others.map((v) => `${v.id} (${v.nodes.length})`).join(', ')}`);
  }
  expect.soft(blocking, `serious or critical axe violations on ${screen}`).toEqual([]);
}

/**
 * The screen on a phone (390 px) in the light and the dark theme: axe on each, the dark with the
 * colour rules only (a screenshot beside a report that found something); the page's size and
 * scheme are put back afterwards.
 */
export async function expectNoSeriousViolationsOnPhone(page: Page, testInfo: TestInfo, screen: string): Promise<void> {
  const size = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.emulateMedia({ colorScheme: 'light' });
  await expectNoSeriousViolations(page, testInfo, `${screen} light 390`);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectNoSeriousViolations(page, testInfo, `${screen} dark 390`, { rules: COLOUR_RULES });
  await page.emulateMedia({ colorScheme: 'light' });
  if (size) await page.setViewportSize(size);
}
