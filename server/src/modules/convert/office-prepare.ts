import fs from 'node:fs';
import { FORMAT_MESSAGES, IMAGE_SIZE_MESSAGES } from '@shop/shared/files/formats';
import { ConvertError } from './convert-error.ts';
import { checkJpegSize, imageSize, jpegInfo, pngInfo } from './images.ts';
import {
  linkTotal,
  neutraliseDocFields,
  noLinks,
  stripOutsideLinks,
  UnsafeXmlError,
  type LinkCounts,
} from './office-links.ts';
import {
  inflateEntry,
  MAX_ZIP_ENTRIES,
  rawEntryBytes,
  readZipEntries,
  writeZip,
  ZipBudgetError,
  type ZipWriteEntry,
} from './zip.ts';

/**
 * An office file made ready for LibreOffice (docs/decisions/030 and 031), in the PDF worker
 * (never on the server's main thread): every zip entry inflated under one byte budget (the bytes counted, not the
 * sizes the zip declares), the overall ratio checked, pictures inside checked by their headers, and every link to
 * outside the file taken out (office-links.ts). A Word 97-2003 file has its linking fields neutralised in place.
 */

/**
 * Everything a document may hold once inflated. A 300-page thesis is 5-10 MB of XML, slides with photos about their
 * file size; a spreadsheet that unpacks past this is thousands of pages LibreOffice would not finish within its time
 * limit anyway. It also bounds what the check itself holds in memory (decision 031).
 */
export const MAX_INFLATED_BYTES = 64 * 1024 * 1024;
/**
 * Inflated / received: real documents measured 2 (slides with photos) to 55 (a generated report repeating one
 * paragraph); a zip bomb is in the thousands. A file may unpack to this many times its size, and always to 16 MB,
 * counted as it is inflated: a bomb is stopped at that point, not at the end.
 */
export const MAX_RATIO = 100;
const RATIO_FLOOR_BYTES = 16 * 1024 * 1024;

/**
 * Words whose absence means a part holds nothing office-links.ts would take out (XML names are case-sensitive and
 * cannot be written as entities): such a part is passed on without being turned into text, so a large sheet costs
 * no more than its inflated bytes.
 */
const LINK_NEEDLES = [
  'TargetMode',
  'href',
  'src',
  'instr',
  'formula',
  'condition',
  '<f',
  ':f>',
  'definedName',
  'altChunk',
  'webPr',
  'textPr',
  'dbPr',
  '<!',
  'encoding',
  '&#',
].map((n) => Buffer.from(n, 'latin1'));
const mayLinkOut = (b: Buffer) => LINK_NEEDLES.some((n) => b.includes(n));
/** Documents inside documents (an Excel chart's workbook inside a DOCX): checked and cleaned too, this deep. */
const MAX_NESTING = 2;
/** A picture LibreOffice would decode, refused past this many pixels (the same as a JPEG photo). */
const MAX_PICTURE_PIXELS = 50_000_000;
/**
 * All pictures together: LibreOffice decodes and resamples each one for the PDF (measured here: nine 40-megapixel
 * pictures in a 1.5 MB DOCX kept it busy for 80 s). Within the 10 MB upload limit real documents hold a handful of
 * phone photos (12 megapixels each) or a few dozen screenshots: far below this.
 */
const MAX_TOTAL_PICTURE_PIXELS = 150_000_000;

const bombMessage = () => FORMAT_MESSAGES.zipBomb;

export interface PreparedOffice {
  /** The file LibreOffice gets: the cleaned copy, or the input when nothing needed taking out. */
  path: string;
  links: LinkCounts;
  inflatedBytes: number;
  /** Pixels of all the pictures inside (PNG and JPEG). */
  picturePixels: number;
}

interface Budget {
  left: number;
  used: number;
  pixels: number;
}

/** Looks like markup: XML, VML, SVG, HTML (optionally after a BOM and white space). */
function markupKind(b: Buffer): 'ascii' | 'wide' | null {
  let i = 0;
  if (b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf) i = 3;
  if (
    (b[0] === 0xff && b[1] === 0xfe) ||
    (b[0] === 0xfe && b[1] === 0xff) ||
    (b[0] === 0x3c && b[1] === 0x00) ||
    (b[0] === 0x00 && b[1] === 0x3c)
  )
    return 'wide';
  while (i < b.length && i < 64 && (b[i] === 0x20 || b[i] === 0x09 || b[i] === 0x0a || b[i] === 0x0d)) i++;
  return b[i] === 0x3c ? 'ascii' : null;
}

/** A picture inside the document that LibreOffice would decode at a size no print needs, or too many of them. */
function checkPicture(b: Buffer, budget: Budget) {
  if (b.length >= 33 && b[0] === 0x89 && b.toString('latin1', 1, 4) === 'PNG') {
    let info;
    try {
      info = pngInfo(b);
    } catch {
      return; // LibreOffice judges a damaged picture itself (it leaves it out)
    }
    if (info.width * info.height > MAX_PICTURE_PIXELS)
      throw new ConvertError('image_too_large', IMAGE_SIZE_MESSAGES.pictureInDocumentTooLarge(imageSize(info)));
    budget.pixels += info.width * info.height;
  } else if (b.length > 4 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) {
    let info;
    try {
      info = jpegInfo(b);
    } catch {
      return;
    }
    try {
      checkJpegSize(info);
    } catch {
      throw new ConvertError('image_too_large', IMAGE_SIZE_MESSAGES.pictureInDocumentTooLarge(imageSize(info)));
    }
    budget.pixels += info.width * info.height;
  }
  if (budget.pixels > MAX_TOTAL_PICTURE_PIXELS)
    throw new ConvertError('image_too_large', FORMAT_MESSAGES.tooManyPictures);
}

/** The zip `buf` checked against the budget and cleaned; null when nothing in it changed. */
function cleanZip(buf: Buffer, budget: Budget, links: LinkCounts, depth: number): Buffer | null {
  const entries = readZipEntries(buf);
  if (!entries) throw new ConvertError('convert_broken', FORMAT_MESSAGES.broken);
  if (entries.length > MAX_ZIP_ENTRIES) throw new ConvertError('convert_too_large', bombMessage());
  let changed = false;
  const out: ZipWriteEntry[] = [];
  for (const entry of entries) {
    if (entry.name.endsWith('/') && entry.compressedSize === 0) continue;
    let data: Buffer | null;
    try {
      data = inflateEntry(buf, entry, budget.left);
    } catch (err) {
      if (err instanceof ZipBudgetError) throw new ConvertError('convert_too_large', bombMessage());
      throw err;
    }
    const raw = rawEntryBytes(buf, entry);
    if (!data || !raw || (entry.method !== 0 && entry.method !== 8))
      throw new ConvertError('convert_broken', FORMAT_MESSAGES.broken);
    budget.left -= data.length;
    budget.used += data.length;
    let replaced: Buffer | null = null;
    const kind = markupKind(data);
    if (kind === 'wide') throw new ConvertError('convert_broken', FORMAT_MESSAGES.broken);
    if (kind === 'ascii' && mayLinkOut(data)) {
      const before = linkTotal(links);
      let text: string;
      try {
        text = stripOutsideLinks(data.toString('latin1'), links);
      } catch (err) {
        if (err instanceof UnsafeXmlError) throw new ConvertError('convert_broken', FORMAT_MESSAGES.broken);
        throw err;
      }
      // Whatever the scanner could not parse must not carry an external relationship through.
      if (/\bTargetMode\s*=\s*["'](?!Internal["'])/.test(text))
        throw new ConvertError('convert_broken', FORMAT_MESSAGES.broken);
      if (linkTotal(links) > before) replaced = Buffer.from(text, 'latin1');
    } else if (data.length >= 4 && data.readUInt32LE(0) === 0x04034b50) {
      if (depth >= MAX_NESTING) throw new ConvertError('convert_too_large', bombMessage());
      replaced = cleanZip(data, budget, links, depth + 1);
    } else if (data.length >= 8 && data.readUInt32BE(0) === 0xd0cf11e0) {
      const copy = Buffer.from(data);
      if (neutraliseDocFields(copy) > 0) {
        links.fields++;
        replaced = copy;
      }
    } else checkPicture(data, budget);
    const method = entry.method === 0 ? 0 : 8;
    if (replaced) {
      changed = true;
      out.push({ name: entry.name, data: replaced, method });
    } else
      out.push({
        name: entry.name,
        data: Buffer.alloc(0),
        method,
        raw: { bytes: raw, crc: entry.crc, size: data.length },
      });
  }
  return changed ? writeZip(out) : null;
}

/**
 * The office file at `path` (detected as `format`) checked and, when it links outside itself, cleaned into `outPath`.
 * Throws a ConvertError the customer can act on: too large once unpacked, a picture too large, unreadable.
 */
export function prepareOfficeFile(
  path: string,
  outPath: string,
  format: 'docx' | 'pptx' | 'xlsx' | 'odt' | 'doc',
): PreparedOffice {
  const buf = fs.readFileSync(path);
  const links = noLinks();
  if (format === 'doc') {
    const copy = Buffer.from(buf);
    if (neutraliseDocFields(copy) === 0) return { path, links, inflatedBytes: buf.length, picturePixels: 0 };
    links.fields++;
    fs.writeFileSync(outPath, copy);
    return { path: outPath, links, inflatedBytes: buf.length, picturePixels: 0 };
  }
  const budget: Budget = {
    left: Math.min(MAX_INFLATED_BYTES, Math.max(RATIO_FLOOR_BYTES, MAX_RATIO * buf.length)),
    used: 0,
    pixels: 0,
  };
  const cleaned = cleanZip(buf, budget, links, 0);
  if (!cleaned) return { path, links, inflatedBytes: budget.used, picturePixels: budget.pixels };
  fs.writeFileSync(outPath, cleaned);
  return { path: outPath, links, inflatedBytes: budget.used, picturePixels: budget.pixels };
}
