import { UPLOAD_MESSAGES } from '@shop/shared/files/schemas';
import { PdfError } from '../pdf-errors.ts';

/**
 * What making one print copy may cost: objects looked at, and bytes of page content read and rewritten. A real
 * document needs a small part of either; a file built to make the work endless is refused as too complex (and the
 * PDF worker's time and memory limits hold around all of it, decision 010).
 */
export class PrintCopyBudget {
  private nodes: number;
  private contentBytes: number;

  constructor(opts: { nodes?: number; contentBytes?: number } = {}) {
    this.nodes = opts.nodes ?? 2_000_000;
    this.contentBytes = opts.contentBytes ?? MAX_CONTENT_BYTES_TOTAL;
  }

  spend(n = 1) {
    this.nodes -= n;
    if (this.nodes < 0) throw tooComplex();
  }

  /** A content stream of `bytes` (decoded) is about to be read. */
  read(bytes: number) {
    if (bytes > MAX_CONTENT_BYTES_STREAM) throw tooComplex();
    this.contentBytes -= bytes;
    if (this.contentBytes < 0) throw tooComplex();
  }
}

/**
 * One content stream, decoded, when its layers must be rewritten: documents with layers (plans, maps, brochures) run
 * to a few MB a page; more is refused. The rewrite holds the stream and at most twice it again outside mupdf's capped
 * heap (a JavaScript copy), so this bounds what it adds to a worker's memory: about 50 MB.
 */
export const MAX_CONTENT_BYTES_STREAM = 16 * 1024 * 1024;
/** Every content stream of one file that has to be rewritten, decoded. */
export const MAX_CONTENT_BYTES_TOTAL = 160 * 1024 * 1024;

export const tooComplex = () => new PdfError('pdf_too_complex', UPLOAD_MESSAGES.tooComplex);
