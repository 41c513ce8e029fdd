import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { casesPdf } from '../server/test/helpers/colour-cases';
import { ADMIN, expect, loginAs, signedInCustomer, test } from './support/fixtures';
import { expectTotal, expectUploaded } from './support/wizard';

/**
 * The demo shop shows its headline feature (decision 039). A fresh shop's colour A4 service has a black & white
 * partner on the same paper, so "colour pages in colour, the rest in black & white" works from the first start; the
 * admin sees each service's paper and is told when a colour service has no partner; an open wizard follows the
 * catalogue without a reload.
 */
test('mixed colour works in a fresh shop; the admin sees the paper and the missing partner; the open wizard follows', async ({
  page,
  browser,
}, testInfo) => {
  const brochure = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-')), 'brochure.pdf');
  fs.writeFileSync(brochure, await casesPdf());
  await signedInCustomer(page, 'Satyavathi');
  const services = (await (await page.request.get('/api/services')).json()) as Array<{ id: number; name: string }>;
  const colourA4 = services.find((s) => s.name === 'Color Printing A4')!;
  await page.goto(`/order-create/${colourA4.id}`);
  await page.locator('#pdf').setInputFiles(brochure);
  await expectUploaded(page, 'brochure.pdf · 7 pages');

  // 7 pages, 3 of them in colour: ₹10 each in colour, the other 4 at the 75 GSM black & white rate (₹2.50).
  const mixed = page.getByLabel('Colour pages in colour, the rest in black & white');
  await expect(mixed).toBeEnabled();
  await expectTotal(page, '₹70.00');
  await mixed.check();
  await expect(page.getByTestId('colour-pages')).toHaveText(
    'Colour pages: 4-6 (3 of 7). The rest print in black & white.',
  );
  await expectTotal(page, '₹40.00');

  // The owner's service cards say which paper each prints on.
  const admin = await browser.newContext();
  const adminPage = await admin.newPage();
  await loginAs(adminPage, ADMIN.email, ADMIN.password);
  // Other journeys on this server may have added a black & white A4 on 75 GSM (the service form's default paper):
  // switched off here, so the seeded one is the colour service's only partner, and on again at the end.
  const all = (await (await adminPage.request.get('/api/admin/services/all')).json()) as Array<{
    id: number;
    name: string;
    is_active: boolean;
    printing_type: string;
    paper_size: string;
    paper_type: string;
  }>;
  const others = all.filter(
    (s) =>
      s.is_active &&
      s.printing_type === 'bw' &&
      s.paper_size === 'a4' &&
      s.paper_type === 'white_75gsm' &&
      s.name !== 'Black & White Printing A4 75 GSM',
  );
  const setActive = async (isActive: boolean) => {
    for (const s of others)
      expect((await adminPage.request.patch(`/api/admin/services/${s.id}/status`, { data: { isActive } })).ok()).toBe(
        true,
      );
  };
  await setActive(false);
  await adminPage.goto('/admin/services');
  const card = (name: string) =>
    adminPage.getByTestId('admin-service').filter({ has: adminPage.getByRole('heading', { name, exact: true }) });
  await expect(card('Color Printing A4').getByTestId('service-print')).toHaveText(
    'Color · A4 White 75 GSM · Color Printing',
  );
  await expect(card('Black & White Printing A4').getByTestId('service-print')).toHaveText(
    'Black & White · A4 White 70 GSM · Black & White Printing',
  );
  await expect(card('Black & White Printing A4 75 GSM').getByTestId('service-print')).toContainText('A4 White 75 GSM');
  // The A4 colour service has its partner; the A3 poster's 100 GSM bond has none, and its card says so.
  await expect(card('Color Printing A4').getByTestId('mixed-colour-hint')).toHaveCount(0);
  await expect(card('Color Printing A3 Poster').getByTestId('mixed-colour-hint')).toContainText(
    'no active black & white service prints A3 Bond 100 GSM',
  );

  const partner = card('Black & White Printing A4 75 GSM');
  try {
    // The partner is switched off: the colour card says what to add, and the customer's open wizard greys the choice.
    await partner.getByRole('button', { name: 'Deactivate', exact: true }).click();
    const hint = card('Color Printing A4').getByTestId('mixed-colour-hint');
    await expect(hint).toHaveText(
      'Customers cannot print only the colour pages in colour: no active black & white service prints A4 White 75 GSM. Add a black & white A4 White 75 GSM service',
    );
    await adminPage.screenshot({ path: testInfo.outputPath('admin-services.png'), fullPage: true });
    await expect(mixed).toBeDisabled();
    await expect(
      page.getByText('The shop has no black & white service for A4 White 75 GSM single-sided just now.', {
        exact: false,
      }),
    ).toBeVisible();
    await expectTotal(page, '₹70.00');

    // The hint opens the form filled in for that service.
    await hint.getByRole('link', { name: 'Add a black & white A4 White 75 GSM service' }).click();
    await expect(adminPage.getByLabel('Printing type')).toHaveValue('bw');
    await expect(adminPage.getByLabel('Paper size')).toHaveValue('a4');
    await expect(adminPage.getByLabel('Paper type')).toHaveValue('white_75gsm');
    await expect(adminPage.getByLabel('Category')).toHaveValue('black_white_printing');
    await adminPage.goBack();
  } finally {
    // Switched on again: the wizard offers the choice again, without the customer reloading.
    await partner.getByRole('button', { name: 'Activate', exact: true }).click();
    await expect(partner.getByText('Active', { exact: true })).toBeVisible();
  }
  await expect(card('Color Printing A4').getByTestId('mixed-colour-hint')).toHaveCount(0);
  await expect(mixed).toBeEnabled();
  await mixed.check();
  await expectTotal(page, '₹40.00');
  await setActive(true);
  await admin.close();
});
