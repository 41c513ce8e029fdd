import { ADMIN, expect, expectNoSidewaysScroll, loginAs, test } from './support/fixtures';
import { createStaff, signInStaff } from './support/back-office';

/**
 * A walk-in at rush hour (decision 039). Six photocopies for a customer who waits, paid in cash: no name, no
 * mobile (the order goes by its walk-in number); the due time comes from the pages and the printer's speed, set by
 * the owner per kind of printer, to the minute for a customer who waits.
 */
test('six photocopies for a customer who waits: no name or mobile, promised in minutes at the owner’s printer speed', async ({
  page,
  browser,
}, testInfo) => {
  // The owner sets how fast the black & white copier works.
  const owner = await browser.newContext();
  const ownerPage = await owner.newPage();
  await loginAs(ownerPage, ADMIN.email, ADMIN.password);
  const before = (await (await ownerPage.request.get('/api/admin/print/speeds')).json()) as Record<string, number>;
  await ownerPage.goto('/admin/printers');
  await expect(ownerPage.getByRole('heading', { name: 'How fast each printer works' })).toBeVisible();
  await ownerPage.getByLabel('Black & white A4').fill('0');
  await ownerPage.getByRole('button', { name: 'Save speeds' }).click();
  await expect(ownerPage.locator('#speed-bw_a4-error')).toHaveText('Type a whole number from 1 to 300');
  await ownerPage.getByLabel('Black & white A4').fill('60');
  await ownerPage.getByRole('button', { name: 'Save speeds' }).click();
  await expect(ownerPage.getByTestId('toast')).toContainText('Printer speeds saved');
  await ownerPage.reload();
  await expect(ownerPage.getByLabel('Black & white A4')).toHaveValue('60');

  try {
    const clerk = await createStaff(browser, 'Bhaskar');
    await signInStaff(page, clerk);
    await page.goto('/staff/walk-in');
    await expect(
      page.getByText('Not needed while the customer waits: the order is called by its walk-in number.'),
    ).toBeVisible();
    await expect(page.getByLabel('Name (optional)')).toBeVisible();
    await expect(page.getByLabel('Mobile number (optional)')).toBeVisible();

    await page.getByRole('button', { name: 'Paper original' }).click();
    const editor = page.getByTestId('document-editor');
    await editor.getByLabel('Pages in the original').fill('1');
    await editor.getByLabel('Copies').fill('6');
    await editor.getByRole('button', { name: 'Done' }).click();
    const total = await page.getByTestId('walkin-total').textContent();

    // Coming back later: then the name and number are needed, and said where they go.
    await page.getByText('Coming back later').click();
    await expect(page.getByLabel('Name', { exact: true })).toBeVisible();
    await page.getByLabel(`I have received ${total} in cash`).check();
    await page.getByRole('button', { name: `Save order · ${total}` }).click();
    await expect(page.locator('#walkin-name-error')).toHaveText(
      'Type the customer’s name: they come back for the order',
    );
    await expect(page.locator('#walkin-mobile-error')).toHaveText(
      'Type the customer’s mobile number: they come back for the order',
    );

    // Waiting now: saved with neither.
    await page.getByText('Waiting now').click();
    await expectNoSidewaysScroll(page);
    await page.getByRole('button', { name: `Save order · ${total}` }).click();
    const done = page.getByTestId('walkin-done');
    await expect(done).toBeVisible();
    await expect(done).toContainText(/Walk-in \d+ is in the queue\./);
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: testInfo.outputPath('walk-in-rush-done.png'), fullPage: true });
    const orderNumber = (await done.locator('.font-mono').first().textContent())!.trim();

    // 2 minutes of handling and 6 pages at 60 a minute: promised 3 minutes after payment, rounded up to the minute, not
    // to a quarter hour; outside the shop's hours, 3 minutes after it opens (or what is left of the 3 after closing).
    const order = (await (await page.request.get(`/api/orders/${orderNumber}`)).json()) as {
      paid_at: string;
      ready_by: string;
      user_name: string;
      mobile_number: string;
    };
    expect(order.mobile_number).toBe('');
    const promised = new Date(order.ready_by);
    const threeMinutesOn = Math.ceil((new Date(order.paid_at).getTime() + 3 * 60_000) / 60_000) * 60_000;
    const opening = new Date(promised.getTime() + 330 * 60_000);
    expect(
      promised.getTime() === threeMinutesOn || (opening.getUTCHours() === 9 && opening.getUTCMinutes() <= 3),
      `promised ${order.ready_by} for payment at ${order.paid_at}`,
    ).toBe(true);

    // The queue calls it by its walk-in number, with no phone to call.
    await done.getByRole('link', { name: 'Back to the queue' }).click();
    const card = page.getByTestId('order-card').filter({ hasText: orderNumber });
    await expect(card).toContainText(order.user_name);
    await expect(card.getByRole('link', { name: /^Call / })).toHaveCount(0);
    await expect(card.getByTestId('due-time')).toHaveText(/^Due /);
  } finally {
    await ownerPage.request.put('/api/admin/print/speeds', { data: before });
    await owner.close();
  }
});
