import path from 'node:path';
import { expect, loginAs, registerCustomer, test } from './support/fixtures';

const CORPUS = path.resolve('..', 'shared', 'pdf-corpus');

test('a customer uploads a PDF, sees the price, picks up at the shop, pays and follows the order', async ({ page }) => {
  const c = await registerCustomer(page.request, 'Lakshmi Devi');
  await loginAs(page, c.email, c.password);

  await page.goto('/services');
  await page.getByRole('link', { name: /Black & White Printing/ }).click();
  await expect(page).toHaveURL(/\/services\/black_white_printing$/);
  await page.getByRole('link', { name: 'Select & Continue' }).first().click();
  await expect(page).toHaveURL(/\/order-create\/\d+$/);

  await page.locator('#pdf').setInputFiles(path.join(CORPUS, 'bzip2-manual.pdf'));
  await page.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByTestId('page-count')).toContainText('38 pages');
  await expect(page.getByRole('img', { name: /First page of bzip2-manual.pdf/ })).toBeVisible();

  await page.getByLabel('Copies').fill('2');
  await page.getByRole('button', { name: 'Calculate Cost' }).click();
  const breakdown = page.getByTestId('cost-breakdown').first();
  // 38 pages × 2 copies × ₹2 a page (the demo B/W A4 service), no binding, no discount.
  await expect(breakdown).toContainText('₹152.00');
  await expect(breakdown).toContainText('76');

  // Changing an option clears the computed cost.
  await page.getByLabel('Copies').fill('1');
  await expect(page.getByTestId('cost-breakdown')).toHaveCount(0);
  await page.getByRole('button', { name: 'Calculate Cost' }).click();
  await expect(page.getByTestId('cost-breakdown').first()).toContainText('₹76.00');
  await page.getByRole('button', { name: 'Continue' }).click();

  await page.getByRole('button', { name: /Shop Pickup/ }).click();
  await page.getByLabel('Mobile number').fill('98765');
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page.getByText('Please enter a valid 10-digit mobile number for self pickup')).toBeVisible();
  await page.getByLabel('Mobile number').fill('9876543210');

  // First the customer closes the payment window.
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page.getByTestId('sandbox-checkout')).toBeVisible();
  await page.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByText('Payment was cancelled 1 time(s)')).toBeVisible();

  await page.getByRole('button', { name: 'Retry Payment' }).click();
  await expect(page.getByTestId('sandbox-checkout')).toBeVisible();
  await page.getByRole('button', { name: /Pay ₹76.00/ }).click();

  await expect(page).toHaveURL(/\/order-tracking\/PS-/, { timeout: 15_000 });
  await expect(page.getByText('Payment Completed')).toBeVisible();
  await expect(page.getByText('Order placed and paid')).toBeVisible();
  await expect(page.getByText('Self Pickup at our shop')).toBeVisible();

  await page.goto('/order-history');
  await page.getByRole('tab', { name: /Shop Pickup \(1\)/ }).click();
  await expect(page.getByRole('cell', { name: 'bzip2-manual.pdf' })).toBeVisible();
});

test('a file that is not a PDF is refused with a clear message', async ({ page }) => {
  const c = await registerCustomer(page.request);
  await loginAs(page, c.email, c.password);
  await page.goto('/services/color_printing');
  await page.getByRole('link', { name: 'Select & Continue' }).first().click();
  await page.locator('#pdf').setInputFiles({ name: 'photo.pdf', mimeType: 'application/pdf', buffer: Buffer.from('\x89PNG\r\n\x1a\n not really a pdf') });
  await page.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByTestId('toast')).toContainText('Upload Failed');
  await expect(page.getByTestId('toast')).toContainText('PDF');
});
