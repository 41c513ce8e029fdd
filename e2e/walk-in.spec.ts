import fs from 'node:fs';
import { ADMIN, expect, expectNoSidewaysScroll, test } from './support/fixtures';
import { createStaff, openCounter } from './support/back-office';
import { testPdf } from './support/pdfs';

const rupees = (n: number) => `₹${n.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const istToday = () => new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);

/**
 * A walk-in cash order (decision 025), as a clerk enters it at rush hour on the counter's phone (the 'phone'
 * project, 390 px) or PC (1280 px): a file uploaded there and a paper original, the price before saving, cash taken,
 * then the same queue, ticket and receipt, and the owner's day report under cash.
 */
test('a walk-in cash order: entered at the counter, in the queue with its due time, ticket and receipt, and under cash in the day report @phone', async ({
  page,
  browser,
  isMobile,
}) => {
  const clerk = await createStaff(browser, 'Kavya');
  const admin = await browser.newContext();
  await admin.request.post('/api/auth/login', { data: ADMIN });
  const cashBefore = (
    await (await admin.request.get(`/api/admin/reports/day?date=${istToday()}`)).json()
  ).byPaymentMethod.find((m: { method: string }) => m.method === 'cash');

  await openCounter(page, clerk);
  await page.getByRole('link', { name: 'New walk-in order' }).click();
  await expect(page).toHaveURL(/\/staff\/walk-in$/);
  await expect(page.getByRole('heading', { name: 'New walk-in order' })).toBeVisible();

  await page.getByLabel('Name').fill('Venkata Lakshmi');
  // As the customer says it.
  await page.getByLabel('Mobile number').fill('+91 98480 22222');

  // The customer's file, uploaded at the counter: pages 1-10, two copies.
  await page.locator('input[type=file]').setInputFiles(testPdf('report-a4-26p.pdf'));
  const editor = page.getByTestId('document-editor');
  await expect(editor).toBeVisible();
  await expect(page.getByText('1. report-a4-26p.pdf')).toBeVisible();
  await editor.getByLabel('Pages to print').fill('1-10');
  await expect(editor.getByText('Pages 1-10 (10 of 26)')).toBeVisible();
  await editor.getByLabel('Copies').fill('2');
  await editor.getByRole('button', { name: 'Done' }).click();

  // A paper original they brought: one page, three copies.
  await page.getByRole('button', { name: 'Paper original' }).click();
  await editor.getByLabel('What is it? (optional)').fill('Aadhaar copy');
  await editor.getByLabel('Pages in the original').fill('1');
  await editor.getByLabel('Copies').fill('3');
  await editor.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByTestId('walkin-document')).toHaveCount(2);

  // The price before saving, by the shared function: 23 B&W A4 pages at the catalogue's rate.
  const services = (await (await page.request.get('/api/services')).json()) as Array<{
    printing_type: string;
    paper_size: string;
    price_single_side: number;
  }>;
  const rate = Math.min(
    ...services.filter((s) => s.printing_type === 'bw' && s.paper_size === 'a4').map((s) => s.price_single_side),
  );
  const total = rupees(23 * rate);
  await expect(page.getByTestId('walkin-total')).toHaveText(total);
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: `test-results/walk-in-form-${page.viewportSize()!.width}.png`, fullPage: true });

  // Cash: nothing is saved until the clerk confirms the money is in hand.
  await page.getByRole('button', { name: `Save order · ${total}` }).click();
  await expect(page.getByRole('region', { name: 'Payment' }).getByRole('alert')).toHaveText(
    'Tick that you have received the money',
  );
  await page.getByLabel(`I have received ${total} in cash`).check();
  await page.getByRole('button', { name: `Save order · ${total}` }).click();

  const done = page.getByTestId('walkin-done');
  await expect(done).toBeVisible();
  const orderNumber = (await done.locator('.font-mono').first().textContent())!.trim();
  expect(orderNumber).toMatch(/^PS-\d{6}-[0-9A-Z]{5}$/);
  await expect(done).toContainText('Paid in cash');
  await expect(done).toContainText(total);
  await expect(done).toContainText(/Ready by \d{1,2}:\d{2} [ap]m|Ready by tomorrow|Ready by \w{3}, /);
  await page.screenshot({ path: `test-results/walk-in-done-${page.viewportSize()!.width}.png`, fullPage: true });

  // The receipt downloads; the ticket is a PDF the counter prints.
  const [receipt] = await Promise.all([
    page.waitForEvent('download'),
    done.getByRole('link', { name: 'Receipt (PDF)' }).click(),
  ]);
  expect(receipt.suggestedFilename()).toMatch(/^PS-\d\d-\d\d-\d+\.pdf$/);
  expect(
    fs
      .readFileSync((await receipt.path())!)
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');
  const ticket = await page.request.get((await done.getByRole('link', { name: 'Ticket' }).getAttribute('href'))!);
  expect(ticket.status()).toBe(200);
  expect(ticket.headers()['content-type']).toBe('application/pdf');

  // The same queue: new, with the walk-in's marks, its due time and the paper original to photocopy.
  await done.getByRole('link', { name: 'Back to the queue' }).click();
  await expect(page).toHaveURL(/\/staff\/dashboard$/);
  const card = page.getByTestId('order-card').filter({ hasText: orderNumber });
  await expect(card).toBeVisible();
  await expect(card).toHaveAttribute('data-new', 'true');
  await expect(card.getByText('Walk-in · Cash')).toBeVisible();
  await expect(card.getByText('Customer waiting')).toBeVisible();
  await expect(card.getByTestId('due-time')).toHaveText(/^Due /);
  if (isMobile) {
    // A phone folds the documents to a line each (decision 039): the paper original is named so; details a tap away.
    await expect(card.getByTestId('documents-folded')).toContainText('Aadhaar copy (paper original)');
    await card.getByRole('button', { name: 'Details and downloads of the 2 documents' }).click();
  }
  await expect(card.getByText('Paper original: photocopy')).toBeVisible();
  await expect(
    card.getByRole('button', { name: `Download report-a4-26p.pdf (${orderNumber}, document 1)` }),
  ).toBeVisible();
  await expect(card.getByRole('button', { name: /Download Aadhaar copy/ })).toHaveCount(0);
  await expect(card).toContainText(`${total} paid in cash`);
  // The due time and the placed time stay on one line each.
  for (const line of [card.getByTestId('due-time'), card.locator('time').first()]) {
    const box = (await line.boundingBox())!;
    expect(box.height, 'one line').toBeLessThan(32);
  }
  await expectNoSidewaysScroll(page);
  await card.scrollIntoViewIfNeeded();
  await card.screenshot({ path: `test-results/walk-in-card-${page.viewportSize()!.width}.png` });

  // The owner's day report counts it under cash.
  const report = await admin.newPage();
  await report.goto('/admin/reports');
  const cashRow = report.getByTestId('by-method').getByRole('row').filter({ hasText: 'Cash at the counter' });
  const orders = cashBefore.orders + 1;
  await expect(cashRow).toContainText(`${orders} ${orders === 1 ? 'order' : 'orders'}`);
  await expect(cashRow).toContainText(rupees(cashBefore.amount + 23 * rate));
  await admin.close();
});
