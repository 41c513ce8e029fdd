import { ADMIN, expect, expectNoSidewaysScroll, loginAs, signedInCustomer, test } from './support/fixtures';
import {
  createStaff,
  customerPage,
  openCounter,
  placePaidOrder,
  receivedLiveEvents,
  recordLiveEvents,
} from './support/back-office';
import { testPdf } from './support/pdfs';
import { continueToDelivery, continueToReview, expectUploaded } from './support/wizard';

/** A date as the shop's pages write it: 12 March 2026, in India's time. */
const dateInIndia = (d: Date) =>
  new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Asia/Kolkata' }).format(
    d,
  );

/**
 * The files the shop keeps (decision 026). A customer ticks an ID card as sensitive: the counter prints but cannot
 * download it, and it is gone at collection; tracking tells when the rest goes, and the customer can delete it sooner.
 * The admin's file manager shows whose file each is, for which order, how big and old, and when it goes.
 */
test('a sensitive ID card: print only at the counter, deleted at collection; the customer reads the promise and deletes the rest', async ({
  page,
  browser,
}, testInfo) => {
  await recordLiveEvents(page);
  await signedInCustomer(page, 'Sravani');
  await page.goto('/services/black_white_printing');
  const card = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Black & White Printing A4', exact: true }) });
  await card.getByRole('link', { name: 'Select & Continue' }).click();
  await page.locator('#pdf').setInputFiles([testPdf('page-a4-1p.pdf'), testPdf('report-a4-26p.pdf')]);
  await expectUploaded(page, '2 documents: page-a4-1p.pdf, report-a4-26p.pdf');
  await page.getByLabel(/^Document \(/).selectOption('0');
  await expect(page.getByLabel('Document (1 of 2)')).toHaveValue('0');
  const tick = page.getByRole('checkbox', { name: /Sensitive document \(ID card, certificate\)/ });
  await expect(tick).not.toBeChecked();
  await tick.check();
  await expect(
    page.getByText(
      'The shop prints it but cannot download it, and deletes it as soon as your order is collected or delivered.',
    ),
  ).toBeVisible();
  await page.locator('#wizard-step-2').screenshot({ path: testInfo.outputPath('wizard-sensitive.png') });
  // The report's options looked at too (Continue leads to a document not yet seen before the review: decision 039).
  await page.getByLabel(/^Document \(/).selectOption('1');
  await continueToReview(page);
  await continueToDelivery(page);
  await page.getByRole('button', { name: /Shop Pickup/ }).click();
  await page.getByLabel('Mobile number').fill('9876543210');
  await page.getByRole('button', { name: /^Pay ₹/ }).click();
  await page
    .getByTestId('sandbox-checkout')
    .getByRole('button', { name: /^Pay ₹/ })
    .click();
  await expect(page).toHaveURL(/\/order-tracking\/PS-/);
  const orderNumber = page.url().split('/').pop()!;

  const docs = page.getByRole('list', { name: 'Documents', exact: true }).getByTestId('order-document');
  await expect(docs.nth(0)).toContainText('Sensitive document (ID card, certificate)');
  await expect(docs.nth(1)).not.toContainText('Sensitive');
  const files = page.getByTestId('order-files');
  await expect(files).toContainText('Your files are deleted 30 days after your order is ready.');
  await expect(files).toContainText('Sensitive documents are deleted as soon as you collect your order.');
  await expect(files.getByRole('button', { name: 'Delete my files now' })).toHaveCount(0);

  // The counter: the ID card is marked and has no Download; the other document downloads.
  const clerk = await createStaff(browser, 'Ramu');
  const counter = await browser.newContext({ viewport: page.viewportSize()! });
  const desk = await counter.newPage();
  await openCounter(desk, clerk);
  await desk.getByRole('searchbox', { name: 'Search orders' }).fill(orderNumber);
  const orderCard = desk.getByTestId('order-card').filter({ hasText: orderNumber });
  await expect(desk.getByTestId('order-card')).toHaveCount(1);
  if (page.viewportSize()!.width < 640) {
    // A phone folds the documents to a line each (decision 039); the ID card is marked there too.
    await expect(orderCard.getByTestId('documents-folded').getByRole('listitem').first()).toContainText(
      'Sensitive: print only',
    );
    await orderCard.getByRole('button', { name: /^Details and downloads of the 2 documents/ }).click();
  }
  const [idCard, report] = [
    orderCard.getByTestId('order-document').nth(0),
    orderCard.getByTestId('order-document').nth(1),
  ];
  await expect(idCard.getByTestId('sensitive-mark')).toHaveText('Sensitive: print only');
  await expect(idCard.getByRole('button', { name: /^Download/ })).toHaveCount(0);
  await expect(report.getByRole('button', { name: /^Download report-a4-26p\.pdf/ })).toBeVisible();
  await expectNoSidewaysScroll(desk);
  await orderCard.screenshot({ path: testInfo.outputPath('counter-sensitive.png') });

  // Ready: the customer's open page follows, pushed, with the date its files go (in India's time).
  const pushed = async () => (await receivedLiveEvents(page)).filter((e) => e === 'order.status').length;
  const before = await pushed();
  await orderCard.getByLabel(`Status of ${orderNumber}`).selectOption('completed');
  await expect(desk.getByTestId('toast')).toContainText('Order status updated to completed');
  await expect.poll(pushed).toBeGreaterThan(before);
  const day = dateInIndia(new Date(Date.now() + 30 * 86_400_000));
  await expect(files).toContainText(`Your files are deleted on ${day}, 30 days after your order was ready.`);

  // Collected, with the code the customer shows (the counter cannot set it from the status: decision 033): the ID
  // card is deleted at once; the customer may now delete the rest.
  const code = (await page.getByTestId('pickup-code').textContent())!.match(/\d{6}/)![0];
  await orderCard.getByRole('button', { name: `Collect ${orderNumber} with the pickup code` }).click();
  const collect = desk.getByRole('dialog', { name: `Collect ${orderNumber}` });
  await collect.getByLabel('Pickup code').fill(code);
  await collect.getByRole('button', { name: 'Mark collected' }).click();
  await expect(desk.getByTestId('toast')).toContainText(`${orderNumber} is marked collected`);
  await expect.poll(pushed).toBeGreaterThan(before + 1);
  await expect(idCard).toContainText(/File deleted on /);
  await expect(docs.nth(0)).toContainText(/File deleted on /);
  const del = files.getByRole('button', { name: 'Delete my files now' });
  await expect(del).toBeVisible();
  await del.click();
  const dialog = page.getByRole('dialog', { name: 'Delete your files now?' });
  await expect(dialog).toContainText('The shop keeps the order and its bill');
  await dialog.getByRole('button', { name: 'Delete my files now' }).click();
  await expect(page.getByTestId('toast')).toContainText('Your files are deleted.');
  const today = dateInIndia(new Date());
  await expect(files).toContainText(`Your files were deleted on ${today}.`);
  await expect(files.getByRole('button', { name: 'Delete my files now' })).toHaveCount(0);
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: testInfo.outputPath('tracking-deleted.png'), fullPage: true });
  // The counter can no longer download anything of it.
  await desk.reload();
  await desk.getByRole('searchbox', { name: 'Search orders' }).fill(orderNumber);
  await expect(orderCard.getByRole('button', { name: /^Download/ })).toHaveCount(0);
  await counter.close();
});

test('the admin file manager: whose file, which order, size, age, when it goes; sensitive files not downloadable; delete warns for an unfinished order', async ({
  page,
  browser,
}, testInfo) => {
  const customer = await customerPage(browser, 'Kavya Reddy');
  // Names of this run's own (the phone project may run after the desktop one on the same shop).
  const tag = Date.now().toString(36);
  const [memoName, cardName] = [`marks memo ${tag}.pdf`, `aadhaar card ${tag}.pdf`];
  const memo = await placePaidOrder(customer.page.request, { fileName: memoName });
  const card = await placePaidOrder(customer.page.request, { fileName: cardName, sensitive: true });
  await customer.ctx.close();

  await loginAs(page, ADMIN.email, ADMIN.password);
  await page.goto('/admin/file-manager');
  await expect(page.getByRole('heading', { name: 'Admin File Manager' })).toBeVisible();
  await expect(page.getByText(/An order’s files are deleted 30 days after the order is ready/)).toBeVisible();
  // The newest first: a row (a card on a phone) per file.
  const item = (name: string) => page.locator('tr, [data-testid="file-card"]').filter({ hasText: name, visible: true });
  const memoRow = item(memoName);
  await expect(memoRow).toContainText('Kavya Reddy');
  await expect(memoRow.getByRole('link', { name: memo.orderNumber })).toBeVisible();
  await expect(memoRow).toContainText(/\d+(\.\d)? KB/);
  await expect(memoRow).toContainText(/just now|minute/);
  await expect(memoRow).toContainText(/30 days after ready/i);
  const sensitiveRow = item(cardName);
  await expect(sensitiveRow).toContainText('Sensitive');
  await expect(sensitiveRow).toContainText(/At handover/i);
  await expect(sensitiveRow.getByRole('link', { name: /^Download/ })).toHaveCount(0);
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: testInfo.outputPath('file-manager.png'), fullPage: true });

  const downloading = page.waitForEvent('download');
  await memoRow.getByRole('link', { name: `Download ${memoName}` }).click();
  expect((await downloading).suggestedFilename()).toBe(memoName);

  // Sorted by size, the largest first; then back to the newest.
  await page.getByLabel('Sort files').selectOption('size-desc');
  await expect(page.getByLabel('Sort files')).toHaveValue('size-desc');
  await page.getByLabel('Sort files').selectOption('age-desc');

  // Deleting the file of an order the counter has not printed yet says so first.
  await memoRow.getByRole('button', { name: `Delete ${memoName}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete this file?' });
  await expect(dialog.getByRole('alert')).toHaveText(
    `This file belongs to order ${memo.orderNumber}, which is not ready yet: the counter could not print it any more.`,
  );
  await page.screenshot({ path: testInfo.outputPath('file-manager-delete.png') });
  await dialog.getByRole('button', { name: 'Delete anyway' }).click();
  await expect(page.getByTestId('toast')).toContainText(`${memoName} was deleted.`);
  await expect(item(memoName)).toHaveCount(0);

  // The order link opens the orders screen on that order.
  await sensitiveRow.getByRole('link', { name: card.orderNumber }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/orders\\?search=${card.orderNumber}`));
  await expect(page.getByLabel('Search orders')).toHaveValue(card.orderNumber);
  await expect(page.getByTestId('order-card')).toHaveCount(1);
  await expect(page.getByTestId('order-card').getByTestId('sensitive-mark')).toBeVisible();
});
