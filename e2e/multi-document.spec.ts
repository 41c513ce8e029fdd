import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, expectNoSidewaysScroll, expectShownWhole, signedInCustomer, test } from './support/fixtures';
import { testPdf } from './support/pdfs';
import {
  continueToDelivery,
  continueToReview,
  expectPagesShown,
  expectTotal,
  expectUploaded,
  startOrder,
} from './support/wizard';

/** A bundle in one order (decision 036): several PDFs at once, each printed its own way, some pages only; one payment. */
test('a customer orders two documents at once, prints only some pages of the second, pays once and sees both on tracking @phone', async ({
  page,
}, testInfo) => {
  await signedInCustomer(page, 'Sravani');
  await page.goto('/services');
  await startOrder(page, /Black & White Printing/, 'Black & White Printing A4');

  // Both files chosen in one go: they upload at once and join in the order chosen; the documents fold to one line.
  await page.locator('#pdf').setInputFiles([testPdf('notes-a4-38p.pdf'), testPdf('report-a4-26p.pdf')]);
  await expectUploaded(page, '2 documents: notes-a4-38p.pdf, report-a4-26p.pdf');
  // The first to arrive opens (it is never switched under the customer's finger); the order stays as chosen.
  const documentChoice = page.getByLabel(/^Document \(/);
  await expect(documentChoice.locator('option')).toHaveText(['1. notes-a4-38p.pdf', '2. report-a4-26p.pdf']);
  await documentChoice.selectOption('0');
  await expect(page.getByLabel('Document (1 of 2)')).toHaveValue('0');
  await page.getByLabel('Copies').fill('2');

  // The second document: only some pages. A page past its end is refused in plain words, and nothing is priced.
  await documentChoice.selectOption('1');
  await expect(page.getByLabel('Document (2 of 2)')).toHaveValue('1');
  await page.getByLabel('Pages to print').fill('1-5, 30');
  await expect(page.locator('#pageRange-error')).toHaveText('This document has 26 pages, so page 30 is not in it.');
  await expect(page.getByTestId('price-bar')).toContainText(
    'report-a4-26p.pdf: This document has 26 pages, so page 30 is not in it.',
  );
  // Where Pay would be, the reason is read whole, on a phone too (not cut off beside the button).
  await expectShownWhole(page.getByTestId('price-note'));
  await page.getByLabel('Pages to print').fill('8, 1-5');
  await expect(page.locator('#pageRange-hint')).toHaveText('Pages 1-5, 8 (6 of 26)');
  // Every page can be seen and picked: leaving page 8 out and putting it back moves the range with it.
  await expectPagesShown(page, 'report-a4-26p.pdf');
  await page.getByRole('button', { name: 'See the pages and pick them (26)' }).click();
  const thumbs = page.getByTestId('page-thumb');
  await expect(thumbs).toHaveCount(26);
  // Every picture comes, as it scrolls into view: none is left empty or broken by a busy shop.
  for (const thumb of await thumbs.all()) {
    await thumb.scrollIntoViewIfNeeded();
    await expect
      .poll(() => thumb.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), {
        timeout: 20_000,
      })
      .toBeGreaterThan(0);
  }
  await page.getByRole('button', { name: 'Page 8: printed' }).click();
  await expect(page.getByLabel('Pages to print')).toHaveValue('1-5');
  await page.getByRole('button', { name: 'Page 8: left out' }).click();
  await expect(page.getByLabel('Pages to print')).toHaveValue('1-5, 8');
  await page.getByRole('button', { name: 'Look closer at page 2', exact: true }).click();
  await expect(page.getByRole('dialog').getByRole('img', { name: 'Page 2 of report-a4-26p.pdf' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('pages.png') });
  await page.keyboard.press('Escape');
  await expectNoSidewaysScroll(page);

  // 38 pages × 2 copies × ₹2 = ₹152, and 6 pages × ₹2 = ₹12: ₹164 for the order.
  await expectTotal(page, '₹164.00');
  await continueToReview(page);
  const lines = page.getByRole('list', { name: 'Documents and their prices' });
  await expect(lines.getByRole('listitem').nth(0)).toContainText('₹152.00');
  await expect(lines.getByRole('listitem').nth(1)).toContainText('₹12.00');
  // Shown once: the review breaks it down, the total is only in the bar.
  await expect(page.getByTestId('total')).toHaveCount(1);
  await expect(page.getByTestId('cost-breakdown').getByText('Total', { exact: true })).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('review.png'), fullPage: true });

  await continueToDelivery(page);
  await page.getByRole('button', { name: /Shop Pickup/ }).click();
  await page.getByLabel('Mobile number').fill('9876543210');
  await page.getByRole('button', { name: 'Pay ₹164.00' }).click();
  await page
    .getByTestId('sandbox-checkout')
    .getByRole('button', { name: /Pay ₹164.00/ })
    .click();

  await expect(page).toHaveURL(/\/order-tracking\/PS-/);
  await expect(page.getByRole('heading', { name: 'Documents (2)' })).toBeVisible();
  const docs = page.getByRole('list', { name: 'Documents', exact: true });
  await expect(docs.getByTestId('order-document').nth(0)).toContainText('notes-a4-38p.pdf');
  // One line per document, the words of every screen, mail and bill: its pages, how it prints, its own copies.
  await expect(docs.getByTestId('document-line').nth(0)).toHaveText('38 pages · B&W · 2 copies');
  await expect(docs.getByTestId('document-line').nth(1)).toHaveText(/^pages 1-5, 8 · .* · 1 copy$/);
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: testInfo.outputPath('tracking.png'), fullPage: true });
  const orderNumber = decodeURIComponent(page.url().split('/').pop()!);

  // History lists each document with how it prints, not "notes-a4-38p.pdf + 1 more".
  await page.goto('/order-history');
  await page.getByRole('tab', { name: /Shop Pickup \(1\)/ }).click();
  const row = page.getByTestId('history-row').filter({ hasText: orderNumber });
  await expect(row.getByRole('listitem').filter({ hasText: 'notes-a4-38p.pdf' }).first()).toBeVisible();
  await expect(row.getByRole('listitem').filter({ hasText: 'report-a4-26p.pdf' }).first()).toBeVisible();
  await expect(row).toContainText('38 pages · B&W · 2 copies · A4 · Single-sided');
  await expect(row).toContainText('pages 1-5, 8 · B&W · 1 copy · A4 · Single-sided');
  await expectNoSidewaysScroll(page);
  await page.goto(`/order-tracking/${orderNumber}`);

  // "Print again": the wizard opens with the same two documents, options and pages, and the same price.
  await page.getByRole('button', { name: 'Print again' }).click();
  await expect(page).toHaveURL(/\/order-create\/\d+$/);
  await expectUploaded(page, '2 documents: notes-a4-38p.pdf, report-a4-26p.pdf');
  await expect(page.getByLabel('Copies')).toHaveValue('2');
  await expectTotal(page, '₹164.00');
  // The mobile number of the last paid order is offered, not asked for again.
  await continueToReview(page);
  await continueToDelivery(page);
  await page.getByRole('button', { name: /Shop Pickup/ }).click();
  await expect(page.getByLabel('Mobile number')).toHaveValue('98765 43210');
});

test('a phone photo is taken as a document: made into a page, priced, and listed like a PDF', async ({ page }) => {
  await signedInCustomer(page, 'Kavya');
  await page.goto('/services');
  await startOrder(page, /Black & White Printing/, 'Black & White Printing A4');
  await page
    .locator('#pdf')
    .setInputFiles(
      path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../server/test/fixtures/convert/photo-rotated.jpg'),
    );
  await expectUploaded(page, 'photo-rotated.pdf · 1 page');
  await expect(page.getByTestId('toast').filter({ hasText: 'made from photo-rotated.jpg' })).toBeVisible();
  await expectTotal(page, '₹2.00');
});
