import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { paperTypes, services } from '../../db/schema/index.ts';

type NewService = Omit<typeof services.$inferInsert, 'price'>;

/** Demo catalogue for a fresh shop: realistic Guntur prices, in paise. */
export const DEMO_SERVICES: NewService[] = [
  {
    name: 'Color Printing A4',
    description:
      'Bright full-colour laser prints on A4 paper, ideal for project reports, certificates and presentations.',
    priceSingleSide: 1000,
    priceDoubleSide: 1800,
    printingType: 'color',
    paperSize: 'a4',
    paperType: 'white_75gsm',
    category: 'color_printing',
    imageUrl: '/images/services/color-a4.svg',
  },
  {
    name: 'Color Printing A3 Poster',
    description: 'Large A3 colour prints on thick bond paper for charts, posters and architectural drawings.',
    priceSingleSide: 3000,
    priceDoubleSide: 5500,
    printingType: 'color',
    paperSize: 'a3',
    paperType: 'bond_100gsm',
    category: 'color_printing',
    imageUrl: '/images/services/color-a3.svg',
  },
  {
    name: 'Black & White Printing A4',
    description: 'Sharp, economical black and white prints on A4 for notes, assignments, records and forms.',
    priceSingleSide: 200,
    priceDoubleSide: 300,
    printingType: 'bw',
    paperSize: 'a4',
    paperType: 'white_70gsm',
    category: 'black_white_printing',
    imageUrl: '/images/services/bw-a4.svg',
  },
  {
    // The colour A4 service's own paper: a document with a few colour pages prints the rest here, on the same
    // sheets (mixed colour, decision 016), so the demo shop shows its headline feature from the first start.
    name: 'Black & White Printing A4 75 GSM',
    description:
      'Black and white A4 on the 75 GSM paper of our colour prints: the other pages of a document with a few colour pages.',
    priceSingleSide: 250,
    priceDoubleSide: 400,
    printingType: 'bw',
    paperSize: 'a4',
    paperType: 'white_75gsm',
    category: 'black_white_printing',
    imageUrl: '/images/services/bw-a4.svg',
  },
  {
    name: 'Black & White Legal Bond',
    description:
      'Legal-size black and white prints on 80 GSM bond paper for agreements, affidavits and court documents.',
    priceSingleSide: 400,
    priceDoubleSide: 700,
    printingType: 'bw',
    paperSize: 'legal',
    paperType: 'bond_80gsm',
    category: 'black_white_printing',
    imageUrl: '/images/services/bw-legal.svg',
  },
  {
    name: 'PVC ID Card',
    description: 'Durable, water-resistant PVC ID cards for schools, offices and events, printed in full colour.',
    priceSingleSide: 6000,
    priceDoubleSide: 10000,
    printingType: 'pvc',
    paperSize: 'a4',
    paperType: 'photo_paper',
    category: 'pvc_card',
    imageUrl: '/images/services/pvc-id.svg',
  },
  {
    name: 'PVC Membership Card',
    description: 'Premium glossy PVC membership and loyalty cards with a high-quality finish that lasts.',
    priceSingleSide: 8000,
    priceDoubleSide: 14000,
    printingType: 'pvc',
    paperSize: 'a4',
    paperType: 'photo_paper',
    category: 'pvc_card',
    imageUrl: '/images/services/pvc-membership.svg',
  },
];

const PAPER_TYPES = [
  {
    name: 'white_70gsm',
    description: 'White 70 GSM: everyday notes and drafts',
    sizes: ['a4', 'a3', 'legal', 'letter'],
    types: ['bw', 'color'],
  },
  {
    name: 'white_75gsm',
    description: 'White 75 GSM: standard office paper',
    sizes: ['a4', 'a3', 'legal', 'letter'],
    types: ['bw', 'color'],
  },
  {
    name: 'bond_80gsm',
    description: 'Bond 80 GSM: documents that last',
    sizes: ['a4', 'a3', 'legal', 'letter'],
    types: ['bw', 'color'],
  },
  {
    name: 'bond_100gsm',
    description: 'Bond 100 GSM: thick paper for certificates and covers',
    sizes: ['a4', 'a3'],
    types: ['bw', 'color'],
  },
  { name: 'photo_paper', description: 'Photo Paper: glossy prints and cards', sizes: ['a4'], types: ['color', 'pvc'] },
];

/** Idempotent: safe at every start. The paper types, and the demo services on a fresh database. */
export async function seedCatalogue(ctx: Pick<AppContext, 'db' | 'log'>): Promise<void> {
  const { db, log } = ctx;
  await db
    .insert(paperTypes)
    .values(
      PAPER_TYPES.map((p) => ({
        name: p.name,
        description: p.description,
        availableForSizes: p.sizes,
        availableForPrintingTypes: p.types,
      })),
    )
    .onConflictDoNothing();

  const [{ count }] = (await db.select({ count: sql<number>`count(*)::int` }).from(services)) as [{ count: number }];
  if (count === 0) {
    await db.insert(services).values(DEMO_SERVICES.map((s) => ({ ...s, price: s.priceSingleSide })));
    log.info({ services: DEMO_SERVICES.length }, 'seeded demo services');
  }
}
