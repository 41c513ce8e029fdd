import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer, createService, createUploadedFile, setLanguage, signInAdmin } from '../factories/index.ts';
import { createTestApp } from '../helpers/app.ts';
import { placePaidOrder, type Customer } from '../payments/flow.ts';
import { poppler } from '../helpers/poppler.ts';
import { REGULAR_GST } from '../helpers/gst.ts';

/**
 * The bill PDF (decisions 029, 038): English, with the Telugu alongside for a customer who reads Telugu;
 * names typed in Telugu print as typed (Noto Sans Telugu, shaped by fontkit). Checked here with poppler's pdftotext
 * and pdffonts; the shaping itself was checked by eye on pages rendered with pdftoppm.
 */

const hasTeluguFont = fs.existsSync('/usr/share/fonts/truetype/noto/NotoSansTelugu-Regular.ttf');

describe.skipIf(!hasTeluguFont)('the bill in the customer’s language (needs Debian’s fonts-noto-core)', () => {
  let app: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    app = await createTestApp({ db: 'pglite', env: REGULAR_GST });
  });
  afterAll(async () => app?.close());

  async function billOf(customer: Customer) {
    const service = await createService(app);
    const file = await createUploadedFile(app, customer.record.id, 'notes-a4-38p.pdf', 12);
    const { draft } = await placePaidOrder(app, customer, service.id, file.id);
    const [listed] = (
      await app.inject({ method: 'GET', url: `/api/orders/${draft.orderNumber}/invoices`, headers: customer.headers })
    ).json().invoices;
    const url = `/api/orders/${draft.orderNumber}/invoices/${listed.id}/pdf`;
    const res = await app.inject({ method: 'GET', url, headers: customer.headers });
    expect(res.statusCode).toBe(200);
    return { bytes: res.rawPayload, url, orderNumber: draft.orderNumber as string };
  }

  it('a Telugu customer’s tax invoice: English with the Telugu title and labels alongside, the name as typed; the admin downloads the same', async () => {
    const customer = await createCustomer(app, { name: 'శ్రీనివాస్ రావు' });
    await setLanguage(app, customer, 'te');
    const { bytes, url, orderNumber } = await billOf(customer);
    const text = poppler('pdftotext', bytes);
    for (const expected of [
      'Tax Invoice',
      orderNumber,
      'Customer / కస్టమర్:',
      'Total / మొత్తం',
      'This is a computer-generated invoice.',
    ])
      expect(text).toContain(expected);
    expect(text).toMatch(/Total \/ మొత్తం\s+Rs\. [\d,]+\.\d\d/);
    expect(poppler('pdffonts', bytes)).toMatch(/NotoSansTelugu-Regular/);
    const admin = await signInAdmin(app);
    const asAdmin = poppler('pdftotext', (await app.inject({ method: 'GET', url, headers: admin.headers })).rawPayload);
    expect(asAdmin).toContain('Total / మొత్తం');
  });

  it('an English customer’s bill has no Telugu labels, but a name typed in Telugu still prints in Telugu script', async () => {
    const customer = await createCustomer(app, { name: 'లక్ష్మి' });
    const { bytes } = await billOf(customer);
    const text = poppler('pdftotext', bytes);
    expect(text).not.toContain('మొత్తం');
    expect(text).toMatch(/Total\s+Rs\. [\d,]+\.\d\d/);
    expect(text).not.toMatch(/Customer: \?+/);
    expect(poppler('pdffonts', bytes)).toMatch(/NotoSansTelugu-Regular/);
  });
});
