import { expect, type Page } from '@playwright/test';

// The DJ's four-step signup wizard, step by step as a DJ goes through it.

const STEP_TITLES = ['Performance Details', 'Availability', 'Stream Details', 'Expectations and Notes'] as const;

export const next = (page: Page) => page.getByRole('button', { name: 'Next' }).click();

/** Waits for step `n` (1 to 4) by its title. */
export const step = (page: Page, n: number, title: string = STEP_TITLES[n - 1]!) =>
  expect(page.getByRole('heading', { name: `Step ${n} of 4: ${title}` })).toBeVisible();

/** Next from step `from` to the last step, keeping the answers the steps show, and ticks the expectations. */
export async function throughToLastStep(page: Page, from = 1): Promise<void> {
  for (let n = from + 1; n <= STEP_TITLES.length; n++) {
    await next(page);
    await step(page, n);
  }
  await page.getByLabel('I have read and agree to these expectations.').check();
}
