import { expect, type Page } from '@playwright/test';

/**
 * The order wizard as a customer goes through it (decision 028): a picked file uploads at once and opens its
 * options, the documents step folds to one line; the price follows every change and is shown once, in the bar at
 * the bottom with Pay.
 */

/** On the services page: the category, then the service's card and Select & Continue; the order wizard opens. */
export async function startOrder(page: Page, category: RegExp, serviceName: string) {
  await page.getByRole('link', { name: category }).click();
  const card = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: serviceName, exact: true }) });
  await card.getByRole('link', { name: 'Select & Continue' }).click();
  await expect(page).toHaveURL(/\/order-create\/\d+$/);
  await expect(page.getByRole('heading', { name: `Order: ${serviceName}` })).toBeVisible();
}

/**
 * The documents step, folded to its line, names the file and its pages. `timeout`: for a file the shop converts
 * first (a Word file may take LibreOffice up to the shop's conversion limit on a busy machine).
 */
export async function expectUploaded(page: Page, text: string | RegExp, timeout?: number) {
  await expect(page.getByTestId('step-1-summary')).toContainText(text, { timeout });
}

/** The first page of the document whose options are open is drawn (a loaded picture, not an empty or broken one). */
export async function expectPagesShown(page: Page, fileName: string) {
  const first = page
    .getByRole('list', { name: `Pages of ${fileName}` })
    .getByTestId('page-thumb')
    .first()
    .locator('img');
  await expect(first).toBeVisible();
  await expect
    .poll(() => first.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
}

/** The order's total in the price bar (settled: not being updated). */
export async function expectTotal(page: Page, amount: string) {
  const total = page.getByTestId('total');
  await expect(total).toHaveText(amount);
  await expect(total).toHaveAttribute('aria-busy', 'false');
}

/** Options done: the review opens with the order's breakdown. */
export async function continueToReview(page: Page) {
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page.getByRole('heading', { name: '3. Review' })).toBeVisible();
}

/** Review done: the delivery choice opens. */
export async function continueToDelivery(page: Page) {
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page.getByRole('heading', { name: '4. Choose Delivery Option' })).toBeVisible();
}
