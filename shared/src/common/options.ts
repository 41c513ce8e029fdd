/** Option lists (the original API's values), with their display labels. One place for client and server. */

export const PRINTING_TYPES = ['color', 'bw', 'pvc'] as const;
export type PrintingType = (typeof PRINTING_TYPES)[number];
export const PRINTING_TYPE_LABELS: Record<PrintingType, string> = {
  color: 'Color',
  bw: 'Black & White',
  pvc: 'PVC Card',
};

export const PAPER_SIZES = ['a4', 'a3', 'legal', 'letter'] as const;
export type PaperSize = (typeof PAPER_SIZES)[number];
export const PAPER_SIZE_LABELS: Record<PaperSize, string> = { a4: 'A4', a3: 'A3', legal: 'Legal', letter: 'Letter' };
/** Display is case-insensitive; unknown values are upper-cased. */
export function paperSizeLabel(value: string): string {
  return PAPER_SIZE_LABELS[value.toLowerCase() as PaperSize] ?? value.toUpperCase();
}

export const PAPER_TYPES = ['white_70gsm', 'white_75gsm', 'bond_80gsm', 'bond_100gsm', 'photo_paper'] as const;
export type PaperType = (typeof PAPER_TYPES)[number];
export const PAPER_TYPE_LABELS: Record<PaperType, string> = {
  white_70gsm: 'White 70 GSM',
  white_75gsm: 'White 75 GSM',
  bond_80gsm: 'Bond 80 GSM',
  bond_100gsm: 'Bond 100 GSM',
  photo_paper: 'Photo Paper',
};
export function paperTypeLabel(value: string): string {
  if (value === 'photo') return PAPER_TYPE_LABELS.photo_paper;
  return PAPER_TYPE_LABELS[value as PaperType] ?? value;
}

export const SIDES = ['single', 'double'] as const;
export type Sides = (typeof SIDES)[number];
export const SIDES_LABELS: Record<Sides, string> = { single: 'Single-sided', double: 'Double-sided' };

export const ORIENTATIONS = ['portrait', 'landscape'] as const;
export type Orientation = (typeof ORIENTATIONS)[number];

export const CATEGORIES = ['color_printing', 'black_white_printing', 'pvc_card'] as const;
export type Category = (typeof CATEGORIES)[number];
export const CATEGORY_INFO: Record<Category, { name: string; description: string }> = {
  color_printing: {
    name: 'Color Printing',
    description: 'Vivid full-colour prints of your documents, photos and presentations.',
  },
  black_white_printing: {
    name: 'Black & White Printing',
    description: 'Crisp, economical black and white prints for notes, records and reports.',
  },
  pvc_card: {
    name: 'PVC Card Printing',
    description: 'Durable, water-resistant ID cards, badges and membership cards.',
  },
};
export function isCategory(value: string | undefined): value is Category {
  return !!value && (CATEGORIES as readonly string[]).includes(value);
}

export const DELIVERY_TYPES = ['delivery', 'pickup'] as const;
export type DeliveryType = (typeof DELIVERY_TYPES)[number];

export const BINDINGS = ['spiralBinding', 'paperBinding', 'transparentSheet', 'lamination'] as const;
export type Binding = (typeof BINDINGS)[number];
