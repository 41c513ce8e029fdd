import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FORMAT_MESSAGES } from '@shop/shared/files/formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detectFormat } from '../../src/modules/convert/detect.ts';
import { inflateEntry, readZipEntries, writeZip } from '../../src/modules/convert/zip.ts';
import { createCustomer } from '../factories/index.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { uploadPdf } from '../quotas/helpers.ts';
import { makeDocx, makeOdt, makeOle, makePptx, makeXlsx, wordFib } from './crafted-office.ts';

/**
 * A file's kind is told by what it declares itself to be, not by a few entry names. Any zip with
 * `mimetype` and `content.xml` passed as ODT (an .ods spreadsheet went to Writer), any OLE2 file as DOC, any zip
 * with a `word/` entry as DOCX.
 */

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-detect-'));
let n = 0;
const detect = (bytes: Buffer) => {
  const p = path.join(tmp, `f${n++}`);
  fs.writeFileSync(p, bytes);
  return detectFormat(p);
};
/** `base` with entries added (the zip otherwise as it was). */
function withEntries(base: Buffer, extra: Record<string, string>): Buffer {
  const entries = readZipEntries(base)!.map((e) => ({
    name: e.name,
    data: inflateEntry(base, e, 1 << 20)!,
    method: 8 as const,
  }));
  return writeZip([
    ...entries,
    ...Object.entries(extra).map(([name, data]) => ({ name, data: Buffer.from(data), method: 8 as const })),
  ]);
}

describe('OpenDocument by its mimetype', () => {
  it('an OpenDocument text is odt, with or without its mimetype entry (the manifest says it)', async () => {
    expect(await detect(makeOdt())).toBe('odt');
    expect(await detect(makeOdt({ withMimetype: false }))).toBe('odt');
  });
  it('a spreadsheet, presentation or drawing is not a text document', async () => {
    for (const kind of ['spreadsheet', 'presentation', 'graphics', 'text-template']) {
      expect(await detect(makeOdt({ mimetype: `application/vnd.oasis.opendocument.${kind}` })), kind).toBe('unknown');
    }
  });
});

describe('Office Open XML by its main part’s content type', () => {
  it('a Word, PowerPoint and Excel file', async () => {
    expect(await detect(makeDocx())).toBe('docx');
    expect(await detect(makePptx())).toBe('pptx');
    expect(await detect(makeXlsx())).toBe('xlsx');
  });
  it('a spreadsheet carrying a word/ folder is still a spreadsheet', async () => {
    expect(await detect(withEntries(makeXlsx(), { 'word/document.xml': '<w:document/>' }))).toBe('xlsx');
  });
  it('a template, or a package whose main part is not a document, is not taken', async () => {
    expect(
      await detect(
        makeDocx({
          mainContentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.template.main+xml',
        }),
      ),
    ).toBe('unknown');
    expect(await detect(makeDocx({ mainContentType: 'application/xml' }))).toBe('unknown');
  });
});

describe('Word 97-2003 by its WordDocument stream', () => {
  it('a Word file is doc; one saved with a password is refused as such', async () => {
    expect(await detect(makeOle({ WordDocument: wordFib(), '1Table': Buffer.alloc(10) }))).toBe('doc');
    expect(await detect(makeOle({ WordDocument: wordFib(true), '1Table': Buffer.alloc(10) }))).toBe('encrypted_office');
  });
  it('Excel and PowerPoint 97-2003 files, and other OLE2 files, are not Word files', async () => {
    expect(await detect(makeOle({ Workbook: Buffer.alloc(10) }))).toBe('unknown');
    expect(await detect(makeOle({ 'PowerPoint Document': Buffer.alloc(10), 'Current User': Buffer.alloc(10) }))).toBe(
      'unknown',
    );
    expect(await detect(makeOle({ Contents: Buffer.alloc(10) }))).toBe('unknown');
  });
  it('an encrypted DOCX, XLSX or PPTX (EncryptionInfo and EncryptedPackage)', async () => {
    expect(await detect(makeOle({ EncryptionInfo: Buffer.alloc(10), EncryptedPackage: Buffer.alloc(10) }))).toBe(
      'encrypted_office',
    );
  });
  it('a file with the OLE2 signature and no readable directory is broken', async () => {
    expect(
      await detect(Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(600)])),
    ).toBe('broken');
  });
});

describe('uploads of office files that are not what they seem', () => {
  let app: TestApp;
  // A stand-in for LibreOffice: these files must be refused before any conversion.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-detect-soffice-'));
  const ran = path.join(dir, 'ran');
  beforeAll(async () => {
    fs.writeFileSync(path.join(dir, 'soffice'), `#!/bin/sh\ntouch ${ran}\nexit 1\n`, { mode: 0o755 });
    app = await createTestApp({ env: { SOFFICE_PATH: path.join(dir, 'soffice'), SOFFICE_SANDBOX: 'off' } });
  });
  afterAll(async () => {
    await app?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('an .ods named .odt, an .xls named .doc: told which formats the shop takes, nothing converted or kept', async () => {
    const c = await createCustomer(app);
    const cases: Array<[string, Buffer]> = [
      ['budget.odt', makeOdt({ mimetype: 'application/vnd.oasis.opendocument.spreadsheet' })],
      ['marks.doc', makeOle({ Workbook: Buffer.alloc(10) })],
      ['slides.doc', makeOle({ 'PowerPoint Document': Buffer.alloc(10) })],
    ];
    for (const [name, bytes] of cases) {
      const res = await uploadPdf(app, c.headers, bytes, name);
      expect(res.statusCode, name).toBe(400);
      expect(res.json(), name).toMatchObject({ code: 'invalid_file_type', message: FORMAT_MESSAGES.notAccepted(true) });
    }
    expect(fs.existsSync(ran)).toBe(false);
  });
});
