import { expect, expectNoSidewaysScroll, signedInCustomer, test } from './support/fixtures';
import { testPdf } from './support/pdfs';
import { continueToDelivery, continueToReview, startOrder } from './support/wizard';

/** A payment that fails or is cancelled (decision 002) leaves the order waiting on the dashboard, to pay or discard. */
test('a failed payment is told as a failure, the order waits under Awaiting payment and is paid from the dashboard', async ({
  page,
}) => {
  await signedInCustomer(page, 'Bhavani');
  await page.goto('/services');
  await startOrder(page, /Black & White Printing/, 'Black & White Printing A4');
  await page.locator('#pdf').setInputFiles(testPdf('page-a4-1p.pdf'));
  await continueToReview(page);
  await continueToDelivery(page);
  await page.getByRole('button', { name: /Shop Pickup/ }).click();
  await page.getByLabel('Mobile number').fill('9876543210');
  await page.getByRole('button', { name: 'Pay ₹2.00' }).click();

  // The bank refuses: a failure, not a cancellation.
  const checkout = page.getByTestId('sandbox-checkout');
  await checkout.getByRole('button', { name: /fail/i }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Payment failed' })).toBeVisible();
  await page.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByText('Payment failed once. No money was taken.')).toBeVisible();
  await expect(page.getByText(/Payment was cancelled/)).toHaveCount(0);

  // The customer leaves; the dashboard keeps the unpaid order.
  await page.goto('/dashboard');
  const waiting = page.getByTestId('awaiting-payment');
  await expect(waiting.getByTestId('draft-order')).toHaveCount(1);
  await expect(waiting).toContainText('page-a4-1p.pdf');
  await expectNoSidewaysScroll(page);
  await waiting.getByRole('button', { name: 'Pay now ₹2.00' }).click();
  await page
    .getByTestId('sandbox-checkout')
    .getByRole('button', { name: /Pay ₹2.00/ })
    .click();
  await expect(page).toHaveURL(/\/order-tracking\/PS-/);
  await expect(page.getByText('Payment Completed')).toBeVisible();
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: /Welcome/ })).toBeVisible();
  await expect(page.getByTestId('awaiting-payment')).toHaveCount(0);
});
