import fsp from 'node:fs/promises';
import path from 'node:path';
import { FORMAT_MESSAGES, type DocumentFormat } from '@shop/shared/files/formats';
import { UPLOAD_MESSAGES } from '@shop/shared/files/schemas';
import { PdfError } from '../pdf/pdf-errors.ts';
import { PdfBusyError, runConvertJob } from '../pdf/pdf-reader.ts';
import { ConvertError } from './convert-error.ts';
import { detectFormat } from './detect.ts';
import { linkTotal, type LinkCounts } from './office-links.ts';
import type { PreparedOffice } from './office-prepare.ts';
import { officeAvailable, officeToPdf, type OfficeOptions } from './office.ts';

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
}

/** A photo made into a page: milliseconds for real photos; a PNG that refuses to end is stopped here. */
const IMAGE_TIME_LIMIT_MS = 20_000;
/** An office file's check and clean-up (inflating at most 160 MB). */
const OFFICE_CHECK_TIME_LIMIT_MS = 20_000;

/** A document this large inside converts at a lower CPU priority (office.ts): a résumé is a few hundred KB. */
const BIG_INFLATED_BYTES = 8 * 1024 * 1024;
const BIG_PICTURE_PIXELS = 24_000_000;

/** The worker pool's refusals, in a photo's or a document's words. */
function workerError(err: unknown, kind: 'image' | 'office'): unknown {
  if (err instanceof PdfBusyError)
    return new ConvertError(
      'convert_busy',
      err.scope === 'owner' ? UPLOAD_MESSAGES.busyCustomer : FORMAT_MESSAGES.busy,
      err.scope === 'owner' ? 429 : 503,
    );
  if (!(err instanceof PdfError)) return err;
  const code = err.code as string;
  if (code.startsWith('convert_') || code === 'image_too_large' || code === 'invalid_file_type')
    return new ConvertError(code as ConvertError['code'], err.message);
  // Past the worker's heap cap or its time limit.
  if (code === 'pdf_too_complex' || code === 'pdf_too_slow') {
    return kind === 'image'
      ? new ConvertError('image_too_large', FORMAT_MESSAGES.imageTooLarge)
      : new ConvertError('convert_too_large', FORMAT_MESSAGES.zipBomb);
  }
  return kind === 'image'
    ? new ConvertError('convert_broken', FORMAT_MESSAGES.brokenImage)
    : new ConvertError('convert_broken', FORMAT_MESSAGES.broken);
}

/**
 * Any file the shop takes as a PDF (issue 12, item 5; issue 19; docs/decisions/017, 030, 031): by its content, a PDF
 * as it is, a photo made into a page in the worker pool, an office document checked and cleaned in the worker pool
 * and then converted by LibreOffice in its sandbox. The PDF is written next to the received file (same temporary
 * folder, removed with it).
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
    try {
      await runConvertJob(opts.owner, { op: 'image', path: received, outPath: out, kind: format }, IMAGE_TIME_LIMIT_MS);
    } catch (err) {
      throw workerError(err, 'image');
    }
    return { pdfPath: out, from: format };
  }
  if (!office) throw new ConvertError('invalid_file_type', FORMAT_MESSAGES.notAccepted(false));
  let prepared: PreparedOffice;
  try {
    prepared = await runConvertJob<PreparedOffice>(
      opts.owner,
      { op: 'office', path: received, outPath: path.join(dir, 'cleaned'), format },
      OFFICE_CHECK_TIME_LIMIT_MS,
    );
  } catch (err) {
    throw workerError(err, 'office');
  }
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
