import fsp from 'node:fs/promises';
import path from 'node:path';
import { FORMAT_MESSAGES, type DocumentFormat } from '@shop/shared/files/formats';
import { ConvertError } from './convert-error.ts';
import { detectFormat } from './detect.ts';
import { officeAvailable, officeToPdf } from './office.ts';

export { ACCEPTED_MAGICS } from './detect.ts';
export { ConvertError } from './convert-error.ts';
export { officeAvailable } from './office.ts';

export interface Converted {
  /** The PDF to read and keep (the received file itself when it was a PDF). */
  pdfPath: string;
  /** What it was made from; null for a PDF. */
  from: Exclude<DocumentFormat, 'pdf'> | null;
}

/**
 * Any file the shop takes as a PDF (issue 12, item 5; docs/decisions/017): by its content, a PDF as it is, a photo
 * made into a page, an office document through LibreOffice when the shop has it. The PDF is written next to the
 * received file (same temporary folder, removed with it).
 */
export async function toPdf(received: string, opts: { soffice: string; timeoutMs: number }): Promise<Converted> {
  const format = await detectFormat(received);
  const office = officeAvailable(opts.soffice);
  if (format === 'pdf') return { pdfPath: received, from: null };
  if (format === 'encrypted_office') throw new ConvertError('convert_password', FORMAT_MESSAGES.password);
  if (format === 'broken') throw office ? new ConvertError('convert_broken', FORMAT_MESSAGES.broken) : new ConvertError('invalid_file_type', FORMAT_MESSAGES.notAccepted(false));
  if (format === 'unknown') throw new ConvertError('invalid_file_type', FORMAT_MESSAGES.notAccepted(office));
  const out = path.join(path.dirname(received), 'converted.pdf');
  if (format === 'jpeg' || format === 'png') {
    // pdf-lib loads with the first photo, not at start (idle memory, decision 044).
    const { imageToPdf } = await import('./images.ts');
    await fsp.writeFile(out, await imageToPdf(await fsp.readFile(received), format));
    return { pdfPath: out, from: format };
  }
  if (!office) throw new ConvertError('invalid_file_type', FORMAT_MESSAGES.notAccepted(false));
  const made = await officeToPdf(received, opts.soffice, opts.timeoutMs);
  try {
    await fsp.rename(made, out);
  } catch {
    await fsp.copyFile(made, out);
  }
  await fsp.rm(path.dirname(made), { recursive: true, force: true });
  return { pdfPath: out, from: format };
}
