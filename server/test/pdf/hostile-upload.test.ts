import { UPLOAD_MESSAGES } from '@shop/shared/files/schemas';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files } from '../../src/db/schema/index.ts';
import { closePdfWorker } from '../../src/modules/pdf/pdf-reader.ts';
import { createTestApp, DATABASES } from '../helpers/app.ts';
import { createCustomer } from '../factories/index.ts';
import { inflateBombPdf, millionPagePdf, pagedPdf } from './crafted-pdfs.ts';
import { multipartBody } from './multipart.ts';

/** Hostile PDFs through the real routes (decision 010). */

describe.each(DATABASES)('hostile PDFs through the upload and preview routes on %s', (db) => {
  let app: Awaited<ReturnType<typeof createTestApp>>;
  let mallory: Awaited<ReturnType<typeof createCustomer>>;
  let asha: Awaited<ReturnType<typeof createCustomer>>;
  beforeAll(async () => {
    app = await createTestApp({ db });
    mallory = await createCustomer(app, { name: 'Mallory' });
    asha = await createCustomer(app, { name: 'Asha' });
  });
  afterAll(async () => {
    await app?.close();
    await closePdfWorker();
  });

  const upload = async (who: typeof mallory, bytes: Buffer, name = 'notes.pdf') => {
    const body = await multipartBody(bytes, name);
    return app.inject({
      method: 'POST',
      url: '/api/pdf/upload',
      headers: { ...who.headers, ...body.headers },
      payload: body.payload,
    });
  };
  const keptFor = async (who: typeof mallory) => ({
    rows: (await app.ctx.db.select({ id: files.id }).from(files).where(eq(files.ownerUserId, who.record.id))).length,
    objects: (await app.ctx.storage.list(`orders/${who.record.id}/`)).length,
  });

  it('a real 100-page file whose root says /Count 1 is refused with both numbers, nothing kept', async () => {
    const before = await keptFor(mallory);
    const res = await upload(mallory, pagedPdf({ pages: 100, rootCount: 1 }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'pdf_page_tree_damaged',
      message:
        "This PDF's page list is damaged (it says 1 page but holds 100). Please re-save it (Print → Save as PDF) and upload again.",
    });
    expect(await keptFor(mallory)).toEqual(before);
  });

  it('the 1,000,000-page file is refused with the page cap message (no million-entry answer), nothing kept', async () => {
    const before = await keptFor(mallory);
    const res = await upload(mallory, millionPagePdf());
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'pdf_too_many_pages', message: UPLOAD_MESSAGES.tooManyPages });
    expect(await keptFor(mallory)).toEqual(before);
  });

  it("the 4 GiB content bomb: its preview stops at the time limit with a clear message while another customer's upload is answered", async () => {
    const bomb = await upload(mallory, inflateBombPdf());
    expect(bomb.statusCode).toBe(201);
    const { file } = bomb.json() as { file: { id: string; previewUrl: string } };
    let previewDone = false;
    const preview = app
      .inject({ method: 'GET', url: file.previewUrl, headers: mallory.headers })
      .finally(() => (previewDone = true));

    const other = await upload(asha, pagedPdf({ pages: 3 }), 'three-pages.pdf');
    expect(other.statusCode).toBe(201);
    expect(other.json().pdfInfo).toMatchObject({
      pageCount: 3,
      sizeGroups: [{ width: 595, height: 842, size: 'a4', count: 3 }],
    });
    expect(previewDone).toBe(false); // Asha was not queued behind the bomb

    const res = await preview;
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'preview_failed', message: UPLOAD_MESSAGES.previewTooComplex });
    expect(await app.ctx.storage.get(`previews/${file.id}.png`)).toBeNull();
  });
});
