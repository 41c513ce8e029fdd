import fsp from 'node:fs/promises';
import path from 'node:path';
import { FORMAT_MESSAGES, type DocumentFormat } from '@shop/shared/files/formats';
import { ConvertError } from './convert-error.ts';
import { detectFormat } from './detect.ts';
import { linkTotal, type LinkCounts } from './office-links.ts';
import type { PreparedOffice } from './office-prepare.ts';
import { officeAvailable, officeToPdf, type OfficeOptions } from './office.ts';
import type { RunConvertJob } from './worker-jobs.ts';

export { ACCEPTED_MAGICS } from './detect.ts';
export { ConvertError } from './convert-error.ts';
export { ConversionAbandoned, officeAvailable } from './office.ts';

export interface Converted {
  /** The PDF to read and keep (the received file itself when it was a PDF). */
  pdfPath: string;
  /** What it was made from; null for a PDF. */
  from: Exclude<DocumentFormat, 'pdf'> | null;
  /** Links to outside the file taken out before conversion (office files), by kind. */
  linksRemoved?: LinkCounts;
}

export interface ConvertOptions extends OfficeOptions {
  /** Whose file it is: the worker pool and LibreOffice serve customers in turn (decisions 010 and 031). */
  owner: string;
  /** Aborted when the customer abandons the upload: a waiting or running conversion is stopped. */
  signal?: AbortSignal;
  /** Runs the photo and office jobs (worker-jobs.ts) in the PDF worker pool, in the owner's turn (pdf's runConvertJob). */
  runJob: RunConvertJob;
}

/** A photo made into a page: milliseconds for real photos; a PNG that refuses to end is stopped here. */
const IMAGE_TIME_LIMIT_MS = 20_000;
/** An office file's check and clean-up (inflating at most 160 MB). */
const OFFICE_CHECK_TIME_LIMIT_MS = 20_000;

/** A document this large inside converts at a lower CPU priority (office.ts): a résumé is a few hundred KB. */
const BIG_INFLATED_BYTES = 8 * 1024 * 1024;
const BIG_PICTURE_PIXELS = 24_000_000;

/**
 * Any file the shop takes as a PDF (docs/decisions/017, 030, 031): by its content, a PDF as it is, a photo made into a
 * page in the worker pool, an office document checked and cleaned in the worker pool and then converted by LibreOffice
 * in its sandbox. The PDF is written next to the received file (same temporary folder, removed with it).
 */
export async function toPdf(received: string, opts: ConvertOptions): Promise<Converted> {
  const format = await detectFormat(received);
  const office = officeAvailable(opts.soffice, opts.sandbox);
  if (format === 'pdf') return { pdfPath: received, from: null };
  if (format === 'encrypted_office') throw new ConvertError('convert_password', FORMAT_MESSAGES.password);
  if (format === 'broken')
    throw office
      ? new ConvertError('convert_broken', FORMAT_MESSAGES.broken)
      : new ConvertError('invalid_file_type', FORMAT_MESSAGES.notAccepted(false));
  if (format === 'unknown') throw new ConvertError('invalid_file_type', FORMAT_MESSAGES.notAccepted(office));
  const dir = path.dirname(received);
  const out = path.join(dir, 'converted.pdf');
  if (format === 'jpeg' || format === 'png') {
    await opts.runJob({ op: 'image', path: received, outPath: out, kind: format }, IMAGE_TIME_LIMIT_MS);
    return { pdfPath: out, from: format };
  }
  if (!office) throw new ConvertError('invalid_file_type', FORMAT_MESSAGES.notAccepted(false));
  const prepared = await opts.runJob<PreparedOffice>(
    { op: 'office', path: received, outPath: path.join(dir, 'cleaned'), format },
    OFFICE_CHECK_TIME_LIMIT_MS,
  );
  const big = prepared.inflatedBytes > BIG_INFLATED_BYTES || prepared.picturePixels > BIG_PICTURE_PIXELS;
  const made = await officeToPdf(prepared.path, format, opts.owner, { ...opts, big });
  try {
    await fsp.rename(made, out);
  } catch {
    await fsp.copyFile(made, out);
  }
  await fsp.rm(path.dirname(path.dirname(made)), { recursive: true, force: true });
  return { pdfPath: out, from: format, ...(linkTotal(prepared.links) > 0 ? { linksRemoved: prepared.links } : {}) };
}
