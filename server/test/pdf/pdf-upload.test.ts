import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORMAT_MESSAGES } from '@shop/shared/files/formats';
import { files } from '../../src/db/schema/index.ts';
import { officeAvailable } from '../../src/modules/convert/office.ts';
import { expandPageSizeGroups } from '@shop/shared/files/schemas';
import { analyzePdf } from '../../src/modules/pdf/pdf-analyzer.ts';
import { closePdfWorker } from '../../src/modules/pdf/pdf-reader.ts';
import { createTestApp, DATABASES } from '../helpers/app.ts';
import { createCustomer } from '../factories/index.ts';
import { fixturePdf, noteCorpusSkipped, PDF_SETS, readPdfManifest } from '../helpers/pdf-fixtures.ts';
import { multipartBody } from './multipart.ts';
import { readStored } from '../helpers/stored.ts';

const MESSAGES = {
  notPdf: 'Please upload a PDF file',
  /** What the shop says of a file it does not take (decision 017): the formats it does take. */
  notTaken: FORMAT_MESSAGES.notAccepted(officeAvailable('soffice')),
  password: 'This PDF is password-protected. Please remove the password and upload it again.',
  unreadable: 'This file is not a readable PDF. Please upload a valid PDF file.',
  tooLarge: 'Maximum file size is 10MB',
};

/** Every file of the fixtures (and of the shared corpus, when found) with what pdfinfo read in it. */
const FILES = PDF_SETS.flatMap(([set, dir]) =>
  Object.entries(readPdfManifest(dir)).map(
    ([name, entry]) => [`${set}: ${name}`, path.join(dir, name), name, entry] as const,
  ),
);
noteCorpusSkipped();
const REPAIRABLE = new Set(['bad-wrong-startxref.pdf', 'bad-garbage-middle.pdf']);

describe.each(DATABASES)('PDF upload on %s', (db) => {
  let app: Awaited<ReturnType<typeof createTestApp>>;
  let customer: Awaited<ReturnType<typeof createCustomer>>;
  beforeAll(async () => {
    app = await createTestApp({ db });
    customer = await createCustomer(app);
  });
  afterAll(async () => {
    await app?.close();
    await closePdfWorker();
  });

  const upload = async (
    content: Buffer | string,
    filename: string,
    opts: Parameters<typeof multipartBody>[2] = {},
    headers = customer.headers,
  ) => {
    const body = await multipartBody(content, filename, opts);
    return app.inject({
      method: 'POST',
      url: '/api/pdf/upload',
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
  };
  const storedKeys = async (userId = customer.record.id) =>
    (await app.ctx.storage.list(`orders/${userId}/`)).map((o) => o.key);
  const rowsOf = async (userId = customer.record.id) =>
    app.ctx.db.select().from(files).where(eq(files.ownerUserId, userId));

  /** A refused upload leaves no row and no object behind. */
  async function expectNothingKept(
    action: () => Promise<{ statusCode: number; json(): { message: string; code?: string } }>,
  ) {
    const keysBefore = await storedKeys();
    const rowsBefore = (await rowsOf()).length;
    const res = await action();
    expect(await storedKeys()).toEqual(keysBefore);
    expect((await rowsOf()).length).toBe(rowsBefore);
    return res;
  }

  it.each(FILES)('%s through the real route', async (_label, file, name, entry) => {
    const bytes = fs.readFileSync(file);
    if (name === 'bad-png-renamed.pdf') {
      // A real PNG, whatever its name: taken as a photo and made into one page (decision 017).
      const res = await upload(bytes, name);
      expect(res.statusCode).toBe(201);
      expect(res.json().converted.from).toBe('png');
      return;
    }
    if (entry.pdfinfo_pages === null || name === 'q-aes256-userpw.pdf') {
      const res = await expectNothingKept(() => upload(bytes, name));
      expect(res.statusCode).toBe(400);
      const expected =
        name === 'q-aes256-userpw.pdf'
          ? MESSAGES.password
          : expect.stringMatching(
              /^(This shop prints .* files\. Please upload one of these\.|This file is not a readable PDF\. Please upload a valid PDF file\.)$/,
            );
      expect(res.json().message).toEqual(expected);
      return;
    }
    const res = await upload(bytes, name);
    if (REPAIRABLE.has(name) && res.statusCode === 400) return; // refusing a damaged file is allowed too
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.pdfInfo.pageCount).toBe(entry.pdfinfo_pages);
    expect(body.pdfInfo.pages).toHaveLength(entry.pdfinfo_pages!);
    expect(body.file).toMatchObject({ originalFilename: name, previewUrl: `/api/pdf/${body.file.id}/preview` });
    expect(body.file.path).toBe(`orders/${customer.record.id}/${body.file.id}.pdf`);
    const stored = (await readStored(app, body.file.path))!;
    const [row] = await app.ctx.db.select().from(files).where(eq(files.id, body.file.id));
    if (REPAIRABLE.has(name) && !stored.equals(bytes)) {
      // A file mupdf had to repair is kept as mupdf read it (saved whole), so every viewer finds the same pages.
      const again = analyzePdf(stored);
      expect(again.pageCount).toBe(entry.pdfinfo_pages);
      expect(again.cleaned).toBe(false);
    } else {
      expect(stored.equals(bytes)).toBe(true);
    }
    expect(row).toMatchObject({
      ownerUserId: customer.record.id,
      kind: 'order_pdf',
      storageKey: body.file.path,
      sizeBytes: stored.length,
      pageCount: entry.pdfinfo_pages,
      sha256: crypto.createHash('sha256').update(stored).digest('hex'),
    });
    expect(body.file.size).toBe(stored.length);
    // Page sizes are kept as runs of equal pages, not one entry a page.
    expect(expandPageSizeGroups(row!.pageSizes!)).toEqual(body.pdfInfo.pages);
  });

  it.each([
    ['a text file', 'bad-text-renamed.pdf', 'text/plain', MESSAGES.notTaken],
    ['an empty file', 'bad-empty.pdf', 'application/pdf', MESSAGES.notTaken],
    ['a truncated file', 'bad-truncated-half.pdf', 'application/pdf', MESSAGES.unreadable],
    ['a file cut 2 KB short', 'bad-truncated-tail2k.pdf', 'application/pdf', MESSAGES.unreadable],
  ])('refuses %s with a clear message and keeps nothing', async (_label, name, type, message) => {
    const res = await expectNothingKept(() => upload(fs.readFileSync(fixturePdf(name)), 'document.pdf', { type }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    if (message === MESSAGES.notTaken) expect(res.json().code).toBe('invalid_file_type');
  });

  it('refuses a PDF behind junk bytes: the file must start with %PDF-', async () => {
    const bytes = Buffer.concat([Buffer.from('GIF89a'), fs.readFileSync(fixturePdf('notes-a4-38p.pdf'))]);
    const res = await expectNothingKept(() => upload(bytes, 'x.pdf'));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MESSAGES.notTaken);
  });

  it('refuses an 11 MB file with 413 while reading, and stores nothing', async () => {
    const big = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(11 * 1024 * 1024, 0x20)]);
    const res = await expectNothingKept(() => upload(big, 'big.pdf'));
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe(MESSAGES.tooLarge);
  });

  it('refuses a password-protected PDF with the password message', async () => {
    const res = await expectNothingKept(() => upload(fs.readFileSync(fixturePdf('q-aes256-userpw.pdf')), 'secret.pdf'));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: MESSAGES.password, code: 'pdf_password_protected' });
  });

  it('needs a signed-in customer', async () => {
    const res = await upload(
      fs.readFileSync(fixturePdf('landscape-a4.pdf')),
      'x.pdf',
      {},
      {} as typeof customer.headers,
    );
    expect(res.statusCode).toBe(401);
  });

  it('answers a request without a file, or not multipart, with a 4xx and a message', async () => {
    const wrongField = await upload(fs.readFileSync(fixturePdf('landscape-a4.pdf')), 'x.pdf', { field: 'document' });
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().message).toBe(MESSAGES.notPdf);
    const json = await app.inject({
      method: 'POST',
      url: '/api/pdf/upload',
      headers: customer.headers,
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBeGreaterThanOrEqual(400);
    expect(json.statusCode).toBeLessThan(500);
    expect(typeof json.json().message).toBe('string');
  });

  it('stores a path-traversal name under a server-made key with a safe name', async () => {
    const res = await upload(fs.readFileSync(fixturePdf('landscape-a4.pdf')), '../../etc/passwd.pdf');
    expect(res.statusCode).toBe(201);
    const { file } = res.json();
    expect(file.originalFilename).toBe('passwd.pdf');
    expect(file.path).toMatch(new RegExp(`^orders/${customer.record.id}/[0-9a-f-]{36}\\.pdf$`));
    expect(fs.existsSync(`${app.dataDir}/etc/passwd.pdf`)).toBe(false);
    const weird = await upload(fs.readFileSync(fixturePdf('landscape-a4.pdf')), 'C:\\temp\\re\u0000port\u0007.exe');
    expect(weird.json().file.originalFilename).toBe('report.exe.pdf');
  });

  it('serves the page-1 preview to the owner only, and caches it', async () => {
    const res = await upload(fs.readFileSync(fixturePdf('landscape-a4.pdf')), 'landscape.pdf');
    const { file } = res.json();
    const preview = await app.inject({ method: 'GET', url: file.previewUrl, headers: customer.headers });
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-type']).toBe('image/png');
    expect(preview.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    expect(preview.rawPayload.readUInt32BE(16)).toBe(300);
    expect(await readStored(app, `previews/${file.id}.png`)).not.toBeNull();
    const again = await app.inject({ method: 'GET', url: file.previewUrl, headers: customer.headers });
    expect(again.rawPayload.equals(preview.rawPayload)).toBe(true);

    const other = await createCustomer(app);
    const theirs = await app.inject({ method: 'GET', url: file.previewUrl, headers: other.headers });
    expect(theirs.statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: file.url, headers: other.headers })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: file.previewUrl })).statusCode).toBe(401);
    expect(
      (await app.inject({ method: 'GET', url: '/api/pdf/not-a-uuid/preview', headers: customer.headers })).statusCode,
    ).toBe(404);

    const own = await app.inject({ method: 'GET', url: file.url, headers: customer.headers });
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('application/pdf');
    expect(own.rawPayload.equals(fs.readFileSync(fixturePdf('landscape-a4.pdf')))).toBe(true);
  });
});
