import type { Locator, Page } from '@playwright/test';
import { expect, signedInCustomer, test } from './support/fixtures';
import { createStaff, customerPage, openCounter, placePaidOrder } from './support/back-office';
import { testPdf } from './support/pdfs';
import { expectUploaded } from './support/wizard';

/**
 * A toast never covers the page's main action. On a phone it stood over the bottom of the screen
 * for 5 seconds, over the next card's buttons or the wizard's Continue; now it sits at the top, over the header
 * (decision 039).
 */

/**
 * A tap at the middle of the control would reach it (nothing, such as a toast, lies over it), with the control at
 * the bottom of what the customer sees ('end': above a bar fixed at the bottom of the page, if any) or the middle.
 */
async function expectReachable(page: Page, control: Locator, where: 'end' | 'center') {
  await control.evaluate(async (el, block) => {
    // A scroll under way ends first (the wizard brings each step into view smoothly, a moment after it opens).
    for (let still = 0, last = -1; still < 10; ) {
      await new Promise(requestAnimationFrame);
      still = window.scrollY === last ? still + 1 : 0;
      last = window.scrollY;
    }
    el.scrollIntoView({ block: 'center' });
    if (block !== 'end' || el.closest('[data-testid=price-bar]')) return;
    const bar = document.querySelector('[data-testid=price-bar]')?.getBoundingClientRect().height ?? 0;
    window.scrollBy(0, el.getBoundingClientRect().bottom - (window.innerHeight - bar - 4));
  }, where);
  const hit = await control.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return !!top && (el === top || el.contains(top) || top.contains(el));
  });
  expect(hit, `${await control.textContent()} covered (${where})`).toBe(true);
}

test('at the counter, a toast leaves the next card’s status and buttons free @phone', async ({
  page,
  browser,
  isMobile,
}) => {
  const name = `Toast ${Date.now()}`;
  const customer = await customerPage(browser, name);
  const first = await placePaidOrder(customer.page.request, { deliveryType: 'pickup' });
  const second = await placePaidOrder(customer.page.request, { deliveryType: 'pickup' });
  const clerk = await createStaff(browser, 'Mallesh');
  await openCounter(page, clerk);
  await page.getByRole('searchbox', { name: 'Search orders' }).fill(name);
  await expect(page.getByTestId('order-card')).toHaveCount(2);
  await page
    .getByTestId('order-card')
    .filter({ hasText: first.orderNumber })
    .getByLabel(`Status of ${first.orderNumber}`)
    .selectOption('processing');
  const toast = page.getByTestId('toast');
  await expect(toast).toContainText('Order status updated to processing');

  const next = page.getByTestId('order-card').filter({ hasText: second.orderNumber });
  for (const control of [
    next.getByLabel(`Status of ${second.orderNumber}`),
    next.getByRole('button', { name: `Collect ${second.orderNumber} with the pickup code` }),
  ]) {
    await expectReachable(page, control, 'end');
    await expectReachable(page, control, 'center');
  }
  await expect(toast).toBeVisible();
  if (isMobile) {
    // At the top of the screen, the width of the phone.
    const box = (await toast.boundingBox())!;
    expect(box.y).toBeLessThan(100);
  }
  await customer.ctx.close();
});

test('in the order wizard, the upload toast leaves Continue and Pay free', async ({ page }) => {
  await signedInCustomer(page, 'Toast Reader');
  const services = (await (await page.request.get('/api/services')).json()) as Array<{ id: number; name: string }>;
  await page.goto(`/order-create/${services.find((s) => s.name === 'Black & White Printing A4')!.id}`);
  await page.locator('#pdf').setInputFiles(testPdf('notes-a4-38p.pdf'));
  await expectUploaded(page, 'notes-a4-38p.pdf · 38 pages');
  await expect(page.getByTestId('toast')).toContainText('File Uploaded');
  await expectReachable(page, page.getByRole('button', { name: 'Continue', exact: true }), 'end');
  await expectReachable(page, page.getByTestId('price-bar').getByRole('button', { name: /^Pay / }), 'end');
  await expect(page.getByTestId('toast')).toBeVisible();
});
