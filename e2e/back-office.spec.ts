import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Browser } from '@playwright/test';
import { ADMIN, expect, loginAs, registerCustomer, test } from './support/fixtures';

const CORPUS = path.resolve('..', 'shared', 'pdf-corpus');

/** A customer's real paid order through the API: upload, price, create the payment, pay in the sandbox, verify. */
async function placePaidOrder(request: APIRequestContext): Promise<string> {
  const upload = await request.post('/api/pdf/upload', {
    multipart: { file: { name: 'thesis.pdf', mimeType: 'application/pdf', buffer: fs.readFileSync(path.join(CORPUS, 'zlib-crc-doc.pdf')) } },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  const { file } = (await upload.json()) as { file: { id: string } };
  const services = (await (await request.get('/api/services?category=black_white_printing')).json()) as Array<{ id: number }>;
  const options = { serviceId: services[0]!.id, printingType: 'bw', paperSize: 'a4', paperType: 'white_75gsm', sides: 'single', orientation: 'portrait', copies: 1 };
  const cost = (await (await request.post('/api/pdf/calculate-cost', { data: { fileId: file.id, pdfInfo: { pageCount: 1 }, options } })).json()) as { totalCost: number };
  const created = await request.post('/api/razorpay/create-order', {
    data: { amount: Math.round(cost.totalCost * 100), currency: 'INR', fileId: file.id, options, deliveryType: 'pickup', deliveryDetails: { mobileNumber: '9876501234' } },
  });
  expect(created.status(), await created.text()).toBe(200);
  const order = (await created.json()) as { id: string; orderNumber: string };
  const paid = await request.post('/api/payments/sandbox/complete', { data: { razorpay_order_id: order.id, outcome: 'success' } });
  const verify = await request.post('/api/razorpay/verify-payment', { data: await paid.json() });
  expect(verify.status(), await verify.text()).toBe(200);
  return order.orderNumber;
}

async function customerPage(browser: Browser) {
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  const c = await registerCustomer(page.request, 'Anil Reddy');
  await loginAs(page, c.email, c.password);
  return { ctx, page };
}

test('the admin adds a service, the customer sees it; deactivated, it disappears', async ({ page, browser }) => {
  await loginAs(page, ADMIN.email, ADMIN.password);
  await page.goto('/admin/services/new');
  await page.getByLabel('Service name').fill('Spiral Bound Thesis A4');
  await page.getByLabel('Description').fill('Thesis printing on bond paper with spiral binding.');
  await page.getByLabel(/single-sided/).fill('0');
  await page.getByLabel(/double-sided/).fill('6');
  await page.getByRole('button', { name: 'Create service' }).click();
  await expect(page.getByText('Price must be a positive number')).toBeVisible();
  await page.getByLabel(/single-sided/).fill('3.5');
  await page.getByLabel('Category').selectOption('black_white_printing');
  await page.getByRole('button', { name: 'Create service' }).click();
  await expect(page).toHaveURL(/\/admin\/services$/);

  const customer = await customerPage(browser);
  await customer.page.goto('/services/black_white_printing');
  await expect(customer.page.getByRole('heading', { name: 'Spiral Bound Thesis A4' })).toBeVisible();

  const card = page.getByTestId('admin-service').filter({ hasText: 'Spiral Bound Thesis A4' });
  await card.getByRole('button', { name: 'Deactivate' }).click();
  await expect(card.getByText('Inactive')).toBeVisible();
  await customer.page.reload();
  await expect(customer.page.getByRole('heading', { name: 'Color Printing A4' })).toHaveCount(0);
  await expect(customer.page.getByRole('heading', { name: 'Black & White Printing A4' })).toBeVisible();
  await expect(customer.page.getByRole('heading', { name: 'Spiral Bound Thesis A4' })).toHaveCount(0);
  await customer.ctx.close();
});

test('a paid order appears live on the staff screen; staff download it and move it along; the customer sees each step', async ({ page, browser }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  // The admin creates the clerk's account through the API.
  const admin = await browser.newContext();
  await admin.request.post('/api/auth/login', { data: ADMIN });
  const mobile = `9${String(Date.now()).slice(-9)}`;
  const created = await admin.request.post('/api/admin/staff', { data: { name: 'Ramu', mobile_number: mobile, password: 'Counter@123' } });
  expect(created.status(), await created.text()).toBe(201);
  await admin.close();

  await page.goto('/staff-login');
  await page.getByLabel(/Mobile/).fill(mobile);
  await page.getByLabel('Password', { exact: true }).fill('Counter@123');
  await page.getByRole('button', { name: /Sign in/i }).click();
  await expect(page).toHaveURL(/\/staff\/dashboard$/);
  await expect(page.getByText('Live')).toHaveCount(0); // hidden on phones; the queue itself is what matters
  const before = Number(await page.getByTestId('new-count').textContent());

  const customer = await customerPage(browser);
  const orderNumber = await placePaidOrder(customer.page.request);

  const card = page.getByTestId('order-card').filter({ hasText: orderNumber });
  await expect(card).toBeVisible({ timeout: 5_000 });
  await expect(card.getByText('New', { exact: true })).toBeVisible();
  await expect(page.getByTestId('new-count')).toHaveText(String(before + 1));

  // Downloading an unvisited order makes it visited.
  const download = await page.request.get(`/api/orders/${orderNumber}`);
  const { id } = (await download.json()) as { id: number };
  const file = await page.request.get(`/api/orders/${id}/file`);
  expect(file.status()).toBe(200);
  expect((await file.body()).subarray(0, 5).toString()).toBe('%PDF-');
  await expect(card.getByLabel(/Status of/)).toHaveValue('visited', { timeout: 7_000 });

  await card.getByLabel(/Status of/).selectOption('processing');
  await expect(page.getByTestId('toast')).toContainText('Order status updated to processing');
  await customer.page.goto(`/order-tracking/${orderNumber}`);
  await expect(customer.page.getByText('Processing', { exact: true }).first()).toBeVisible();

  await card.getByLabel(/Status of/).selectOption('completed');
  await expect(page.getByTestId('toast')).toContainText('Order status updated to completed');
  await customer.page.reload();
  await expect(customer.page.getByRole('progressbar', { name: 'Order progress' })).toHaveAttribute('aria-valuenow', '80');
  await customer.ctx.close();
});

test('the admin creates, edits, deactivates and deletes a staff member, who can then no longer sign in', async ({ page, request }) => {
  await loginAs(page, ADMIN.email, ADMIN.password);
  await page.goto('/admin/staff');
  const mobile = `8${String(Date.now()).slice(-9)}`;
  await page.getByRole('button', { name: 'Add Staff' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Add Staff' }).click();
  await expect(page.getByRole('dialog').getByText('Please fill all fields')).toBeVisible();
  await page.getByLabel('Name').fill('Suresh');
  await page.getByLabel('Mobile Number').fill(mobile);
  await page.getByLabel('Password').fill('Counter@456');
  await page.getByRole('dialog').getByRole('button', { name: 'Add Staff' }).click();
  await expect(page.getByTestId('toast')).toContainText('Staff created');
  const row = page.getByRole('row').filter({ hasText: mobile });
  await expect(row).toContainText('Suresh');

  await row.getByRole('button', { name: 'Edit' }).click();
  await page.getByLabel('Name').fill('Suresh Babu');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(row).toContainText('Suresh Babu');
  let login = await request.post('/api/auth/staff/login', { data: { mobile_number: mobile, password: 'Counter@456' } });
  expect(login.status()).toBe(200); // an empty password in the edit kept the old one

  await row.getByRole('button', { name: /click to deactivate/ }).click();
  await expect(row.getByText('Inactive')).toBeVisible();
  login = await request.post('/api/auth/staff/login', { data: { mobile_number: mobile, password: 'Counter@456' } });
  expect(login.status()).toBe(401);

  await row.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByTestId('toast')).toContainText('Staff deleted');
  await expect(page.getByRole('row').filter({ hasText: mobile })).toHaveCount(0);
  login = await request.post('/api/auth/staff/login', { data: { mobile_number: mobile, password: 'Counter@456' } });
  expect(login.status()).toBe(401);
});
