import fs from 'node:fs';
import path from 'node:path';
import { e2eDataDir, expect, test } from './support/fixtures';
import { createStaff, customerPage, findOrderCard, openCounter, placePaidOrder } from './support/back-office';

/**
 * A message from the counter (decision 039) reaches the customer's open tracking page as it is sent (as status
 * changes do), and the mail it comes in can be answered: Reply-To is the shop's address, not the no-reply sender.
 */
test('a message from the counter appears on the open tracking page at once, and its mail replies to the shop', async ({
  page,
  browser,
}) => {
  const customer = await customerPage(browser, 'Nagamani');
  const order = await placePaidOrder(customer.page.request, { deliveryType: 'pickup' });
  await customer.page.goto(`/order-tracking/${order.orderNumber}`);
  await expect(customer.page.getByRole('heading', { name: `Order ${order.orderNumber}` })).toBeVisible();
  const messages = customer.page.getByRole('list', { name: 'Messages from the shop' });
  await expect(messages).toHaveCount(0);

  const clerk = await createStaff(browser, 'Venkat');
  await openCounter(page, clerk);
  const card = await findOrderCard(page, order.orderNumber);
  await card.getByRole('button', { name: `Message Nagamani about ${order.orderNumber}` }).click();
  const note = page.getByRole('dialog', { name: `Message about ${order.orderNumber}` });
  await note.getByLabel('Message').fill('Page 3 of your file is blank. Shall we skip it?');
  await note.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByTestId('toast')).toContainText('Message sent');

  // No reload: the open page shows it (its own refresh comes every 30 s, slower than any wait here).
  await expect(messages).toContainText('Page 3 of your file is blank. Shall we skip it?');

  const dir = path.join(e2eDataDir(), 'outbox');
  let mail = '';
  await expect
    .poll(() => {
      mail =
        fs
          .readdirSync(dir)
          .map((f) => fs.readFileSync(path.join(dir, f), 'utf8'))
          .find((m) => m.includes(`To: ${customer.email}`) && m.includes('Page 3 of your file is blank')) ?? '';
      return mail.length;
    })
    .toBeGreaterThan(0);
  expect(mail).toMatch(/^From: .*<no-reply@printshop\.local>$/m);
  expect(mail).toMatch(/^Reply-To: orders@printshop\.local$/m);
  await customer.ctx.close();
});
