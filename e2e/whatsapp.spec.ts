import { expect, expectNoSidewaysScroll, signedInCustomer, test } from './support/fixtures';
import { createStaff, customerPage, findOrderCard, openCounter, placePaidOrder } from './support/back-office';
import { testPdf } from './support/pdfs';
import { continueToDelivery, continueToReview, expectUploaded, startOrder } from './support/wizard';

test('checkout asks before sending WhatsApp updates: unticked at first, the tick goes with the order', async ({
  page,
}) => {
  await signedInCustomer(page, 'Padma Latha');
  await page.goto('/services');
  await startOrder(page, /Black & White Printing/, 'Black & White Printing A4');
  await page.locator('#pdf').setInputFiles(testPdf('notes-a4-38p.pdf'));
  await expectUploaded(page, '38 pages');
  await continueToReview(page);
  await continueToDelivery(page);
  await page.getByRole('button', { name: /Shop Pickup/ }).click();
  await page.getByLabel('Mobile number').fill('9876543210');

  const tick = page.getByRole('checkbox', { name: /Send me order updates on WhatsApp/ });
  await expect(tick).not.toBeChecked();
  await tick.check();
  await expectNoSidewaysScroll(page);
  const [request] = await Promise.all([
    page.waitForRequest('**/api/razorpay/create-order'),
    page.getByRole('button', { name: /^Pay / }).click(),
  ]);
  expect(request.postDataJSON()).toMatchObject({
    whatsappUpdates: true,
    deliveryDetails: { mobileNumber: '9876543210' },
  });
  await expect(page.getByTestId('sandbox-checkout')).toBeVisible();
});

test('the counter’s WhatsApp button opens a chat holding the order number and its status in the customer’s words', async ({
  page,
  browser,
}) => {
  const customer = await customerPage(browser, 'Srinivas Rao');
  const order = await placePaidOrder(customer.page.request, { deliveryType: 'pickup' });
  const clerk = await createStaff(browser, 'Ramu');
  await openCounter(page, clerk);
  const orderCard = await findOrderCard(page, order.orderNumber);
  const link = orderCard.getByRole('link', { name: 'WhatsApp Srinivas Rao' });
  const href = new URL((await link.getAttribute('href'))!);
  expect(`${href.origin}${href.pathname}`).toBe('https://wa.me/919876501234');
  expect(href.searchParams.get('text')).toBe(`Hello, about your order ${order.orderNumber} (Order Placed): `);

  await orderCard.getByLabel(`Status of ${order.orderNumber}`).selectOption('completed');
  await expect(page.getByTestId('toast')).toContainText('Order status updated to completed');
  await expect
    .poll(async () => new URL((await link.getAttribute('href'))!).searchParams.get('text'))
    .toContain('(Ready for pickup)');
});
