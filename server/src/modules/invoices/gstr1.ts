import { statePortalLabel } from '@shop/shared/gst/states';
import type { InvoiceRow, IssuedLine } from './invoices.service.ts';
import { shopWallClock } from '@shop/shared/common/shop-clock';
import { csvText } from '../../lib/csv.ts';

/**
 * A month's GSTR-1 in the GST portal's offline tool CSV layouts (decision 037): the section-wise CSV
 * files of Returns Offline Tool V3.2.4 / GSTR-1 Excel Workbook Template V2.2, with the HSN summary split into B2B and
 * B2C halves (from the May 2025 period). Headers are the templates' own, in their order; dates as DD-MMM-YYYY; places
 * of supply as "37-Andhra Pradesh"; amounts in rupees with two decimals, no grouping. Pure: rows in, files out.
 */
export const GSTR1_SECTIONS = ['b2b', 'b2cl', 'b2cs', 'cdnr', 'cdnur', 'hsn-b2b', 'hsn-b2c', 'docs'] as const;
export type Gstr1Section = (typeof GSTR1_SECTIONS)[number];

/** The file names the offline tool's section-wise CSV set uses. */
export const GSTR1_FILES: Record<Gstr1Section, string> = {
  b2b: 'b2b,sez,de.csv',
  b2cl: 'b2cl.csv',
  b2cs: 'b2cs.csv',
  cdnr: 'cdnr.csv',
  cdnur: 'cdnur.csv',
  'hsn-b2b': 'hsn(b2b).csv',
  'hsn-b2c': 'hsn(b2c).csv',
  docs: 'docs.csv',
};

const HSN_HEADER = [
  'HSN',
  'Description',
  'UQC',
  'Total Quantity',
  'Total Value',
  'Rate',
  'Taxable Value',
  'Integrated Tax Amount',
  'Central Tax Amount',
  'State/UT Tax Amount',
  'Cess Amount',
];
export const GSTR1_HEADERS: Record<Gstr1Section, readonly string[]> = {
  b2b: [
    'GSTIN/UIN of Recipient',
    'Receiver Name',
    'Invoice Number',
    'Invoice date',
    'Invoice Value',
    'Place Of Supply',
    'Reverse Charge',
    'Applicable % of Tax Rate',
    'Invoice Type',
    'E-Commerce GSTIN',
    'Rate',
    'Taxable Value',
    'Cess Amount',
  ],
  b2cl: [
    'Invoice Number',
    'Invoice date',
    'Invoice Value',
    'Place Of Supply',
    'Applicable % of Tax Rate',
    'Rate',
    'Taxable Value',
    'Cess Amount',
    'E-Commerce GSTIN',
  ],
  b2cs: [
    'Type',
    'Place Of Supply',
    'Rate',
    'Applicable % of Tax Rate',
    'Taxable Value',
    'Cess Amount',
    'E-Commerce GSTIN',
  ],
  cdnr: [
    'GSTIN/UIN of Recipient',
    'Receiver Name',
    'Note Number',
    'Note Date',
    'Note Type',
    'Place Of Supply',
    'Reverse Charge',
    'Note Supply Type',
    'Note Value',
    'Applicable % of Tax Rate',
    'Rate',
    'Taxable Value',
    'Cess Amount',
  ],
  cdnur: [
    'UR Type',
    'Note Number',
    'Note Date',
    'Note Type',
    'Place Of Supply',
    'Note Value',
    'Applicable % of Tax Rate',
    'Rate',
    'Taxable Value',
    'Cess Amount',
  ],
  'hsn-b2b': HSN_HEADER,
  'hsn-b2c': HSN_HEADER,
  docs: ['Nature of Document', 'Sr. No. From', 'Sr. No. To', 'Total Number', 'Cancelled'],
};

/** The SAC descriptions the HSN summary carries (the tool's pattern: at most 30 letters, digits, space and _@./&-). */
const SAC_DESCRIPTIONS: Record<string, string> = {
  '998912': 'Printing and reproduction',
  '998595': 'Duplicating services',
  '996813': 'Local delivery services',
  '998911': 'Publishing',
};

/** An issued document with what the month's return needs to know of the invoice a credit note reduces. */
export interface Gstr1Document {
  doc: InvoiceRow;
  /** For a credit note: its invoice (a B2C note is netted in b2cs unless that invoice was a B2C large one). */
  original?: Pick<InvoiceRow, 'grossPaise' | 'placeOfSupply' | 'customerGstin' | 'serial' | 'issuedAt'> | null;
}

export interface Gstr1Input {
  /** YYYY-MM. */
  month: string;
  /** The shop's state code. */
  stateCode: string;
  /** Tax invoices and their credit notes issued in the month (IST), any order. */
  documents: readonly Gstr1Document[];
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** 05-Nov-2026, in IST: the date form the offline tool parses. */
export function portalDate(d: Date): string {
  const ist = shopWallClock(d);
  return `${String(ist.getUTCDate()).padStart(2, '0')}-${MONTHS[ist.getUTCMonth()]}-${ist.getUTCFullYear()}`;
}
const rupees = (paise: number) => (paise / 100).toFixed(2);
const ratePercent = (bp: number) => String(bp / 100);
/** A receiver name the tool accepts (its pattern has no letters outside ASCII); otherwise left out (the column is optional). */
const receiverName = (name: string | null) =>
  name && /^[a-zA-Z0-9_&'\-./,()?@!#%$~*;+= ]{1,99}$/.test(name) ? name : '';

/** The offline tool's CSV: cells quoted only where needed (the shop's one writer, lib/csv.ts). */
const csv = (header: readonly string[], rows: string[][]): string => csvText(header, rows);

/** From August 2024 a B2C inter-state invoice above ₹1,00,000 goes to b2cl (before it, above ₹2,50,000). */
function b2clThresholdPaise(month: string): number {
  return month >= '2024-08' ? 10_000_000 : 25_000_000;
}

type Totals = { value: number; taxable: number; igst: number; cgst: number; sgst: number };
const zero = (): Totals => ({ value: 0, taxable: 0, igst: 0, cgst: 0, sgst: 0 });
function add(
  t: Totals,
  l: Pick<IssuedLine, 'grossPaise' | 'taxablePaise' | 'igstPaise' | 'cgstPaise' | 'sgstPaise'>,
  sign: 1 | -1,
) {
  t.value += sign * l.grossPaise;
  t.taxable += sign * l.taxablePaise;
  t.igst += sign * l.igstPaise;
  t.cgst += sign * l.cgstPaise;
  t.sgst += sign * l.sgstPaise;
}

/** The month's sections as CSV texts, and the classification each file was made from (for tests and the admin). */
export function gstr1Files(input: Gstr1Input): Record<Gstr1Section, string> {
  const threshold = b2clThresholdPaise(input.month);
  const isB2cl = (d: Pick<InvoiceRow, 'customerGstin' | 'placeOfSupply' | 'grossPaise'>) =>
    !d.customerGstin && d.placeOfSupply !== input.stateCode && d.grossPaise > threshold;
  const rate = (d: InvoiceRow) => ratePercent((d.supplier as { rateBp: number }).rateBp);
  const sorted = [...input.documents].sort(
    (a, b) => a.doc.issuedAt.getTime() - b.doc.issuedAt.getTime() || a.doc.id - b.doc.id,
  );
  const invoicesOf = sorted.filter((d) => d.doc.kind === 'invoice');
  const notesOf = sorted.filter((d) => d.doc.kind === 'credit_note');

  const rows: Record<Gstr1Section, string[][]> = {
    b2b: [],
    b2cl: [],
    b2cs: [],
    cdnr: [],
    cdnur: [],
    'hsn-b2b': [],
    'hsn-b2c': [],
    docs: [],
  };
  const b2cs = new Map<string, { pos: string; rate: string; taxable: number }>();
  const hsn = {
    b2b: new Map<string, Totals & { sac: string; rate: string }>(),
    b2c: new Map<string, Totals & { sac: string; rate: string }>(),
  };
  const addHsn = (half: 'b2b' | 'b2c', d: InvoiceRow, sign: 1 | -1) => {
    for (const l of d.lines as IssuedLine[]) {
      const key = `${l.sac}|${rate(d)}`;
      let t = hsn[half].get(key);
      if (!t) hsn[half].set(key, (t = { ...zero(), sac: l.sac, rate: rate(d) }));
      add(t, l, sign);
    }
  };
  const addB2cs = (d: Pick<InvoiceRow, 'placeOfSupply' | 'taxablePaise' | 'supplier'>, sign: 1 | -1) => {
    const r = ratePercent((d.supplier as { rateBp: number }).rateBp);
    const key = `${d.placeOfSupply}|${r}`;
    const t = b2cs.get(key) ?? { pos: d.placeOfSupply, rate: r, taxable: 0 };
    t.taxable += sign * d.taxablePaise;
    b2cs.set(key, t);
  };

  for (const { doc } of invoicesOf) {
    const pos = statePortalLabel(doc.placeOfSupply);
    if (doc.customerGstin) {
      rows.b2b.push([
        doc.customerGstin,
        receiverName(doc.billingName),
        doc.serial,
        portalDate(doc.issuedAt),
        rupees(doc.grossPaise),
        pos,
        'N',
        '',
        'Regular B2B',
        '',
        rate(doc),
        rupees(doc.taxablePaise),
        '',
      ]);
      addHsn('b2b', doc, 1);
    } else if (isB2cl(doc)) {
      rows.b2cl.push([
        doc.serial,
        portalDate(doc.issuedAt),
        rupees(doc.grossPaise),
        pos,
        '',
        rate(doc),
        rupees(doc.taxablePaise),
        '',
        '',
      ]);
      addHsn('b2c', doc, 1);
    } else {
      addB2cs(doc, 1);
      addHsn('b2c', doc, 1);
    }
  }
  for (const { doc, original } of notesOf) {
    const pos = statePortalLabel(doc.placeOfSupply);
    if (doc.customerGstin) {
      rows.cdnr.push([
        doc.customerGstin,
        receiverName(doc.billingName),
        doc.serial,
        portalDate(doc.issuedAt),
        'C',
        pos,
        'N',
        'Regular B2B',
        rupees(doc.grossPaise),
        '',
        rate(doc),
        rupees(doc.taxablePaise),
        '',
      ]);
      addHsn('b2b', doc, -1);
    } else if (original && isB2cl(original)) {
      rows.cdnur.push([
        'B2CL',
        doc.serial,
        portalDate(doc.issuedAt),
        'C',
        pos,
        rupees(doc.grossPaise),
        '',
        rate(doc),
        rupees(doc.taxablePaise),
        '',
      ]);
      addHsn('b2c', doc, -1);
    } else {
      // A small B2C supply's credit is netted in b2cs for the month it is issued in (the tool takes a negative value).
      addB2cs(doc, -1);
      addHsn('b2c', doc, -1);
    }
  }
  rows.b2cs = [...b2cs.values()]
    .filter((t) => t.taxable !== 0)
    .sort((a, b) => a.pos.localeCompare(b.pos) || Number(a.rate) - Number(b.rate))
    .map((t) => ['OE', statePortalLabel(t.pos), t.rate, '', rupees(t.taxable), '', '']);
  for (const half of ['b2b', 'b2c'] as const) {
    rows[`hsn-${half}`] = [...hsn[half].values()]
      .sort((a, b) => a.sac.localeCompare(b.sac) || Number(a.rate) - Number(b.rate))
      // Services report UQC "NA" and a quantity of 0 (the tool forces both for a SAC).
      .map((t) => [
        t.sac,
        SAC_DESCRIPTIONS[t.sac] ?? 'Services',
        'NA',
        '0',
        rupees(t.value),
        t.rate,
        rupees(t.taxable),
        rupees(t.igst),
        rupees(t.cgst),
        rupees(t.sgst),
        '',
      ]);
  }
  // Documents issued: each series' first and last number in the month, and how many (none is ever cancelled: a
  // number is issued only with its document, in one transaction).
  for (const [nature, list] of [
    ['Invoices for outward supply', invoicesOf],
    ['Credit Note', notesOf],
  ] as const) {
    const bySeries = new Map<string, InvoiceRow[]>();
    for (const { doc } of list) {
      const series = doc.serial.slice(0, doc.serial.lastIndexOf('/'));
      bySeries.set(series, [...(bySeries.get(series) ?? []), doc]);
    }
    for (const docs of bySeries.values()) {
      const serials = docs.map((d) => d.serial).sort();
      rows.docs.push([nature, serials[0]!, serials[serials.length - 1]!, String(serials.length), '0']);
    }
  }
  return Object.fromEntries(GSTR1_SECTIONS.map((s) => [s, csv(GSTR1_HEADERS[s], rows[s])])) as Record<
    Gstr1Section,
    string
  >;
}
