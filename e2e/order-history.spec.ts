import type { Page } from '@playwright/test';
import { placePaidOrder } from './support/back-office';
import { expect, expectNoSidewaysScroll, navigate, signedInCustomer, test } from './support/fixtures';
import { testPdf } from './support/pdfs';
import { continueToDelivery, continueToReview, expectUploaded } from './support/wizard';

/**
 * Order History opens where the customer's latest order is (most xerox orders are pickups, and
 * the first tab was an empty "Home Delivery"); after a cancelled payment the wizard names the page the menu has,
 * and links it. Plurals as people say them: "cancelled once", never "1 time(s)".
 */

test('a customer with only pickup orders finds them at once; after a delivery order the history opens on it', async ({
  page,
  isMobile,
}) => {
  await signedInCustomer(page, 'Ramana');
  const first = await placePaidOrder(page.request, { deliveryType: 'pickup' });
  await page.goto('/services');
  await navigate(page, isMobile, 'Order History');
  await expect(page.getByRole('tab', { name: 'Shop Pickup (1)' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('history-row').filter({ hasText: first.orderNumber })).toBeVisible();
  await expect(page.getByText('No home delivery orders found')).toHaveCount(0);
  await expectNoSidewaysScroll(page);

  // The latest order is a delivery: the history opens there; the customer's own choice of tab then stays.
  const second = await placePaidOrder(page.request, { deliveryType: 'delivery' });
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Home Delivery (1)' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('history-row').filter({ hasText: second.orderNumber })).toBeVisible();
  await page.getByRole('tab', { name: 'Shop Pickup (1)' }).click();
  await expect(page.getByTestId('history-row').filter({ hasText: first.orderNumber })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Shop Pickup (1)' })).toHaveAttribute('aria-selected', 'true');
});

async function cancelOnce(page: Page) {
  const services = (await (await page.request.get('/api/services')).json()) as Array<{ id: number; name: string }>;
  await page.goto(`/order-create/${services.find((s) => s.name === 'Black & White Printing A4')!.id}`);
  await page.locator('#pdf').setInputFiles(testPdf('notes-a4-38p.pdf'));
}

test('a cancelled payment names Order History and links it, where the unpaid order waits', async ({ page }) => {
  await signedInCustomer(page, 'Sujatha');
  await cancelOnce(page);
  await expectUploaded(page, 'notes-a4-38p.pdf · 38 pages');
  await continueToReview(page);
  await continueToDelivery(page);
  await page.getByRole('button', { name: /Shop Pickup/ }).click();
  await page.getByLabel('Mobile number').fill('98765 43210');
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page.getByTestId('sandbox-checkout')).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
  const notice = page.locator('#payment-cancelled');
  await expect(notice).toContainText('Payment was cancelled once');
  await expect(notice).toContainText('Your order is also kept under Awaiting payment in Order History.');
  await expect(notice).not.toContainText('dashboard');
  await page.getByRole('button', { name: /^Retry Payment / }).click();
  await expect(page.getByTestId('sandbox-checkout')).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
  await expect(notice).toContainText('Payment was cancelled 2 times');
  await notice.getByRole('link', { name: 'Order History' }).click();
  await expect(page).toHaveURL(/\/order-history$/);
  await expect(page.getByRole('heading', { name: 'Awaiting payment' })).toBeVisible();
});

test('in Telugu the same notice says once in words and links the history page', async ({ page }) => {
  await signedInCustomer(page, 'Sarada');
  await page.goto('/services');
  await page.getByTestId('language-switch').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'te-IN');
  await cancelOnce(page);
  await expect(page.getByTestId('step-1-summary')).toContainText('notes-a4-38p.pdf');
  await page.getByRole('button', { name: 'ముందుకు', exact: true }).click();
  await page.getByRole('button', { name: 'ముందుకు', exact: true }).click();
  await page.getByRole('button', { name: /షాప్ పికప్/ }).click();
  await page.getByLabel('మొబైల్ నంబర్').fill('98765 43210');
  await page
    .getByRole('button', { name: /చెల్లించండి/ })
    .first()
    .click();
  await expect(page.getByTestId('sandbox-checkout')).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'మూసివేయండి' }).click();
  const notice = page.locator('#payment-cancelled');
  await expect(notice).toContainText('చెల్లింపు ఒకసారి రద్దు చేశారు');
  await expect(notice.getByRole('link', { name: 'ఆర్డర్ల చరిత్ర' })).toHaveAttribute('href', '/order-history');
});
