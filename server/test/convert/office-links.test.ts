import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FORMAT_MESSAGES, IMAGE_SIZE_MESSAGES } from '@shop/shared/files/formats';
import { describe, expect, it } from 'vitest';
import {
  isInsidePackage,
  neutraliseDocFields,
  noLinks,
  stripOutsideLinks,
} from '../../src/modules/convert/office-links.ts';
import { prepareOfficeFile } from '../../src/modules/convert/office-prepare.ts';
import { inflateEntry, readZipEntries, writeZip } from '../../src/modules/convert/zip.ts';
import { makePng, pngInflateBomb } from './crafted-images.ts';
import { makeDocx, makeOdt, makePptx, makeXlsx, zipBombDocx } from './crafted-office.ts';

/**
 * Decisions 030 and 031: what LibreOffice would fetch is taken out of an office file before it sees it, and a
 * file too large inside is refused, all before any conversion (office-prepare.ts, office-links.ts). The sandbox
 * that holds even when something slips through is tested in office-sandbox.test.ts.
 */

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-links-'));
let n = 0;
const write = (bytes: Buffer) => {
  const p = path.join(tmp, `f${n++}`);
  fs.writeFileSync(p, bytes);
  return p;
};
/** Every entry of a zip as text (the cleaned file as LibreOffice would read it). */
function zipText(file: string): string {
  const buf = fs.readFileSync(file);
  return readZipEntries(buf)!
    .map((e) => inflateEntry(buf, e, 64 * 1024 * 1024)!.toString('latin1'))
    .join('\n');
}
const OUTSIDE = [
  'file:///srv/shop/data/files/orders/7/other.pdf',
  'http://127.0.0.1:9/x.png',
  '/srv/shop/data/secret.png',
];

describe('links to outside the file are taken out of every office format', () => {
  it.each([
    ['docx', (t: string) => makeDocx({ linkedImage: t, includePicture: t, includeText: t })],
    ['odt', (t: string) => makeOdt({ linkedImage: t, linkedSection: t })],
    ['pptx', (t: string) => makePptx({ linkedImage: t })],
    ['xlsx', (t: string) => makeXlsx({ linkedImage: t, webservice: t, webQuery: t })],
  ] as const)('%s: file://, http://127.0.0.1 and an absolute path', (format, make) => {
    for (const target of OUTSIDE) {
      const file = write(make(target));
      const prepared = prepareOfficeFile(file, `${file}.clean`, format);
      expect(prepared.path).toBe(`${file}.clean`);
      const text = zipText(prepared.path);
      expect(text).not.toContain(target);
      expect(text).not.toContain('TargetMode="External"');
      // What the customer wrote is still there.
      expect(text).toContain('Hello from');
    }
  });

  it('leaves a file with nothing outside as it came (the very same file goes to LibreOffice)', () => {
    const file = write(makeDocx({ embeddedImage: makePng({ width: 20, height: 20 }) }));
    expect(prepareOfficeFile(file, `${file}.clean`, 'docx')).toMatchObject({ path: file, links: noLinks() });
  });

  it('keeps hyperlinks (a résumé’s e-mail and web links): LibreOffice never fetches them', () => {
    const counts = noLinks();
    const rels =
      '<Relationships><Relationship Id="h" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/hyperlink" Target="https://www.linkedin.com/in/sravani" TargetMode="External"/></Relationships>';
    expect(stripOutsideLinks(rels, counts)).toBe(rels);
    const odt = '<text:p><text:a xlink:type="simple" xlink:href="mailto:sravani@example.com">mail</text:a></text:p>';
    expect(stripOutsideLinks(odt, counts)).toBe(odt);
    expect(counts).toEqual(noLinks());
  });

  it('sees through entity references, other prefixes, single quotes and CDATA', () => {
    const counts = noLinks();
    const rels = `<Relationships xmlns="x"><Relationship Id="a" Target="file:///etc/x.png" TargetMode='Ex&#116;ernal'/><r:Relationship xmlns:r="x" Id="b" Target="y" TargetMode="&#x45;xternal"></r:Relationship><Relationship Id="c" Target="media/ok.png"/></Relationships>`;
    const out = stripOutsideLinks(rels, counts);
    expect(out).not.toContain('Id="a"');
    expect(out).not.toContain('Id="b"');
    expect(out).toContain('media/ok.png');
    expect(counts.relationships).toBe(2);
    const odf = `<x:image xmlns:x="d" q:href="&#102;ile:///etc/passwd" xmlns:q="http://www.w3.org/1999/xlink"/><draw:image xlink:href="Pictures/inside.png"/><v:imagedata src='../../outside.png'/><svg:image href="HTTP://10.0.0.1/"/>`;
    const cleaned = stripOutsideLinks(odf, counts);
    expect(cleaned).not.toMatch(/passwd|outside|10\.0\.0\.1|&#102;ile/);
    expect(cleaned).toContain('Pictures/inside.png');
    const field = '<w:r><w:instrText><![CDATA[ INCLUDEPICTURE "http://127.0.0.1/x.png" ]]></w:instrText></w:r>';
    expect(
      stripOutsideLinks(`<w:fldChar w:fldCharType="begin"/>${field}<w:fldChar w:fldCharType="end"/>`, counts),
    ).not.toContain('127.0.0.1');
  });

  it('empties a field whose instruction is split over several runs, and keeps its cached result', () => {
    const file = write(makeDocx({ includeText: 'file:///etc/hostname', splitField: true }));
    const text = zipText(prepareOfficeFile(file, `${file}.clean`, 'docx').path);
    expect(text).not.toContain('hostname');
    expect(text).not.toMatch(/INCLU/);
    expect(text).toContain('cached field result');
  });

  it('keeps formulas that stay inside, removes those that call out', () => {
    const counts = noLinks();
    const sheet =
      '<c r="A1"><f>SUM(B1:B9)</f><v>3</v></c><c r="A2"><f>WEB&#83;ERVICE("http://169.254.169.254/")</f><v>0</v></c><table:table-cell table:formula="of:=WEBSERVICE(&quot;http://x/&quot;)"/>';
    const out = stripOutsideLinks(sheet, counts);
    expect(out).toContain('SUM(B1:B9)');
    expect(out).not.toContain('169.254');
    expect(out).not.toContain('http://x/');
    expect(out).toContain('<v>0</v>');
    expect(counts.formulas).toBe(2);
  });

  it('refuses a part that declares entities or an encoding that is not ASCII-compatible', () => {
    const docx = (xml: string) => write(craftedDocxWithDocument(xml));
    for (const xml of [
      '<!DOCTYPE w [<!ENTITY e "External">]><w:document/>',
      '<?xml version="1.0" encoding="UTF-7"?><w:document/>',
    ]) {
      const file = docx(xml);
      expect(() => prepareOfficeFile(file, `${file}.clean`, 'docx')).toThrow(FORMAT_MESSAGES.broken);
    }
  });

  it('decides what stays inside the package', () => {
    for (const inside of ['media/image1.png', './Object 1', 'Pictures/a b.png', '#bookmark', ''])
      expect(isInsidePackage(inside), inside).toBe(true);
    for (const outside of [
      'file:///x',
      'http://a/',
      '/etc/passwd',
      '../x.png',
      'a/../../x',
      'C:\\x.png',
      '\\\\server\\share\\x.png',
      'vnd.sun.star.pkg://x',
      ' https://x',
    ]) {
      expect(isInsidePackage(outside), outside).toBe(false);
    }
  });

  it('neutralises the linking fields of a Word 97-2003 file in place, 8-bit and UTF-16', () => {
    const doc = Buffer.concat([
      Buffer.from('\x13 INCLUDEPICTURE "C:\\\\x.png" \x14\x15 \x13 PAGE \x14', 'latin1'),
      Buffer.from('\x13 INCLUDETEXT "/etc/x"', 'utf16le'),
    ]);
    const before = doc.length;
    expect(neutraliseDocFields(doc)).toBe(2);
    expect(doc.length).toBe(before);
    expect(doc.toString('latin1')).not.toContain('INCLUDEPICTURE');
    expect(doc.toString('utf16le')).not.toContain('INCLUDETEXT');
    expect(doc.toString('latin1')).toContain('PAGE');
  });
});

/** A DOCX whose document part is `xml`, as it is. */
function craftedDocxWithDocument(xml: string): Buffer {
  const base = makeDocx();
  const entries = readZipEntries(base)!;
  const parts = entries.map((e) => ({
    name: e.name,
    data: e.name === 'word/document.xml' ? Buffer.from(xml, 'latin1') : inflateEntry(base, e, 1 << 20)!,
    method: 8 as const,
  }));
  return writeZip(parts);
}

describe('office files too large inside are refused before LibreOffice (decision 031)', () => {
  it('a zip bomb: refused by the bytes it inflates to, whatever it declares', () => {
    const bomb = zipBombDocx({ bytesEach: 100 * 1024 * 1024, entries: 3 });
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const file = write(bomb);
    expect(() => prepareOfficeFile(file, `${file}.clean`, 'docx')).toThrow(FORMAT_MESSAGES.zipBomb);
  });

  it('a file that unpacks to a thousand times its size: refused by the ratio', () => {
    const file = write(makeDocx({ padding: { bytes: 40 * 1024 * 1024 } }));
    expect(() => prepareOfficeFile(file, `${file}.clean`, 'docx')).toThrow(FORMAT_MESSAGES.zipBomb);
  });

  it('a small file that compresses very well passes (the ratio is judged past 16 MB unpacked)', () => {
    const file = write(makeDocx({ padding: { bytes: 2 * 1024 * 1024 } }));
    expect(prepareOfficeFile(file, `${file}.clean`, 'docx').inflatedBytes).toBeGreaterThan(2 * 1024 * 1024);
  });

  it('a picture inside too large to print, and pictures adding up to too many pixels', () => {
    const huge = write(
      makeDocx({ embeddedImage: pngInflateBomb({ width: 20_000, height: 20_000, inflatesTo: 64 * 1024 * 1024 }) }),
    );
    expect(() => prepareOfficeFile(huge, `${huge}.clean`, 'docx')).toThrow(
      IMAGE_SIZE_MESSAGES.pictureInDocumentTooLarge('20000 × 20000 px, 400 MP'),
    );
    const forty = pngInflateBomb({ width: 8000, height: 5000, inflatesTo: 64 * 1024 * 1024 });
    const many = write(makeDocx({ embeddedImages: [forty, forty, forty, forty] }));
    expect(() => prepareOfficeFile(many, `${many}.clean`, 'docx')).toThrow(FORMAT_MESSAGES.tooManyPictures);
  });
});
