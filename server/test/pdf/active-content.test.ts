import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as mupdf from 'mupdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isSafeUri } from '../../src/modules/pdf/pdf-action-rules.ts';
import { analyzePdf } from '../../src/modules/pdf/pdf-analyzer.ts';
import { closePdfWorker } from '../../src/modules/pdf/pdf-reader.ts';
import { createTestApp, DATABASES } from '../helpers/app.ts';
import { createCustomer, createPaidOrder, createStaff } from '../factories/index.ts';
import { ACTIVE_NAMES, javascriptPdf, launchPdf, webLinksPdf } from './active-pdfs.ts';
import { multipartBody } from './multipart.ts';

/** Decision 010: scripts, launch actions and attached files never reach the clerk who opens the file. */

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-active-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** Every name in the file as qpdf reads it (keys and values of every object, attachments listed apart). */
function qpdfView(bytes: Buffer): { names: Set<string>; attachments: unknown; json: string } {
  const file = path.join(tmp, `${Math.random().toString(36).slice(2)}.pdf`);
  fs.writeFileSync(file, bytes);
  // qpdf exits 3 on warnings (the crafted widget is not listed in /AcroForm): the JSON is complete either way.
  let out: string;
  try {
    out = execFileSync('qpdf', ['--json', file], {
      stdio: ['ignore', 'pipe', 'ignore'],
      maxBuffer: 64 * 1024 * 1024,
    }).toString();
  } catch (err) {
    out = String((err as { stdout?: Buffer }).stdout ?? '');
  }
  const json = JSON.parse(out) as { attachments: unknown; qpdf: unknown };
  const names = new Set<string>();
  const walk = (v: unknown) => {
    if (typeof v === 'string' && v.startsWith('/')) names.add(v);
    else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object')
      for (const [k, x] of Object.entries(v)) {
        if (k.startsWith('/')) names.add(k);
        walk(x);
      }
  };
  walk(json.qpdf);
  return { names, attachments: json.attachments, json: out };
}

function pageTexts(bytes: Buffer): string[] {
  const doc = mupdf.Document.openDocument(bytes, 'application/pdf');
  try {
    return Array.from({ length: doc.countPages() }, (_, i) =>
      doc.loadPage(i).toStructuredText('preserve-whitespace').asText().trim(),
    );
  } finally {
    doc.destroy();
  }
}

function cleanCopy(bytes: Buffer) {
  const out = path.join(tmp, `clean-${Math.random().toString(36).slice(2)}.pdf`);
  const info = analyzePdf(bytes, { cleanCopyPath: out });
  return { info, clean: fs.readFileSync(out) };
}

describe('active content is removed from the copy the shop keeps', () => {
  it('the crafted files do carry it (qpdf sees it in the originals)', () => {
    expect([...qpdfView(javascriptPdf()).names]).toEqual(
      expect.arrayContaining(['/JavaScript', '/JS', '/OpenAction', '/AA', '/EmbeddedFiles', '/XFA', '/FileAttachment']),
    );
    expect([...qpdfView(launchPdf()).names]).toEqual(expect.arrayContaining(['/Launch', '/OpenAction', '/GoToR']));
  });

  it('JavaScript on open, in named scripts, on page open, behind a link (an escaped name in its chain), in a form field, XFA and attached files: all gone, the pages print the same', () => {
    const { info, clean } = cleanCopy(javascriptPdf());
    expect(info.cleaned).toBe(true);
    expect(info.activeContent).toEqual(
      expect.arrayContaining(['JavaScript', 'OpenAction', 'AA', 'EmbeddedFiles', 'FileAttachment', 'XFA']),
    );
    const view = qpdfView(clean);
    for (const name of ACTIVE_NAMES) expect(view.names.has(name), name).toBe(false);
    expect(view.json).not.toMatch(/app\.alert|payload\.exe|exportDataObject/);
    expect(view.attachments).toEqual({});
    expect(pageTexts(clean)).toEqual(['Page 1', 'Page 2']);
    // A plain web link stays (a link with a script chained behind it is removed whole).
    expect(view.json).toContain('https://example.com/ok');
    expect(analyzePdf(clean).activeContent).toEqual([]);
  });

  it('Launch actions (on open and behind a link) and a GoToR to a network share are gone; a GoToR to a file next to it stays', () => {
    const { info, clean } = cleanCopy(launchPdf());
    expect(info.activeContent).toEqual(expect.arrayContaining(['Launch', 'OpenAction', 'GoToR']));
    const view = qpdfView(clean);
    for (const name of ['/Launch', '/OpenAction', '/Win']) expect(view.names.has(name), name).toBe(false);
    expect(view.json).not.toMatch(/calc\.exe|cmd\.exe|evil\.example/);
    expect(view.json).toContain('chapter-2.pdf');
    expect(pageTexts(clean)).toEqual(['Page 1', 'Page 2']);
  });

  it('web links to a script, a local program or a network share lose their action; links to web pages stay', () => {
    const { info, clean } = cleanCopy(webLinksPdf());
    expect(info.activeContent).toEqual(['URI']);
    const view = qpdfView(clean);
    expect(view.json).not.toMatch(/app\.alert|calc\.exe|evil\.example/);
    expect(view.json).toContain('https://example.com/inline');
    expect(view.json).toContain('https://example.com/own-object');
    expect(pageTexts(clean)).toEqual(['Page 1', 'Page 2']);
    expect(analyzePdf(clean).activeContent).toEqual([]);
  });

  it.each([
    ['https://example.com/a', true],
    ['http://example.com', true],
    ['mailto:shop@example.com', true],
    ['url(http://www.zlib.org)', true], // no scheme: relative, as some TeX manuals write them
    ['javascript:app.alert(1)', false],
    ['  JavaScript:alert(1)', false],
    ['file:///C:/Windows/System32/calc.exe', false],
    ['\\\\evil.example\\share\\x', false],
    ['ms-msdt:/id PCWDiagnostic', false],
    ['search-ms:query=x', false],
  ])('a link to %s is %s to keep', (uri, safe) => {
    expect(isSafeUri(uri)).toBe(safe);
  });
});

describe.each(DATABASES)('the upload route and the staff download on %s', (db) => {
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

  it.each([
    ['JavaScript', javascriptPdf, ['/JavaScript', '/JS', '/OpenAction', '/AA', '/EmbeddedFiles']],
    ['Launch', launchPdf, ['/Launch', '/OpenAction']],
  ])('a %s file is accepted, and the file staff download has none of it', async (_label, make, forbidden) => {
    const body = await multipartBody(make(), 'notes.pdf');
    const res = await app.inject({
      method: 'POST',
      url: '/api/pdf/upload',
      headers: { ...customer.headers, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().pdfInfo).toMatchObject({ pageCount: 2, activeContentRemoved: true });
    const file = res.json().file as { id: string; path: string };
    const order = await createPaidOrder(app, customer.record.id, {
      fileId: file.id,
      filePath: file.path,
      pageCount: 2,
    });
    const clerk = await createStaff(app);
    const download = await app.inject({ method: 'GET', url: `/api/orders/${order.id}/file`, headers: clerk.headers });
    expect(download.statusCode).toBe(200);
    const names = qpdfView(download.rawPayload).names;
    for (const name of forbidden) expect(names.has(name), name).toBe(false);
    expect(pageTexts(download.rawPayload)).toEqual(['Page 1', 'Page 2']);
    // The customer's own copy is the same clean file: nothing active is kept anywhere.
    const own = await app.inject({ method: 'GET', url: `/api/pdf/${file.id}/file`, headers: customer.headers });
    expect(own.rawPayload.equals(download.rawPayload)).toBe(true);
  });
});
