import type { APIRequestContext } from '@playwright/test';
import { expect, expectNoSidewaysScroll, test } from './support/fixtures';
import {
  blockAudioUntilTouched,
  bwA4Options,
  createStaff,
  customerPage,
  openCounter,
  payForDocuments,
  uploadTestPdf,
} from './support/back-office';

/**
 * The counter on a phone (decision 039). A three-document order's card shows a line per document (the details and
 * downloads a tap away), the filters take one row above the first card, and the order number is never cut, in
 * Telugu too. On a desktop the card keeps every document's details and the chips.
 */

/** A customer's paid pickup order of three documents, through the API. */
async function threeDocumentOrder(request: APIRequestContext): Promise<string> {
  const [notes, report, letter] = [
    await uploadTestPdf(request, 'notes-a4-38p.pdf'),
    await uploadTestPdf(request, 'report-a4-26p.pdf'),
    await uploadTestPdf(request, 'letter-a4-4p.pdf'),
  ];
  return payForDocuments(request, [
    { fileId: notes, options: await bwA4Options(request, { copies: 2 }) },
    { fileId: report, options: await bwA4Options(request), pageRange: '1-6' },
    { fileId: letter, options: await bwA4Options(request) },
  ]);
}

test('a three-document card fits a phone: a line per document, one row of filters, the whole order number in Telugu too @phone', async ({
  page,
  browser,
  isMobile,
}, testInfo) => {
  const customer = await customerPage(browser, 'Srilakshmi');
  const orderNumber = await threeDocumentOrder(customer.page.request);
  const clerk = await createStaff(browser, 'Ravi Teja');
  // As a browser that has not been touched yet: sound stays off, and the header shows "Enable sound".
  await blockAudioUntilTouched(page);
  await openCounter(page, clerk);
  const card = page.getByTestId('order-card').filter({ hasText: orderNumber });
  // The header says whose counter it is, whole, beside the sound, language, theme and sign-out controls: first with
  // sound still locked by the browser (its longest control, "Enable sound"), later with it on.
  const headerWhole = async () => {
    await expect(page.getByTestId('counter-clerk')).toHaveText('Ravi Teja');
    for (const id of ['counter-title', 'counter-clerk'])
      expect(await page.getByTestId(id).evaluate((el) => el.scrollWidth <= el.clientWidth + 1), `${id} whole`).toBe(
        true,
      );
  };
  // The search box's hint (what may be typed in it) is whole, not cut mid-word at the box's edge.
  const hintWhole = async () =>
    expect(
      await page.getByRole('searchbox', { name: /Search orders|ఆర్డర్లు వెతకండి/ }).evaluate((el) => {
        const input = el as HTMLInputElement;
        const style = getComputedStyle(input);
        const ctx = document.createElement('canvas').getContext('2d')!;
        ctx.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        return { hint: input.placeholder, fits: ctx.measureText(input.placeholder).width <= room };
      }),
    ).toMatchObject({ fits: true });
  await expect(page.getByRole('button', { name: 'Enable sound' })).toBeVisible();
  await headerWhole();
  await hintWhole();

  if (isMobile) {
    // The filters and the order of the queue: one row of three lists, not four rows of chips.
    for (const name of ['Filter by status', 'Filter by delivery type', 'Order of the queue'])
      await expect(page.getByLabel(name)).toBeVisible();
    const tops = await Promise.all(
      ['Filter by status', 'Filter by delivery type', 'Order of the queue'].map(
        async (name) => (await page.getByLabel(name).boundingBox())!.y,
      ),
    );
    expect(new Set(tops.map(Math.round)).size, 'one row').toBe(1);
    await expect(page.getByRole('group', { name: 'Filter by status' })).toHaveCount(0);
    await expect(page.getByTestId('order-card').first()).toBeInViewport();
  } else {
    await expect(page.getByRole('group', { name: 'Filter by status' })).toBeVisible();
  }

  await page.getByRole('searchbox', { name: 'Search orders' }).fill(orderNumber);
  await expect(page.getByTestId('order-card')).toHaveCount(1);
  if (isMobile) {
    // A line per document (wrapped, never cut: the copies are at its end), with its pages, colour and copies; the
    // card within one screen.
    const folded = card.getByTestId('documents-folded');
    await expect(folded.getByRole('listitem')).toHaveText([
      '1. notes-a4-38p.pdf · 38 pages · B&W · 2 copies',
      '2. report-a4-26p.pdf · pages 1-6 · B&W · 1 copy',
      '3. letter-a4-4p.pdf · 4 pages · B&W · 1 copy',
    ]);
    await expect(card.getByTestId('order-document')).toHaveCount(0);
    expect((await card.boundingBox())!.height, 'card height').toBeLessThanOrEqual(page.viewportSize()!.height);
    await card.screenshot({ path: testInfo.outputPath('card-folded.png') });
    // The details and each document's download, a tap away, and folded again.
    await card.getByRole('button', { name: 'Details and downloads of the 3 documents' }).click();
    await expect(card.getByTestId('order-document')).toHaveCount(3);
    await expect(
      card.getByRole('button', { name: `Download report-a4-26p.pdf (${orderNumber}, document 2)` }),
    ).toBeVisible();
    await card.getByRole('button', { name: 'Fold the documents' }).click();
    await expect(card.getByTestId('order-document')).toHaveCount(0);
  } else {
    await expect(card.getByTestId('order-document')).toHaveCount(3);
    await expect(card.getByTestId('documents-folded')).toHaveCount(0);
  }

  // The order number is whole, in English and in Telugu (its badges are longer there).
  const whole = async () =>
    expect(
      await card
        .getByTestId('order-number')
        .evaluate(
          (el) =>
            el.scrollWidth <= el.clientWidth + 1 &&
            el.getBoundingClientRect().right <= el.closest('[data-testid=order-card]')!.getBoundingClientRect().right,
        ),
    ).toBe(true);
  await whole();
  await headerWhole();
  await page.getByTestId('language-switch').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'te-IN');
  await expect(card.getByTestId('order-number')).toHaveText(orderNumber);
  await whole();
  await headerWhole();
  await hintWhole();
  if (isMobile) await expect(card.getByRole('button', { name: '3 డాక్యుమెంట్ల వివరాలు, డౌన్‌లోడ్లు' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await card.screenshot({ path: testInfo.outputPath('card-te.png') });
  await page.getByTestId('language-switch').click();
  await customer.ctx.close();
});
