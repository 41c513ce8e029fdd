import { ADMIN, expect, expectIconsUnsqueezed, expectNoSidewaysScroll, loginAs, test } from './support/fixtures';
import { customerPage, findOrderCard, placePaidOrder } from './support/back-office';
import { watchNetwork } from './support/quiet-network';

/**
 * The owner's screens (decision 039): today's revenue and orders beside the counts on the dashboard; every admin
 * page in reach at 390 px; after a part refund the order's card says what was kept and what went back.
 */
test('the owner sees today’s takings, reaches every page on a phone, and a part refund on the order card @phone', async ({
  page,
  browser,
}, testInfo) => {
  const customer = await customerPage(browser, 'Venkateswarlu');
  const order = await placePaidOrder(customer.page.request, { deliveryType: 'pickup' });
  await loginAs(page, ADMIN.email, ADMIN.password);
  const istToday = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);

  await page.goto('/admin/dashboard');
  const day = (await (await page.request.get(`/api/admin/reports/day?date=${istToday}`)).json()) as {
    revenue: number;
    orders: number;
  };
  const rupees = (n: number) => `₹${n.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
  await expect(page.getByTestId('today-revenue')).toHaveText(rupees(day.revenue));
  await expect(page.getByTestId('today-orders')).toHaveText(day.orders.toLocaleString('en-IN'));
  expect(day.orders).toBeGreaterThanOrEqual(1);
  // Beside the counts, on the first screen.
  await expect(page.getByTestId('today-revenue')).toBeInViewport();
  await expect(page.getByTestId('stat-Total orders')).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: testInfo.outputPath('dashboard.png') });

  // Every page of the back office is on screen in the navigation, none scrolled out of sight.
  const nav = page.getByRole('navigation', { name: 'Admin' });
  for (const name of ['Dashboard', 'Orders', 'Reports', 'Services', 'Staff', 'Files', 'Printers']) {
    await expect(nav.getByRole('link', { name, exact: true })).toBeInViewport({ ratio: 1 });
  }
  // Each page shown before the next tap (its screen loads on first use; a tap while it settles may miss, as a thumb
  // would), and each fits the width once its data is in: the day's report with today's order in its table, the
  // file manager with the order's file.
  const network = watchNetwork(page);
  for (const [name, url] of [
    ['Reports', /\/admin\/reports$/],
    ['Services', /\/admin\/services$/],
    ['Staff', /\/admin\/staff$/],
    ['Printers', /\/admin\/printers$/],
    ['Files', /\/admin\/file-manager$/],
  ] as const) {
    await nav.getByRole('link', { name, exact: true }).click();
    await expect(page).toHaveURL(url);
    await expect(page.locator('main h1').first()).toBeVisible();
    await network.quiet();
    await expectNoSidewaysScroll(page);
    await expectIconsUnsqueezed(page);
  }
  await expect(page.getByRole('heading', { name: 'Admin File Manager' })).toBeVisible();

  // A part refund: the card says what the shop kept and what went back.
  await nav.getByRole('link', { name: 'Orders', exact: true }).click();
  // Found once the search has answered: before that the card may be on screen in the whole list, and the answer
  // moves it, so a tap in between lands where it was (as with the counter's queue).
  const card = await findOrderCard(page, order.orderNumber);
  await expect(card.getByTestId('order-paid')).toHaveText('₹52.00 paid');
  await card.getByRole('button', { name: `Refund ${order.orderNumber}` }).click();
  const dialog = page.getByRole('dialog', { name: `Refund ${order.orderNumber}` });
  await dialog.getByLabel('Amount to refund (₹)').fill('10');
  await dialog.getByLabel('Reason (the customer reads it)').fill('Two pages printed faint');
  await dialog.getByRole('button', { name: 'Refund ₹10.00' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(card.getByTestId('order-paid')).toHaveText('₹42.00 paid · ₹10.00 refunded');
  await expectNoSidewaysScroll(page);
  await customer.ctx.close();
});
