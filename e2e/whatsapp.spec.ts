import { expect, expectNoSidewaysScroll, loginAs, registerCustomer, test } from './support/fixtures';
import { createStaff, customerPage, placePaidOrder } from './support/back-office';
import { testPdf } from './support/pdfs';
import { continueToDelivery, continueToReview, expectUploaded } from './support/wizard';

test('checkout asks before sending WhatsApp updates: unticked at first, the tick goes with the order @phone', async ({
  page,
}) => {
  const c = await registerCustomer(page.request, 'Padma Latha');
  await loginAs(page, c.email, c.password);
  await page.goto('/services');
  await page.getByRole('link', { name: /Black & White Printing/ }).click();
  const card = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Black & White Printing A4', exact: true }) });
  await card.getByRole('link', { name: 'Select & Continue' }).click();
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
  await page.request.post('/api/auth/staff/login', { data: { mobile_number: clerk.mobile, password: clerk.password } });
  await page.goto('/staff/dashboard');
  await page.getByRole('searchbox', { name: 'Search orders' }).fill(order.orderNumber);
  const orderCard = page.getByTestId('order-card').filter({ hasText: order.orderNumber });
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
