import type { Page } from '@playwright/test';

/** An action of the event page's header that lives in its More actions menu (Delete, Cancel, Unpublish: issue 34). */
export async function openEventAction(page: Page, name: 'Delete Event' | 'Cancel Event' | 'Unpublish') {
  await page.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('button', { name, exact: true }).click();
}
