import fs from 'node:fs/promises';
import type { DocumentFormat } from '@shop/shared/files/formats';
import { isEncryptedOpenDocument, isEncryptedWordDoc, oleEntryNames } from './encrypted.ts';
import { inflateEntry, readZipEntries, type ZipEntry } from './zip.ts';

/** The first bytes of each kind of file the shop takes: checked while the upload streams in. */
export const ACCEPTED_MAGICS = [
  Buffer.from('%PDF-', 'latin1'),
  Buffer.from([0xff, 0xd8, 0xff]),
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from([0x50, 0x4b, 0x03, 0x04]),
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
];

/** `broken`: the start of an office file (a zip) whose contents cannot be read, e.g. cut short in the download. */
export type Detected = DocumentFormat | 'encrypted_office' | 'broken' | 'unknown';

/**
 * The LibreOffice import filter for each office format the shop takes (`--infilter=`): LibreOffice then reads the
 * file as what the shop recognised, never as whatever its own type detection makes of crafted bytes.
 */
export const INFILTERS = {
  docx: 'MS Word 2007 XML',
  doc: 'MS Word 97',
  odt: 'writer8',
  pptx: 'Impress MS PowerPoint 2007 XML',
  xlsx: 'Calc MS Excel 2007 XML',
} as const satisfies Record<Exclude<DocumentFormat, 'pdf' | 'jpeg' | 'png'>, string>;

/**
 * The main part's content type of each Office Open XML format the shop takes (`[Content_Types].xml`, for the part
 * `_rels/.rels` names as the officeDocument): documents, their macro-enabled forms (LibreOffice never runs the
 * macros), and PowerPoint shows. Templates and other parts are not documents to print.
 */
const OOXML_MAIN: Record<string, 'docx' | 'pptx' | 'xlsx'> = {
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml': 'docx',
  'application/vnd.ms-word.document.macroEnabled.main+xml': 'docx',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml': 'pptx',
  'application/vnd.ms-powerpoint.presentation.macroEnabled.main+xml': 'pptx',
  'application/vnd.openxmlformats-officedocument.presentationml.slideshow.main+xml': 'pptx',
  'application/vnd.ms-powerpoint.slideshow.macroEnabled.main+xml': 'pptx',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml': 'xlsx',
  'application/vnd.ms-excel.sheet.macroEnabled.main+xml': 'xlsx',
};
const ODT_MIMETYPE = 'application/vnd.oasis.opendocument.text';
const SMALL_PART = 1024 * 1024;

const attr = (tag: string, name: string) =>
  new RegExp(`\\s${name}\\s*=\\s*("([^"]*)"|'([^']*)')`)
    .exec(tag)
    ?.slice(2)
    .find((v) => v !== undefined);

/** An entry's text (small parts only: the ones read here are a few hundred bytes in real files). */
function entryText(zip: Buffer, entries: ZipEntry[], name: string): string | null {
  const entry = entries.find((e) => e.name === name);
  if (!entry) return null;
  try {
    return inflateEntry(zip, entry, SMALL_PART)?.toString('utf8') ?? null;
  } catch {
    return null;
  }
}

/** Office Open XML: the officeDocument part named by `_rels/.rels`, judged by its content type. */
function ooxmlFormat(zip: Buffer, entries: ZipEntry[]): 'docx' | 'pptx' | 'xlsx' | 'unknown' | null {
  const types = entryText(zip, entries, '[Content_Types].xml');
  const rels = entryText(zip, entries, '_rels/.rels');
  if (types === null || rels === null) return null;
  const main = [...rels.matchAll(/<(?:\w+:)?Relationship\b[^>]*>/g)]
    .map((m) => m[0])
    .find(
      (t) => /\/officeDocument$/.test(attr(t, 'Type') ?? '') && (attr(t, 'TargetMode') ?? 'Internal') === 'Internal',
    );
  const target = main && attr(main, 'Target');
  if (!target) return 'unknown';
  const part = `/${target.replace(/^\/+/, '')}`;
  const tags = [...types.matchAll(/<(?:\w+:)?(Override|Default)\b[^>]*>/g)].map((m) => m[0]);
  const override = tags.find(
    (t) => /^<(?:\w+:)?Override/.test(t) && attr(t, 'PartName')?.toLowerCase() === part.toLowerCase(),
  );
  const extension = part.split('.').pop()?.toLowerCase();
  const byDefault = tags.find((t) => /^<(?:\w+:)?Default/.test(t) && attr(t, 'Extension')?.toLowerCase() === extension);
  const type = attr(override ?? byDefault ?? '', 'ContentType');
  return (type && OOXML_MAIN[type]) || 'unknown';
}

/** OpenDocument: the `mimetype` entry (first, stored) or else the manifest's root entry names the kind. */
function odfMimetype(zip: Buffer, entries: ZipEntry[]): string | null {
  const mimetype = entryText(zip, entries, 'mimetype');
  if (mimetype !== null) return mimetype.trim();
  const manifest = entryText(zip, entries, 'META-INF/manifest.xml');
  const root =
    manifest &&
    [...manifest.matchAll(/<(?:\w+:)?file-entry\b[^>]*>/g)]
      .map((m) => m[0])
      .find((t) => attr(t, 'manifest:full-path') === '/');
  return root ? (attr(root, 'manifest:media-type') ?? null) : null;
}

/**
 * What a received file is, by its content, never by its name (decision 030): PDF, JPEG, PNG; Office Open XML by
 * the content type of its main part (`[Content_Types].xml`); OpenDocument text by its `mimetype` (a spreadsheet or
 * presentation is not a text document); Word 97-2003 by the OLE2 container's `WordDocument` stream (an Excel or
 * PowerPoint 97-2003 file, or any other OLE2 file, is not one). An encrypted OOXML file is an OLE2 container with
 * EncryptionInfo and EncryptedPackage streams.
 */
export async function detectFormat(path: string): Promise<Detected> {
  const file = await fs.open(path, 'r');
  try {
    const { size } = await file.stat();
    const head = Buffer.alloc(Math.min(size, 8));
    await file.read(head, 0, head.length, 0);
    if (head.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf';
    if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
    if (head.subarray(0, 8).equals(ACCEPTED_MAGICS[2]!)) return 'png';
    if (head.subarray(0, 8).equals(ACCEPTED_MAGICS[4]!)) {
      const all = await file.readFile();
      const names = oleEntryNames(all);
      if (!names) return 'broken';
      if (names.includes('EncryptionInfo') && names.includes('EncryptedPackage')) return 'encrypted_office';
      if (!names.includes('WordDocument')) return 'unknown';
      return isEncryptedWordDoc(all) ? 'encrypted_office' : 'doc';
    }
    if (head.subarray(0, 4).equals(ACCEPTED_MAGICS[3]!)) {
      const all = await file.readFile();
      const entries = readZipEntries(all);
      if (!entries || entries.length === 0) return 'broken';
      const names = new Set(entries.map((e) => e.name));
      if (names.has('[Content_Types].xml')) return ooxmlFormat(all, entries) ?? 'broken';
      if (names.has('mimetype') || names.has('META-INF/manifest.xml')) {
        const mimetype = odfMimetype(all, entries);
        if (mimetype === null) return 'broken';
        if (mimetype !== ODT_MIMETYPE) return 'unknown';
        return isEncryptedOpenDocument(all, entries) ? 'encrypted_office' : 'odt';
      }
      return 'unknown';
    }
    return 'unknown';
  } finally {
    await file.close();
  }
}
