import { expect, expectNoSidewaysScroll, test } from './support/fixtures';
import { createStaff, customerPage, openCounter, placePaidOrder } from './support/back-office';

/**
 * One search box at the top of the counter's queue finds an order by its number, its pickup code,
 * the customer's name, or the phone number as the customer says it; a pickup code typed (then Enter) or scanned by a
 * scanner that types opens that order's Collect at once.
 */
test('the counter finds an order by a phone said any way, and a pickup code typed or scanned opens its Collect', async ({
  page,
  browser,
}, testInfo) => {
  const mobile = `9${String(Date.now()).slice(-9)}`;
  const grouped = `${mobile.slice(0, 5)} ${mobile.slice(5)}`;
  const customer = await customerPage(browser, 'Jyothi Lakshmi');
  const order = await placePaidOrder(customer.page.request, { deliveryType: 'pickup', mobile });
  const { code } = (await (await customer.page.request.get(`/api/orders/${order.orderNumber}/pickup`)).json()) as {
    code: string;
  };

  const clerk = await createStaff(browser, 'Prasad');
  await openCounter(page, clerk);
  const box = page.getByRole('searchbox', { name: 'Search orders' });
  await expect(box).toHaveAttribute('placeholder', 'Order number, pickup code, name or phone');
  const card = page.getByTestId('order-card').filter({ hasText: order.orderNumber });
  const cards = page.getByTestId('order-card');

  // The phone as dictated: grouped, with +91, with a 0 and a dash; part of it too.
  for (const said of [
    grouped,
    `+91 ${mobile}`,
    `0${mobile.slice(0, 5)}-${mobile.slice(5)}`,
    `${mobile.slice(0, 5)} ${mobile.slice(5, 8)}`,
  ]) {
    await box.fill(said);
    await expect(card).toBeVisible();
    await expect(cards).toHaveCount(1);
  }

  // A pickup code: the box offers to open its order; Enter does it, the Collect opens with the code in it.
  await box.fill(`${code.slice(0, 3)} ${code.slice(3)}`);
  await expect(page.getByRole('button', { name: `Open the order with pickup code ${code}` })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await box.press('Enter');
  const dialog = page.getByRole('dialog', { name: `Collect ${order.orderNumber}` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Pickup code')).toHaveValue(code);
  await expect(page.locator('#counter-search')).toHaveValue(order.orderNumber);
  await page.screenshot({ path: testInfo.outputPath('collect-from-search.png') });
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(card).toBeVisible();

  // A code that is no order's says so under the box, and opens nothing.
  const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
  await box.fill(wrong);
  await box.press('Enter');
  await expect(page.locator('#counter-search-note')).toHaveText(
    'No order waiting to be collected has this pickup code. Check it with the customer.',
  );
  await expect(dialog).toHaveCount(0);

  // A scanner that types the customer's QR code and Enter: the same.
  await box.fill(`${order.orderNumber}/${code}`);
  await box.press('Enter');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Pickup code')).toHaveValue(code);
  // Never printed: the Collect says so and asks (decision 039).
  await expect(dialog.getByTestId('not-printed')).toHaveText(
    'Not printed yet: this order is still Unvisited. Hand it over only if the customer already has the prints.',
  );
  await dialog.getByRole('button', { name: 'Mark collected anyway' }).click();
  await expect(page.getByTestId('toast')).toContainText(`${order.orderNumber} is marked collected`);
  await customer.ctx.close();
});
