import { ADMIN, expect, expectNoSidewaysScroll, loginAs, test } from './support/fixtures';
import { customerPage, placePaidOrder } from './support/back-office';

test('the admin refunds part of an order; the customer sees the refund on tracking', async ({ page, browser }) => {
  const customer = await customerPage(browser, 'Bhavani Prasad');
  const order = await placePaidOrder(customer.page.request, { deliveryType: 'pickup' });

  await loginAs(page, ADMIN.email, ADMIN.password);
  await page.goto('/admin/orders');
  await page.getByLabel('Search orders').fill(order.orderNumber);
  const card = page.getByTestId('order-card').filter({ hasText: order.orderNumber });
  await card.getByRole('button', { name: `Refund ${order.orderNumber}` }).click();
  const dialog = page.getByRole('dialog', { name: `Refund ${order.orderNumber}` });
  // 26 pages at ₹2 = ₹52.00 paid; the whole of it offered first.
  await expect(dialog).toContainText('Paid ₹52.00 · refunded ₹0.00 · left ₹52.00');
  await expect(dialog.getByLabel('Amount to refund (₹)')).toHaveValue('52.00');

  // Mistakes are explained in place.
  await dialog.getByLabel('Amount to refund (₹)').fill('60');
  await dialog.getByLabel('Reason (the customer reads it)').fill('Pages 3 to 7 were printed faint');
  await dialog.getByRole('button', { name: 'Refund ₹60.00' }).click();
  await expect(dialog.getByText('At most ₹52.00 can be refunded on this order')).toBeVisible();
  await expect(dialog.getByLabel('Amount to refund (₹)')).toHaveAttribute('aria-invalid', 'true');

  await dialog.getByLabel('Amount to refund (₹)').fill('10');
  await page.screenshot({ path: `test-results/refund-dialog-${page.viewportSize()!.width}.png` });
  await dialog.getByRole('button', { name: 'Refund ₹10.00' }).click();
  await expect(page.getByTestId('toast')).toContainText(`₹10.00 of ${order.orderNumber} is on its way back`);
  await expect(dialog).toHaveCount(0);

  // Opened again: the refund is listed, ₹42.00 left.
  await card.getByRole('button', { name: `Refund ${order.orderNumber}` }).click();
  await expect(dialog).toContainText('Paid ₹52.00 · refunded ₹10.00 · left ₹42.00');
  await expect(dialog.getByTestId('refund-list')).toContainText('Pages 3 to 7 were printed faint');
  await expect(dialog.getByTestId('refund-list')).toContainText('Shop Admin');
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // The customer's tracking page shows it, without the admin's name.
  await customer.page.goto(`/order-tracking/${order.orderNumber}`);
  const refunds = customer.page.getByRole('region', { name: 'Refunds' });
  await expect(refunds).toContainText('₹10.00');
  await expect(refunds).toContainText('Refunded');
  await expect(refunds).toContainText('Pages 3 to 7 were printed faint');
  await expect(refunds).not.toContainText('Shop Admin');
  await expectNoSidewaysScroll(customer.page);
  await customer.page.screenshot({
    path: `test-results/refund-tracking-${customer.page.viewportSize()!.width}.png`,
    fullPage: true,
  });
  await customer.ctx.close();
});
