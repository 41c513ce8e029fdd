import type { PageSizeInfo } from '@shop/shared/files/schemas';
import { boxAt, rotateAt, type Box, type Inherited } from './page-tree.ts';
import type { PdfNames, Ptr } from './pdf-names.ts';

/** Paper sizes in points (portrait), matched within a tolerance that absorbs mm→pt rounding by generators. */
const NAMED_SIZES: Array<{ size: string; w: number; h: number }> = [
  { size: 'a4', w: 595.28, h: 841.89 },
  { size: 'a3', w: 841.89, h: 1190.55 },
  { size: 'letter', w: 612, h: 792 },
  { size: 'legal', w: 612, h: 1008 },
];
const SIZE_TOLERANCE_PT = 6;
/** mupdf's own default for a page without a usable MediaBox. */
const US_LETTER: Box = [0, 0, 612, 792];

export function namePaperSize(width: number, height: number): string {
  const short = Math.min(width, height);
  const long = Math.max(width, height);
  for (const s of NAMED_SIZES) {
    if (Math.abs(short - s.w) <= SIZE_TOLERANCE_PT && Math.abs(long - s.h) <= SIZE_TOLERANCE_PT) return s.size;
  }
  return 'custom';
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * The visible page (CropBox within MediaBox, as mupdf and poppler show it) in points as printed (/Rotate applied).
 * Each attribute is the page's own or the one it inherits along the tree; `dict` is the page's dictionary, resolved.
 */
export function pageSizeOf(dict: Ptr, inherited: Inherited, k: PdfNames): PageSizeInfo {
  const media = boxAt(dict, 'MediaBox', k) ?? inherited.mediaBox ?? US_LETTER;
  const crop = boxAt(dict, 'CropBox', k) ?? inherited.cropBox;
  let box = media;
  if (crop) {
    const clipped: Box = [
      Math.max(media[0], crop[0]),
      Math.max(media[1], crop[1]),
      Math.min(media[2], crop[2]),
      Math.min(media[3], crop[3]),
    ];
    if (clipped[2] > clipped[0] && clipped[3] > clipped[1]) box = clipped;
  }
  let w = box[2] - box[0];
  let h = box[3] - box[1];
  if (!(w > 0 && h > 0)) [w, h] = [US_LETTER[2], US_LETTER[3]];
  const degrees = rotateAt(dict, k) ?? inherited.rotate ?? 0;
  const rotate = (((Math.round(degrees / 90) * 90) % 360) + 360) % 360;
  if (rotate === 90 || rotate === 270) [w, h] = [h, w];
  return { width: round2(w), height: round2(h), size: namePaperSize(w, h) };
}
