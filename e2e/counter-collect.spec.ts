import type { APIRequestContext } from '@playwright/test';
import { ADMIN, expect, loginAs, test } from './support/fixtures';
import { createStaff, customerPage, findOrderCard, openCounter, placePaidOrder } from './support/back-office';

/**
 * A counter with no printer set up (decision 039) downloads and prints by hand: Download is each card's main
 * button, Print and Print all new are not offered (each tap was a red wall of refusals), the clerk is told once and
 * the admin is told how to set printing up. Handing over an order never printed is asked first.
 */

/** The printers' roles, cleared for this journey and given back after (other journeys set printers up). */
async function withoutPrinters(admin: APIRequestContext): Promise<() => Promise<void>> {
  const printers = (await (await admin.get('/api/print/printers')).json()) as Array<{
    id: number;
    role: string | null;
  }>;
  for (const p of printers) await admin.patch(`/api/admin/print/printers/${p.id}`, { data: { role: null } });
  return async () => {
    for (const p of printers) await admin.patch(`/api/admin/print/printers/${p.id}`, { data: { role: p.role } });
  };
}

test('no printer set up: Download leads, Print is not offered, the admin is shown how; an unprinted order is asked about', async ({
  page,
  browser,
}, testInfo) => {
  const adminCtx = await browser.newContext();
  const adminPage = await adminCtx.newPage();
  await loginAs(adminPage, ADMIN.email, ADMIN.password);
  const restore = await withoutPrinters(adminPage.request);
  try {
    const customer = await customerPage(browser, 'Chandrika');
    const order = await placePaidOrder(customer.page.request, { deliveryType: 'pickup' });
    const delivery = await placePaidOrder(customer.page.request, { deliveryType: 'delivery' });
    const clerk = await createStaff(browser, 'Narayana');
    await openCounter(page, clerk);
    const card = await findOrderCard(page, order.orderNumber);

    await expect(page.getByTestId('printing-not-set-up')).toHaveText(
      'Printing from the queue is not set up in this shop: download each order and print it from this computer.',
    );
    await expect(page.getByRole('button', { name: 'Print all new' })).toHaveCount(0);
    await expect(card.getByRole('button', { name: `Print ${order.orderNumber}` })).toHaveCount(0);
    await expect(card.getByRole('link', { name: `Ticket ${order.orderNumber}` })).toBeVisible();
    // The download is the filled, main button of the card.
    const download = card.getByRole('button', { name: `Download ${order.fileName} (${order.orderNumber})` });
    await expect(download).toBeVisible();
    expect(await download.evaluate((el) => getComputedStyle(el).backgroundColor)).not.toMatch(/^rgba?\(255, 255, 255/);
    await page.screenshot({ path: testInfo.outputPath('counter-no-printer.png'), fullPage: true });

    // A pickup order with a code is handed over with the code only (decision 033): not from its status.
    await expect(card.getByLabel(`Status of ${order.orderNumber}`).locator('option[value=collected]')).toBeDisabled();
    // Marking a delivery order delivered from its status, never printed: asked first; keeping it changes nothing.
    const deliveryCard = await findOrderCard(page, delivery.orderNumber);
    await deliveryCard.getByLabel(`Status of ${delivery.orderNumber}`).selectOption('delivered');
    const ask = page.getByRole('dialog', { name: 'Not printed yet' });
    await expect(ask).toContainText(
      `${delivery.orderNumber} is still Unvisited: it has not been printed. Mark it Delivered anyway?`,
    );
    await ask.getByRole('button', { name: 'Keep it Unvisited' }).click();
    await expect(ask).toHaveCount(0);
    await expect(deliveryCard.getByLabel(`Status of ${delivery.orderNumber}`)).toHaveValue('unvisited');
    await findOrderCard(page, order.orderNumber);
    // The Collect dialog of the pickup order says it too.
    await card.getByRole('button', { name: `Collect ${order.orderNumber} with the pickup code` }).click();
    const collect = page.getByRole('dialog', { name: `Collect ${order.orderNumber}` });
    await expect(collect.getByTestId('not-printed')).toContainText('Not printed yet: this order is still Unvisited.');
    await expect(collect.getByRole('button', { name: 'Mark collected anyway' })).toBeVisible();
    await page.keyboard.press('Escape');

    // In Telugu, the same.
    await page.getByTestId('language-switch').click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'te-IN');
    await expect(page.getByTestId('printing-not-set-up')).toContainText(
      'డౌన్‌లోడ్ చేసి ఈ కంప్యూటర్ నుండి ప్రింట్ చేయండి',
    );
    await card.getByRole('button', { name: `పికప్ కోడ్‌తో ${order.orderNumber} అప్పగించండి` }).click();
    await expect(page.getByRole('dialog').getByTestId('not-printed')).toContainText('ఇంకా ప్రింట్ చేయలేదు');
    await page.keyboard.press('Escape');
    await page.getByTestId('language-switch').click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-IN');

    // The admin's queue says how printing from it is set up, and leads there.
    await adminPage.goto('/admin/orders');
    const note = adminPage.getByTestId('printing-not-set-up');
    await expect(note).toContainText(
      'Printing from the queue is not set up: the counter downloads each order and prints it by hand.',
    );
    await note.getByRole('link', { name: 'Set up printing' }).click();
    await expect(adminPage).toHaveURL(/\/admin\/printers$/);
    await expect(adminPage.getByRole('button', { name: 'Add print agent' })).toBeVisible();
    await customer.ctx.close();
  } finally {
    await restore();
    await adminCtx.close();
  }
});
