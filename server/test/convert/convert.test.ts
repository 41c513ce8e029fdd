import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as mupdf from 'mupdf';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files } from '../../src/db/schema/index.ts';
import { FORMAT_MESSAGES, IMAGE_SIZE_MESSAGES } from '@shop/shared/files/formats';
import { detectFormat } from '../../src/modules/convert/detect.ts';
import { jpegInfo } from '../../src/modules/convert/images.ts';
import { imageToPdf } from '../../src/modules/convert/image-to-pdf.ts';
import { profileTemplateReady, warmOfficeProfile } from '../../src/modules/convert/office.ts';
import { createCustomer } from '../factories/index.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { uploadPdf } from '../quotas/helpers.ts';
import { makeOle } from './crafted-office.ts';

const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/convert');
const fixture = (name: string) => fs.readFileSync(path.join(FIXTURES, name));
const hasSoffice = (() => {
  try {
    execFileSync('soffice', ['--version'], { stdio: 'ignore', timeout: 60_000 });
    return true;
  } catch {
    return false;
  }
})();

/** Size of page 1 in points and the page count of a PDF. */
function pdfPages(bytes: Uint8Array) {
  const doc = mupdf.Document.openDocument(bytes, 'application/pdf');
  const [x0, y0, x1, y1] = doc.loadPage(0).getBounds();
  return { count: doc.countPages(), width: Math.round(x1 - x0), height: Math.round(y1 - y0) };
}

describe('photos become a page each (decision 017)', () => {
  it('reads the EXIF turn of a phone photo and lays it on a portrait A4 page', async () => {
    // Stored 400 × 200 with Orientation 6: shown turned right, 200 × 400 (upright, tall).
    expect(jpegInfo(fixture('photo-rotated.jpg'))).toEqual({ width: 400, height: 200, orientation: 6 });
    expect(pdfPages(imageToPdf(fixture('photo-rotated.jpg'), 'jpeg'))).toEqual({ count: 1, width: 595, height: 842 });
  });
  it('lays a wide image on a landscape page', async () => {
    expect(pdfPages(imageToPdf(fixture('card.png'), 'png'))).toEqual({ count: 1, width: 842, height: 595 });
  });
  it('refuses a PNG bomb by its header, before decoding it', () => {
    const png = Buffer.from(fixture('card.png'));
    png.writeUInt32BE(100_000, 16);
    png.writeUInt32BE(100_000, 20);
    expect(() => imageToPdf(png, 'png')).toThrow(IMAGE_SIZE_MESSAGES.imageTooLarge('100000 × 100000 px, 10000 MP'));
  });
});

describe('file kinds are told by content, not by name', () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'detect-'));
  const write = (name: string, bytes: Buffer) => {
    const p = path.join(tmp, name);
    fs.writeFileSync(p, bytes);
    return p;
  };
  it('knows a docx, a jpeg, a png, a broken zip and an encrypted Office file', async () => {
    expect(await detectFormat(write('a', fixture('resume.docx')))).toBe('docx');
    expect(await detectFormat(write('b', fixture('photo-rotated.jpg')))).toBe('jpeg');
    expect(await detectFormat(write('c', fixture('card.png')))).toBe('png');
    expect(await detectFormat(write('d', fixture('broken.docx')))).toBe('broken');
    // An encrypted .docx is an OLE2 container holding EncryptionInfo and EncryptedPackage streams.
    const ole = makeOle({ EncryptionInfo: Buffer.from('info'), EncryptedPackage: Buffer.from('package') });
    expect(await detectFormat(write('e', ole))).toBe('encrypted_office');
  });
  it('knows a Word 97-2003 or OpenDocument file saved with a password from the same file without one', async () => {
    expect(await detectFormat(write('f', fixture('locked.doc')))).toBe('encrypted_office');
    expect(await detectFormat(write('g', fixture('locked.odt')))).toBe('encrypted_office');
    expect(await detectFormat(write('h', fixture('resume.doc')))).toBe('doc');
    expect(await detectFormat(write('i', fixture('resume.odt')))).toBe('odt');
  });
});

describe('uploads of photos and office documents', () => {
  let app: TestApp;
  let slowApp: TestApp;
  let noOfficeApp: TestApp;
  const slow = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'slow-soffice-')), 'soffice');
  beforeAll(async () => {
    fs.writeFileSync(slow, '#!/bin/sh\nsleep 30\n', { mode: 0o755 });
    app = await createTestApp();
    slowApp = await createTestApp({ env: { SOFFICE_PATH: slow, CONVERT_TIMEOUT_SECONDS: '1' } });
    noOfficeApp = await createTestApp({ env: { SOFFICE_PATH: '/nonexistent/soffice' } });
    // Three apps: up to a minute on a busy machine, more beside a file converting with LibreOffice.
  }, 300_000);
  afterAll(async () => {
    await Promise.all([app?.close(), slowApp?.close(), noOfficeApp?.close()]);
    fs.rmSync(path.dirname(slow), { recursive: true, force: true });
  });

  it('a phone photo is uploaded as a one-page PDF, and says it was converted', async () => {
    const c = await createCustomer(app);
    const res = await uploadPdf(app, c.headers, fixture('photo-rotated.jpg'), 'aadhaar.jpg');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().pdfInfo.pageCount).toBe(1);
    expect(res.json().file.originalFilename).toBe('aadhaar.pdf');
    expect(res.json().converted).toEqual({ from: 'jpeg', originalFilename: 'aadhaar.jpg' });
  });

  it.runIf(hasSoffice)(
    'a LibreOffice that fails to make its profile (too slow) leaves the working one its own: each setup keeps its own',
    async () => {
      const setup = (soffice: string) => ({
        soffice,
        sandbox: app.ctx.config.SOFFICE_SANDBOX,
        timeoutMs: 1000,
        memoryBytes: app.ctx.config.SOFFICE_MEMORY_MB * 1024 * 1024,
        hide: [],
      });
      warmOfficeProfile(setup(slow));
      expect(await profileTemplateReady(setup(slow))).toBe(false);
      warmOfficeProfile({ ...setup(app.ctx.config.SOFFICE_PATH), timeoutMs: 60_000 });
      expect(await profileTemplateReady(setup(app.ctx.config.SOFFICE_PATH))).toBe(true);
    },
    120_000,
  );

  it.runIf(hasSoffice)(
    'a Word résumé is converted by LibreOffice, its text (Telugu too) kept',
    async () => {
      const c = await createCustomer(app);
      const res = await uploadPdf(app, c.headers, fixture('resume.docx'), 'resume.docx');
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().converted.from).toBe('docx');
      const pdf = await app.inject({ method: 'GET', url: res.json().file.url, headers: c.headers });
      const text = mupdf.Document.openDocument(new Uint8Array(pdf.rawPayload), 'application/pdf')
        .loadPage(0)
        .toStructuredText('preserve-whitespace')
        .asText();
      expect(text).toContain('Resume of Sravani');
      expect(text).toContain('గుంటూరు');
      // The next customer's file converts in a copy of the profile the shop made once (from its own document).
      expect(
        await profileTemplateReady({ soffice: app.ctx.config.SOFFICE_PATH, sandbox: app.ctx.config.SOFFICE_SANDBOX }),
      ).toBe(true);
      const again = await uploadPdf(app, (await createCustomer(app)).headers, fixture('resume.odt'), 'cv.odt');
      expect(again.statusCode, again.body).toBe(201);
      expect(again.json().converted).toEqual({ from: 'odt', originalFilename: 'cv.odt' });
    },
    120_000,
  );

  it('a broken Word file is told it could not be opened; a text file named .docx which formats the shop takes', async () => {
    const c = await createCustomer(app);
    const broken = await uploadPdf(app, c.headers, fixture('broken.docx'), 'cv.docx');
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({ code: 'convert_broken', message: FORMAT_MESSAGES.broken });
    const text = await uploadPdf(app, c.headers, Buffer.from('just some text'), 'cv.docx');
    expect(text.statusCode).toBe(400);
    expect(text.json().message).toBe(FORMAT_MESSAGES.notAccepted(true));
  });

  it('a password-protected Word or OpenDocument file is told to come without its password, and nothing is kept', async () => {
    const c = await createCustomer(app);
    for (const name of ['locked.doc', 'locked.odt']) {
      const res = await uploadPdf(app, c.headers, fixture(name), name);
      expect(res.statusCode, name).toBe(400);
      expect(res.json()).toMatchObject({ code: 'convert_password', message: FORMAT_MESSAGES.password });
    }
    expect(
      await app.ctx.db.select({ id: files.id }).from(files).where(eq(files.ownerUserId, c.record.id)),
    ).toHaveLength(0);
  });

  it('a conversion that takes too long is stopped and the customer told', async () => {
    const c = await createCustomer(slowApp);
    const res = await uploadPdf(slowApp, c.headers, fixture('resume.docx'), 'resume.docx');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(FORMAT_MESSAGES.tooSlow);
  });

  it('without LibreOffice the shop says which formats it takes', async () => {
    const c = await createCustomer(noOfficeApp);
    const res = await uploadPdf(noOfficeApp, c.headers, fixture('resume.docx'), 'resume.docx');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('This shop prints PDF, JPG and PNG files. Please upload one of these.');
    // Photos still work.
    expect((await uploadPdf(noOfficeApp, c.headers, fixture('card.png'), 'card.png')).statusCode).toBe(201);
  });
});
