import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, expectNoSidewaysScroll, loginAs, registerCustomer, test } from './support/fixtures';
import { testPdf } from './support/pdfs';

/** Issue 12: a bundle in one order (several PDFs at once, each printed its own way, some pages only), one payment. */
test('a customer orders two documents at once, prints only some pages of the second, pays once and sees both on tracking', async ({ page }, testInfo) => {
  const c = await registerCustomer(page.request, 'Sravani');
  await loginAs(page, c.email, c.password);
  await page.goto('/services');
  await page.getByRole('link', { name: /Black & White Printing/ }).click();
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Black & White Printing A4', exact: true }) });
  await card.getByRole('link', { name: 'Select & Continue' }).click();

  // Both files chosen in one go, uploaded one after the other.
  await page.locator('#pdf').setInputFiles([testPdf('notes-a4-38p.pdf'), testPdf('report-a4-26p.pdf')]);
  const list = page.getByRole('list', { name: 'Documents in this order' });
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(page.getByText('Document 1 of 2: notes-a4-38p.pdf')).toBeVisible();
  await page.getByLabel('Copies').fill('2');

  // The second document: only some pages. A page past its end is refused in plain words.
  await page.getByRole('button', { name: 'Options' }).nth(1).click();
  await expect(page.getByText('Document 2 of 2: report-a4-26p.pdf')).toBeVisible();
  await page.getByLabel('Pages to print').fill('1-5, 30');
  await expect(page.getByText('This document has 26 pages, so page 30 is not in it.')).toBeVisible();
  await page.getByLabel('Pages to print').fill('8, 1-5');
  await expect(page.locator('#pageRange-hint')).toHaveText('Pages 1-5, 8 (6 of 26)');
  await expect(list.getByRole('listitem').nth(1)).toContainText('Pages 1-5, 8 (6 of 26)');
  // Every page can be seen and picked: leaving page 8 out and putting it back moves the range with it.
  await page.getByRole('button', { name: 'See the pages and pick them (26)' }).click();
  await expect(page.getByTestId('page-thumb')).toHaveCount(26);
  const first = page.getByTestId('page-thumb').first().locator('img');
  await expect.poll(() => first.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  await page.getByRole('button', { name: 'Page 8: printed' }).click();
  await expect(page.getByLabel('Pages to print')).toHaveValue('1-5');
  await page.getByRole('button', { name: 'Page 8: left out' }).click();
  await expect(page.getByLabel('Pages to print')).toHaveValue('1-5, 8');
  await page.getByRole('button', { name: 'Look closer at page 2', exact: true }).click();
  await expect(page.getByRole('dialog').getByRole('img', { name: 'Page 2 of report-a4-26p.pdf' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('pages.png') });
  await page.keyboard.press('Escape');
  await expectNoSidewaysScroll(page);

  await page.getByRole('button', { name: 'Calculate Cost' }).click();
  // 38 pages × 2 copies × ₹2 = ₹152, and 6 pages × ₹2 = ₹12: ₹164 for the order.
  const lines = page.getByRole('list', { name: 'Documents and their prices' });
  await expect(lines.getByRole('listitem').nth(0)).toContainText('₹152.00');
  await expect(lines.getByRole('listitem').nth(1)).toContainText('₹12.00');
  await expect(page.getByTestId('cost-breakdown').first().getByTestId('total')).toHaveText('₹164.00');
  await page.screenshot({ path: testInfo.outputPath('review.png'), fullPage: true });

  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: /Shop Pickup/ }).click();
  await page.getByLabel('Mobile number').fill('9876543210');
  await page.getByRole('button', { name: 'Pay ₹164.00' }).click();
  await page.getByTestId('sandbox-checkout').getByRole('button', { name: /Pay ₹164.00/ }).click();

  await expect(page).toHaveURL(/\/order-tracking\/PS-/, { timeout: 15_000 });
  await expect(page.getByRole('heading', { name: 'Documents (2)' })).toBeVisible();
  const docs = page.getByRole('list', { name: 'Documents', exact: true });
  await expect(docs.getByTestId('order-document').nth(0)).toContainText('notes-a4-38p.pdf');
  await expect(docs.getByTestId('order-document').nth(0)).toContainText('All 38 pages × 2 copies');
  await expect(docs.getByTestId('order-document').nth(1)).toContainText('Pages 1-5, 8 (6 of 26) × 1 copy');
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: testInfo.outputPath('tracking.png'), fullPage: true });

  // "Print again": the wizard opens with the same two documents, options and pages, and the same price.
  await page.getByRole('button', { name: 'Print again' }).click();
  await expect(page).toHaveURL(/\/order-create\/\d+$/);
  await expect(page.getByRole('list', { name: 'Documents in this order' }).getByRole('listitem')).toHaveCount(2);
  await expect(page.getByLabel('Copies')).toHaveValue('2');
  await page.getByRole('button', { name: 'Calculate Cost' }).click();
  await expect(page.getByTestId('cost-breakdown').first().getByTestId('total')).toHaveText('₹164.00');
  // The mobile number of the last paid order is offered, not asked for again.
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: /Shop Pickup/ }).click();
  await expect(page.getByLabel('Mobile number')).toHaveValue('9876543210');
});

test('a phone photo is taken as a document: made into a page, priced, and listed like a PDF', async ({ page }) => {
  const c = await registerCustomer(page.request, 'Kavya');
  await loginAs(page, c.email, c.password);
  await page.goto('/services');
  await page.getByRole('link', { name: /Black & White Printing/ }).click();
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Black & White Printing A4', exact: true }) });
  await card.getByRole('link', { name: 'Select & Continue' }).click();
  await page.locator('#pdf').setInputFiles(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../server/test/fixtures/convert/photo-rotated.jpg'));
  await expect(page.getByTestId('page-count')).toContainText('1 page ·');
  await expect(page.getByTestId('toast').filter({ hasText: 'made from photo-rotated.jpg' })).toBeVisible();
  await page.getByRole('button', { name: 'Calculate Cost' }).click();
  await expect(page.getByTestId('cost-breakdown').first().getByTestId('total')).toHaveText('₹2.00');
});
