import { chromium } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { createStaff, customerPage, findOrderCard, openCounter, placePaidOrder } from './support/back-office';
import { qrCameraFile } from './support/fake-camera';

/**
 * The counter marks an order Collected by scanning the customer's QR code with the camera. The clerk's
 * browser films the QR code the customer's tracking page shows (Chromium's fake camera plays it); Chromium on Linux has
 * no built-in QR reader, so this also checks the reader the shop brings for such browsers.
 */
test('the clerk scans the customer’s pickup QR code with the camera and the order is collected @phone', async ({
  browser,
  browserName,
  isMobile,
  baseURL,
}, testInfo) => {
  test.skip(browserName !== 'chromium', 'the fake camera is a Chromium switch');
  const customer = await customerPage(browser, 'Sirisha');
  const order = await placePaidOrder(customer.page.request, { deliveryType: 'pickup' });
  const pickup = (await (await customer.page.request.get(`/api/orders/${order.orderNumber}/pickup`)).json()) as {
    code: string;
  };

  const clerk = await createStaff(browser, 'Ramu');
  const launch = testInfo.project.use.launchOptions!;
  const counter = await chromium.launch({
    ...launch,
    args: [
      ...(launch.args ?? []),
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${qrCameraFile(`${order.orderNumber}/${pickup.code}`)}`,
    ],
  });
  try {
    const ctx = await counter.newContext({
      baseURL,
      viewport: isMobile ? { width: 390, height: 844 } : { width: 1280, height: 800 },
      isMobile,
      hasTouch: isMobile,
    });
    await ctx.grantPermissions(['camera']);
    const page = await ctx.newPage();
    await openCounter(page, clerk);
    const card = await findOrderCard(page, order.orderNumber);
    await card.getByLabel(`Status of ${order.orderNumber}`).selectOption('completed');
    await expect(page.getByTestId('toast')).toContainText('Order status updated to completed');

    await card.getByRole('button', { name: `Collect ${order.orderNumber} with the pickup code` }).click();
    const dialog = page.getByRole('dialog', { name: `Collect ${order.orderNumber}` });
    await dialog.getByRole('button', { name: 'Scan QR code' }).click();
    // No "camera is showing" step: the fake camera can read the code and close the dialog before such a check looks
    // (CI, once). The code is never typed here, so the order can only be collected by the scan.
    await expect(page.getByTestId('toast')).toContainText(`${order.orderNumber} is marked collected`);
    await expect(card.getByLabel(`Status of ${order.orderNumber}`)).toHaveValue('collected');
    await ctx.close();
  } finally {
    await counter.close();
    await customer.ctx.close();
  }
});
