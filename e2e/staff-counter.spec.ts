import { ADMIN, expect, expectNoSidewaysScroll, test } from './support/fixtures';
import {
  blockAudioUntilTouched,
  createStaff,
  customerPage,
  expectFitsWidth,
  openCounter,
  placePaidOrder,
  receivedLiveEvents,
  recordedTones,
  recordLiveEvents,
} from './support/back-office';

/**
 * The counter clerk's journey, written for the clerk's phone (the 'phone' project runs it at 390 × 844 with touch;
 * the desktop project runs it too, as the counter's big screen).
 */

test('staff sign in by mobile number, with the fixed messages; orders already waiting do not ring', async ({
  page,
  browser,
}) => {
  const clerk = await createStaff(browser, 'Lakshmi');
  // An order is already waiting when the clerk arrives.
  const customer = await customerPage(browser);
  await placePaidOrder(customer.page.request);
  await customer.ctx.close();
  await blockAudioUntilTouched(page);
  await page.goto('/staff-login');
  await expect(page.getByRole('link', { name: 'Are you a customer? Sign in here' })).toHaveAttribute(
    'href',
    '/auth/login',
  );
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByText('Mobile number must be at least 10 digits')).toBeVisible();
  await expect(page.getByText('Password is required')).toBeVisible();
  await page.getByLabel('Mobile Number').fill(clerk.mobile);
  await page.getByLabel('Password', { exact: true }).fill('wrong-password');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByTestId('toast')).toContainText('Sign in failed');
  await expect(page).toHaveURL(/\/staff-login$/);
  // The number as a clerk types it: "+91 98480 11111" signs in as well as the ten digits.
  await page.getByLabel('Mobile Number').fill(`+91 ${clerk.mobile.slice(0, 5)} ${clerk.mobile.slice(5)}`);
  await page.getByLabel('Password', { exact: true }).fill(clerk.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByTestId('toast')).toContainText('Sign in successful - Welcome back!');
  await expect(page).toHaveURL(/\/staff\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Staff Dashboard' })).toBeVisible();
  await expect(page.getByText(clerk.name, { exact: true })).toBeVisible();

  // Signing in was a tap on this page, so sound is on at once; the orders found at the first load do not ring.
  await expect(page.getByRole('button', { name: 'Sound on' })).toBeVisible();
  await expect(page.getByTestId('new-count')).toHaveText(/^[1-9]\d*$/);
  await expect(page.getByTestId('order-card').first()).toBeVisible();
  // (An alert is scheduled in the same effect that takes in the count, so it would be recorded by now.)
  expect(await recordedTones(page)).toEqual([]);
});

test('a paid order rings and shows as New at the counter; the clerk downloads it and moves it along; the customer follows @phone', async ({
  page,
  browser,
  isMobile,
}) => {
  const clerk = await createStaff(browser, 'Ramu');
  await blockAudioUntilTouched(page);
  await recordLiveEvents(page);
  await openCounter(page, clerk);
  await expect(page.getByRole('heading', { name: 'Staff Dashboard' })).toBeVisible();
  const newCount = page.getByTestId('new-count');
  await expect(newCount).toHaveText(/^\d+$/);
  const before = Number(await newCount.textContent());

  // The page has not been touched: the browser keeps sound off, and the screen says so.
  await expect(page.getByTestId('sound-off-hint')).toBeVisible();
  const enable = page.getByRole('button', { name: 'Enable sound' });
  await expect(enable).toBeVisible();

  // The queue is worked oldest first, so an order that just came in joins the end (other journeys' orders wait here
  // too): the clerk looks at the newest first to watch it arrive.
  await expect(page.getByLabel('Order of the queue')).toHaveValue('oldest');
  await page.getByLabel('Order of the queue').selectOption('newest');
  // A customer pays for a pickup order: it appears live, in red, marked New; nothing can ring yet.
  const customer = await customerPage(browser);
  const first = await placePaidOrder(customer.page.request, {
    deliveryType: 'pickup',
    fileName: 'Thesis Chapter 1.pdf',
  });
  const card = page.getByTestId('order-card').filter({ hasText: first.orderNumber });
  const paidPushed = async () => (await receivedLiveEvents(page)).filter((e) => e === 'order.paid').length;
  await expect.poll(paidPushed).toBeGreaterThan(0);
  await expect(card).toBeVisible();
  await expect(card.getByText('New', { exact: true })).toBeVisible();
  await expect(card.getByTestId('new-marker')).toBeVisible();
  await expect(card).toHaveAttribute('data-new', 'true');
  await expect(newCount).toHaveText(String(before + 1));
  expect(await recordedTones(page)).toEqual([]);

  // One tap on the visible control turns sound on (a short beep confirms it).
  await enable.click();
  await expect(page.getByRole('button', { name: 'Sound on' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('sound-off-hint')).toHaveCount(0);
  expect((await recordedTones(page)).map((t) => t.frequency)).toEqual([1000]);

  // The next paid order (home delivery) rings: 10 s of 880/660 Hz, alternating, ending in 1000 Hz.
  const second = await placePaidOrder(customer.page.request, { deliveryType: 'delivery', fileName: 'Lab Record.pdf' });
  const secondCard = page.getByTestId('order-card').filter({ hasText: second.orderNumber });
  await expect.poll(paidPushed).toBeGreaterThan(1);
  await expect(secondCard).toBeVisible();
  await expect(newCount).toHaveText(String(before + 2));
  await expect.poll(async () => (await recordedTones(page)).length).toBeGreaterThan(1);
  const alert = (await recordedTones(page)).slice(1);
  const freqs = alert.map((t) => t.frequency);
  expect(freqs.at(-1)).toBe(1000);
  expect(freqs.slice(0, -1).every((f, i) => f === (i % 2 === 0 ? 880 : 660))).toBe(true);
  expect(freqs.length).toBeGreaterThan(10);
  // It starts at once, its tones follow back to back, and it lasts 10 s on the audio clock.
  expect(alert[0]!.delay).toBeCloseTo(0, 1);
  alert.slice(1).forEach((tone, i) => expect(tone.start).toBeCloseTo(alert[i]!.stop!, 3));
  expect(alert.at(-1)!.stop! - alert[0]!.start).toBeCloseTo(10, 3);
  // While it rings, the clerk can silence it.
  await page.getByRole('button', { name: 'Silence' }).click();
  await expect(page.getByRole('button', { name: 'Sound on' })).toBeVisible();

  // Contact: call and WhatsApp the customer straight from the card.
  await expect(secondCard.getByRole('link', { name: /WhatsApp/ })).toHaveAttribute(
    'href',
    /^https:\/\/wa\.me\/919876501234\?text=/,
  );
  await expect(secondCard.getByRole('link', { name: /^Call / })).toHaveAttribute('href', 'tel:9876501234');
  await expect(secondCard).toContainText('12-3 Brodipet 4th Line');
  await expect(card).toContainText('Self Pickup');

  // On a phone every control of the card is big enough for a thumb, and nothing runs off the screen.
  await expectFitsWidth(page);
  if (isMobile) {
    for (const control of [
      card.getByLabel(/Status of/),
      card.getByRole('button', { name: /^Download/ }),
      card.getByRole('link', { name: /WhatsApp/ }),
    ]) {
      expect((await control.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    }
  }

  // The status dropdown offers what fits a pickup order.
  const status = card.getByLabel(/Status of/);
  await expect(status.locator('option')).toHaveText(['Unvisited', 'Visited', 'Processing', 'Completed', 'Collected']);
  await expect(secondCard.getByLabel(/Status of/).locator('option')).toHaveText([
    'Unvisited',
    'Visited',
    'Processing',
    'Completed',
    'Delivered',
  ]);

  // Downloading the file hands over the PDF and makes the order visited (still new until it is being processed).
  const downloading = page.waitForEvent('download');
  await card.getByRole('button', { name: /^Download/ }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(first.fileName);
  const chunks: Buffer[] = [];
  for await (const chunk of (await download.createReadStream()) as AsyncIterable<Buffer>) chunks.push(chunk);
  expect(Buffer.concat(chunks).subarray(0, 5).toString()).toBe('%PDF-');
  await expect(status).toHaveValue('visited');
  await expect(card.getByText('New', { exact: true })).toBeVisible();
  await customer.page.goto(`/order-tracking/${first.orderNumber}`);
  await expect(customer.page.getByRole('progressbar', { name: 'Order progress' })).toHaveAttribute(
    'aria-valuenow',
    '40',
  );

  // Processing: no longer new; the customer sees it.
  await status.selectOption('processing');
  await expect(page.getByTestId('toast')).toContainText('Status updated');
  await expect(page.getByTestId('toast')).toContainText('Order status updated to processing');
  await expect(status).toHaveValue('processing');
  await expect(card.getByText('New', { exact: true })).toHaveCount(0);
  await expect(newCount).toHaveText(String(before + 1));
  await customer.page.reload();
  await expect(customer.page.getByRole('progressbar', { name: 'Order progress' })).toHaveAttribute(
    'aria-valuenow',
    '60',
  );

  // The filters: status and delivery type (chips; on a phone, lists side by side: decision 039).
  const filter = async (name: 'Filter by status' | 'Filter by delivery type', value: string, chip: string | RegExp) =>
    isMobile
      ? page.getByLabel(name).selectOption(value)
      : page.getByRole('group', { name }).getByRole('button', { name: chip }).click();
  await filter('Filter by status', 'processing', 'Processing');
  await expect(card).toBeVisible();
  await expect(secondCard).toHaveCount(0);
  await filter('Filter by status', 'unvisited', 'Unvisited');
  await expect(secondCard).toBeVisible();
  await expect(card).toHaveCount(0);
  await filter('Filter by delivery type', 'pickup', 'Shop Pickup');
  await expect(secondCard).toHaveCount(0);
  await expect(card).toHaveCount(0);
  await filter('Filter by status', 'all', /^All \d/);
  await expect(card).toBeVisible();
  await expect(secondCard).toHaveCount(0);
  await filter('Filter by delivery type', 'all', /^All types/);
  // Each choice carries its count; nothing scrolls sideways on a phone.
  if (isMobile)
    await expect(
      page.getByLabel('Filter by status').locator('option', { hasText: /^Processing \(\d+\)$/ }),
    ).toHaveCount(1);
  else
    await expect(
      page.getByRole('group', { name: 'Filter by status' }).getByRole('button', { name: /^Processing \d+$/ }),
    ).toBeVisible();
  await expectNoSidewaysScroll(page);

  // Search by order number finds the one order; newest first as the clerk chose above.
  await page.getByRole('searchbox', { name: 'Search orders' }).fill(first.orderNumber);
  await expect(page.getByTestId('order-card')).toHaveCount(1);
  await expect(card).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search orders' }).fill('');
  await expect(page.getByLabel('Order of the queue')).toHaveValue('newest');
  await expect(page.getByTestId('order-card').first()).toContainText(second.orderNumber);

  // Completed: the customer's tracking follows to step 4 of 5.
  await status.selectOption('completed');
  await expect(page.getByTestId('toast')).toContainText('Order status updated to completed');
  await customer.page.reload();
  await expect(customer.page.getByRole('progressbar', { name: 'Order progress' })).toHaveAttribute(
    'aria-valuenow',
    '80',
  );
  await customer.ctx.close();
});

test('a clerk the admin deactivates is sent back to the staff sign-in', async ({ page, browser }) => {
  const clerk = await createStaff(browser, 'Venkat');
  await openCounter(page, clerk);
  await expect(page.getByRole('heading', { name: 'Staff Dashboard' })).toBeVisible();

  const admin = await browser.newContext();
  await admin.request.post('/api/auth/login', { data: ADMIN });
  const list = (await (await admin.request.get('/api/admin/staff')).json()) as Array<{
    id: number;
    mobile_number: string;
  }>;
  const id = list.find((s) => s.mobile_number === clerk.mobile)!.id;
  expect((await admin.request.put(`/api/admin/staff/${id}`, { data: { is_active: false } })).status()).toBe(200);
  await admin.close();

  // The queue refreshes every 5 s; its first refusal ends the screen.
  await expect(page).toHaveURL(/\/staff-login$/);
  // Signing in again with the right password gets the answer a wrong one gets, and it says what to do (decision 034).
  await page.getByLabel('Mobile Number').fill(clerk.mobile);
  await page.getByLabel('Password', { exact: true }).fill(clerk.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(
    page.getByText('Invalid mobile number or password. A deactivated account cannot sign in: ask the shop admin.'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/staff-login$/);
});
