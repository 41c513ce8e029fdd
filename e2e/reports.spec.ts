import fs from 'node:fs';
import { ADMIN, expect, expectNoSidewaysScroll, loginAs, test } from './support/fixtures';
import { customerPage, placePaidOrder } from './support/back-office';

test("the owner reads today's report, steps back a day and downloads the month's orders as CSV", async ({
  page,
  browser,
}) => {
  const customer = await customerPage(browser, 'Sarada Devi');
  const order = await placePaidOrder(customer.page.request, { deliveryType: 'pickup' });
  await customer.ctx.close();

  await loginAs(page, ADMIN.email, ADMIN.password);
  await page.goto('/admin/dashboard');
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Reports' }).click();
  await expect(page).toHaveURL(/\/admin\/reports$/);
  await expect(page.getByRole('heading', { name: 'Day report' })).toBeVisible();
  await expect(page.getByTestId('report-day')).toContainText('(today)');

  // Today holds at least the order just paid: 26 pages, ₹52.00 online, in this hour.
  const orders = Number((await page.getByTestId('figure-orders').textContent())!.replace(/,/g, ''));
  expect(orders).toBeGreaterThanOrEqual(1);
  await expect(page.getByTestId('figure-revenue')).toHaveText(/^₹[\d,]+\.\d{2}$/);
  await expect(page.getByTestId('by-method')).toContainText('Online (Razorpay)');
  await expect(page.getByText(/Busiest hour: \d{1,2} (am|pm)/)).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Black & White Printing A4', exact: true })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: `test-results/reports-${page.viewportSize()!.width}.png`, fullPage: true });

  // The day before: its own figures, and the way back to today.
  await page.getByRole('button', { name: 'Previous day' }).click();
  await expect(page).toHaveURL(/\?date=\d{4}-\d{2}-\d{2}$/);
  await expect(page.getByTestId('report-day')).not.toContainText('(today)');
  await page.getByRole('button', { name: 'Next day' }).click();
  await expect(page.getByTestId('report-day')).toContainText('(today)');
  await expect(page.getByRole('button', { name: 'Next day' })).toBeDisabled();

  // A backwards range is explained, not sent.
  const from = await page.getByLabel('From', { exact: true }).inputValue();
  await page.getByLabel('To', { exact: true }).fill('2020-01-01');
  await expect(page.getByText('The last day must be on or after the first day')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Download CSV' })).toHaveCount(0);
  await page.getByLabel('To', { exact: true }).fill(from);
  await page.getByLabel('From', { exact: true }).fill('2026-01-01');
  await page.getByLabel('To', { exact: true }).fill(new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10));

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^orders-2026-01-01-to-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = fs.readFileSync((await download.path())!, 'utf8');
  expect(csv.split('\r\n')[0]).toContain(
    'Order number,Paid at (IST),Customer,Mobile,Pickup or delivery,Status,Payment method,Payment id,Document,File,Service',
  );
  const line = csv.split('\r\n').find((l) => l.startsWith(order.orderNumber))!;
  expect(line).toContain('Sarada Devi');
  expect(line).toMatch(/,\d{2}\/\d{2}\/\d{4} \d{2}:\d{2},/);
  expect(line).toContain('Online (Razorpay)');
});
