/**
 * Paper for IPP: the PWG media name (PWG 5101.1) of the order's paper size, taken from the printer's own
 * media-supported list when it has one of that size (card printers name the CR80 card in their own way), else the
 * standard name. Also the page size of the ticket sheet, so it comes from the same tray.
 */
interface Size {
  /** Portrait width and height in millimetres. */
  mm: [number, number];
  pwg: string;
  points: [number, number];
}

const SIZES: Record<string, Size> = {
  a4: { mm: [210, 297], pwg: 'iso_a4_210x297mm', points: [595.28, 841.89] },
  a3: { mm: [297, 420], pwg: 'iso_a3_297x420mm', points: [841.89, 1190.55] },
  letter: { mm: [215.9, 279.4], pwg: 'na_letter_8.5x11in', points: [612, 792] },
  legal: { mm: [215.9, 355.6], pwg: 'na_legal_8.5x14in', points: [612, 1008] },
  // ISO/IEC 7810 ID-1, the size of a PVC ID card (CR80).
  card: { mm: [53.98, 85.6], pwg: 'iso_id-1_53.98x85.6mm', points: [153.01, 242.65] },
};

function sizeFor(paperSize: string, printingType: string): Size {
  if (printingType === 'pvc') return SIZES.card!;
  return SIZES[paperSize] ?? SIZES.a4!;
}

/** Width × height in mm of a PWG self-describing name (`iso_a4_210x297mm`, `na_letter_8.5x11in`), or null. */
export function pwgDimensions(name: string): [number, number] | null {
  const m = /_(\d+(?:\.\d+)?)x(\d+(?:\.\d+)?)(mm|in)$/.exec(name);
  if (!m) return null;
  const k = m[3] === 'in' ? 25.4 : 1;
  const mm = (v: string) => Math.round(Number(v) * k * 100) / 100;
  return [mm(m[1]!), mm(m[2]!)];
}

const TOLERANCE_MM = 1.5;

/** The media name to send for this order's paper on this printer. */
export function mediaFor(paperSize: string, printingType: string, supported: string[]): string {
  const want = sizeFor(paperSize, printingType);
  const [w, h] = want.mm;
  if (supported.includes(want.pwg)) return want.pwg;
  const match = supported.find((name) => {
    const d = pwgDimensions(name);
    if (!d) return false;
    const [a, b] = [Math.min(...d), Math.max(...d)];
    return Math.abs(a - w) <= TOLERANCE_MM && Math.abs(b - h) <= TOLERANCE_MM;
  });
  return match ?? want.pwg;
}

/** Whether the printer reported its media and none of them is this paper. */
export function lacksMedia(paperSize: string, printingType: string, supported: string[]): boolean {
  if (supported.length === 0) return false;
  const chosen = mediaFor(paperSize, printingType, supported);
  return !supported.includes(chosen);
}

/** The ticket's page size in points (portrait). */
export function ticketPageSize(paperSize: string): [number, number] {
  return (SIZES[paperSize] ?? SIZES.a4!).points;
}
