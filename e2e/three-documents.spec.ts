import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as mupdf from 'mupdf';
import { casesPdf } from '../server/test/helpers/colour-cases';
import { ADMIN, expect, expectNoSidewaysScroll, signedInCustomer, test } from './support/fixtures';
import { createStaff, signInStaff } from './support/back-office';
import { testPdf } from './support/pdfs';
import { continueToDelivery, continueToReview, expectUploaded, startOrder } from './support/wizard';

const photo = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../server/test/fixtures/convert/photo-rotated.jpg',
);

/**
 * A three-document order (a PDF with a page range, a colour document with its colour pages only
 * in colour, a photo) from upload to the counter's download.
 */
test('a three-document order: a page range, colour pages only in colour, a photo; the counter downloads exactly what was paid for', async ({
  page,
  browser,
}) => {
  // The colour service's paper (A4 White 75 GSM) needs a black & white service for the other pages.
  const admin = await browser.newContext();
  await admin.request.post('/api/auth/login', { data: ADMIN });
  const created = await admin.request.post('/api/admin/services', {
    multipart: {
      name: 'Black & White A4 75 GSM',
      description: 'Black and white A4 on 75 GSM paper.',
      price_single_side: '2',
      price_double_side: '3',
      category: 'black_white_printing',
      printing_type: 'bw',
      paper_size: 'a4',
      paper_type: 'white_75gsm',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const bwId = ((await created.json()) as { id: number }).id;
  const brochure = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-')), 'brochure.pdf');
  fs.writeFileSync(brochure, await casesPdf());
  try {
    await signedInCustomer(page, 'Padma');
    await page.goto('/services');
    await startOrder(page, /Color Printing/, 'Color Printing A4');

    await page.locator('#pdf').setInputFiles([testPdf('report-a4-26p.pdf'), brochure, photo]);
    await expectUploaded(page, '3 documents: report-a4-26p.pdf, brochure.pdf, photo-rotated.pdf');

    // 1: the report, pages 1-5 only, in black & white (₹2 a page).
    await page.getByLabel(/^Document \(/).selectOption('0');
    await expect(page.getByLabel('Document (1 of 3)')).toHaveValue('0');
    await page.getByLabel('Printing type').selectOption('bw');
    await page.getByLabel('Paper type').selectOption('white_75gsm');
    await page.getByLabel('Pages to print').fill('1-5');
    const reportRate = Number(
      (await page.getByTestId('priced-service').textContent())!.match(/₹([\d.]+) per page/)![1],
    );
    // 2: the brochure in colour, only its colour pages in colour; the pages that hold colour are marked.
    await page.getByLabel(/^Document \(/).selectOption('1');
    await expect(page.getByLabel('Document (2 of 3)')).toHaveValue('1');
    await page.getByLabel('Colour pages in colour, the rest in black & white').check();
    await expect(page.getByTestId('colour-pages')).toHaveText(
      'Colour pages: 4-6 (3 of 7). The rest print in black & white.',
    );
    await page.getByRole('button', { name: 'See the pages and pick them (7)' }).click();
    await expect(page.getByRole('button', { name: 'Page 4, colour: printed' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Page 1: printed' })).toBeVisible();
    await expectNoSidewaysScroll(page);

    // 3: the photo, as it came (every document looked at before the review).
    await page.getByLabel(/^Document \(/).selectOption('2');
    await expect(page.getByLabel('Document (3 of 3)')).toHaveValue('2');
    await continueToReview(page);
    const lines = page.getByRole('list', { name: 'Documents and their prices' }).getByRole('listitem');
    // The rates as the catalogue has them now (other journeys may have added services): the report at its B&W
    // service's rate; the brochure's 3 colour pages at the colour rate, its 4 others at the black & white service of
    // the same paper (the first such, decision 016); the photo, one colour page.
    type Svc = {
      id: number;
      name: string;
      printing_type: string;
      paper_size: string;
      paper_type: string;
      price_single_side: number;
      is_active?: boolean;
    };
    const catalogue = (await (await page.request.get('/api/services')).json()) as Svc[];
    const colourRate = catalogue.find((x) => x.name === 'Color Printing A4')!.price_single_side;
    const bwRate = catalogue
      .filter((x) => x.printing_type === 'bw' && x.paper_size === 'a4' && x.paper_type === 'white_75gsm')
      .sort((a, b) => a.id - b.id)[0]!.price_single_side;
    await expect(lines.nth(0)).toContainText(`₹${(5 * reportRate).toFixed(2)}`);
    await expect(lines.nth(1)).toContainText(`₹${(3 * colourRate + 4 * bwRate).toFixed(2)}`);
    await expect(lines.nth(2)).toContainText(`₹${colourRate.toFixed(2)}`);
    // Each document's line says what prints: the range, the colour split, copies; the photo under its own name.
    await expect(lines.nth(0).getByTestId('document-line')).toHaveText('pages 1-5 · B&W · 1 copy');
    await expect(lines.nth(1).getByTestId('document-line')).toHaveText('7 pages · 3 colour + 4 B&W · 1 copy');
    await expect(lines.nth(2)).toContainText('photo-rotated.jpg');
    await continueToDelivery(page);
    await page.getByRole('button', { name: /Shop Pickup/ }).click();
    await page.getByLabel('Mobile number').fill('9876543210');
    await page.getByRole('button', { name: /^Pay / }).click();
    await page.getByTestId('sandbox-checkout').getByRole('button', { name: /^Pay / }).click();
    await expect(page).toHaveURL(/\/order-tracking\/PS-/);
    const orderNumber = decodeURIComponent(page.url().split('/').pop()!);
    await expect(page.getByRole('heading', { name: 'Documents (3)' })).toBeVisible();
    const tracked = page.getByRole('list', { name: 'Documents', exact: true });
    await expect(tracked).toContainText('Colour on pages 4-6, the rest black & white');
    await expect(tracked.getByTestId('document-line')).toHaveText([
      'pages 1-5 · B&W · 1 copy',
      '7 pages · 3 colour + 4 B&W · 1 copy',
      '1 page · colour · 1 copy',
    ]);
    await expect(tracked).toContainText('3. photo-rotated.jpg');

    // The counter: each document as it prints; the photo's original too.
    const clerk = await createStaff(browser, 'Lakshmi');
    const staff = await browser.newContext();
    await signInStaff(staff, clerk);
    const order = (await (await staff.request.get(`/api/orders/${orderNumber}`)).json()) as {
      documents: Array<{ download_url: string; source: { download_url: string } | null }>;
    };
    const pages = async (url: string) =>
      mupdf.Document.openDocument(
        new Uint8Array(await (await staff.request.get(url)).body()),
        'application/pdf',
      ).countPages();
    expect(await pages(order.documents[0]!.download_url)).toBe(5);
    expect(await pages(order.documents[1]!.download_url)).toBe(7);
    expect(await pages(order.documents[2]!.download_url)).toBe(1);
    expect(
      (await staff.request.get(order.documents[2]!.source!.download_url)).headers()['content-disposition'],
    ).toContain('photo-rotated.jpg');
    await staff.close();
  } finally {
    await admin.request.delete(`/api/admin/services/${bwId}`);
    await admin.close();
  }
});
