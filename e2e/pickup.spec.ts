import fs from 'node:fs';
import path from 'node:path';
import { e2eDataDir, expect, expectNoSidewaysScroll, test } from './support/fixtures';
import {
  createStaff,
  customerPage,
  findOrderCard,
  openCounter,
  placePaidOrder,
  receivedLiveEvents,
  recordLiveEvents,
} from './support/back-office';

/** The mails in the e2e server's outbox to `email` whose text matches, waiting for them. */
async function mailsTo(email: string, match: RegExp): Promise<string[]> {
  const dir = path.join(e2eDataDir(), 'outbox');
  let found: string[] = [];
  await expect
    .poll(() => {
      found = fs.existsSync(dir)
        ? fs
            .readdirSync(dir)
            .filter((f) => f.endsWith('.eml'))
            .map((f) => fs.readFileSync(path.join(dir, f), 'utf8'))
            .filter((m) => m.includes(`To: ${email}`) && match.test(m))
        : [];
      return found.length;
    })
    .toBeGreaterThan(0);
  return found;
}

test('a paid pickup order: confirmation mail with the pickup code, the code on tracking, ready mail, a note from the counter, collected by the code', async ({
  page,
  browser,
}) => {
  const customer = await customerPage(browser, 'Durga Bhavani');
  await recordLiveEvents(customer.page);
  const order = await placePaidOrder(customer.page.request, { deliveryType: 'pickup' });

  // The confirmation mail: the order, what was paid, the pickup code and the way to the tracking page.
  const [confirmation] = await mailsTo(customer.email, new RegExp(`Order ${order.orderNumber} placed`));
  const code = confirmation!.match(/Your pickup code: (\d{6})/)![1]!;
  expect(confirmation).toContain(`/order-tracking/${order.orderNumber}`);

  // Tracking shows the same code and its QR code.
  await customer.page.goto(`/order-tracking/${order.orderNumber}`);
  const card = customer.page.getByTestId('pickup-code');
  await expect(card).toContainText(code);
  await expect(card.getByRole('img', { name: `QR code for collecting ${order.orderNumber}` })).toBeVisible();
  await expectNoSidewaysScroll(customer.page);
  await customer.page.screenshot({
    path: `test-results/pickup-tracking-${customer.page.viewportSize()!.width}.png`,
    fullPage: true,
  });

  // The counter: printed and ready (the customer is mailed), then collected with the code.
  const clerk = await createStaff(browser, 'Ramu');
  await openCounter(page, clerk);
  const orderCard = await findOrderCard(page, order.orderNumber);
  await orderCard.getByLabel(`Status of ${order.orderNumber}`).selectOption('completed');
  await expect(page.getByTestId('toast')).toContainText('Order status updated to completed');
  // The customer's open tracking page follows by itself, pushed (not only by its polling every 10 s).
  await expect.poll(() => receivedLiveEvents(customer.page)).toContain('order.status');
  await expect(customer.page.getByRole('list', { name: 'Order steps' }).locator('[aria-current="step"]')).toContainText(
    'Ready for pickup',
  );
  await mailsTo(customer.email, /Ready for pickup/);

  // A note to the customer: mailed, and on the tracking page.
  await orderCard.getByRole('button', { name: `Message Durga Bhavani about ${order.orderNumber}` }).click();
  const note = page.getByRole('dialog', { name: `Message about ${order.orderNumber}` });
  await note.getByLabel('Message').fill('Your prints are ready. Please bring the receipt.');
  await note.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByTestId('toast')).toContainText('Message sent');
  await mailsTo(customer.email, /Your prints are ready\. Please bring the receipt\./);
  await customer.page.reload();
  await expect(customer.page.getByRole('list', { name: 'Messages from the shop' })).toContainText(
    'Your prints are ready. Please bring the receipt.',
  );

  await orderCard.getByRole('button', { name: `Collect ${order.orderNumber} with the pickup code` }).click();
  const dialog = page.getByRole('dialog', { name: `Collect ${order.orderNumber}` });
  const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
  await dialog.getByLabel('Pickup code').fill(wrong);
  await dialog.getByRole('button', { name: 'Mark collected' }).click();
  await expect(dialog.getByText('That is not this order’s pickup code. Check it with the customer.')).toBeVisible();
  await expect(orderCard.getByLabel(`Status of ${order.orderNumber}`)).toHaveValue('completed');
  await page.screenshot({ path: `test-results/pickup-collect-${page.viewportSize()!.width}.png` });
  await dialog.getByLabel('Pickup code').fill(`${code.slice(0, 3)} ${code.slice(3)}`);
  await dialog.getByRole('button', { name: 'Mark collected' }).click();
  await expect(page.getByTestId('toast')).toContainText(`${order.orderNumber} is marked collected`);
  await expect(orderCard.getByLabel(`Status of ${order.orderNumber}`)).toHaveValue('collected');

  // The customer's page follows: collected, and the code is gone.
  await customer.page.reload();
  await expect(customer.page.getByRole('list', { name: 'Order steps' }).locator('[aria-current="step"]')).toContainText(
    'Collected',
  );
  await expect(customer.page.getByTestId('pickup-code')).toHaveCount(0);
  await mailsTo(customer.email, new RegExp(`Order ${order.orderNumber}: Collected`));
  await customer.ctx.close();
});
