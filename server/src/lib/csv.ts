/**
 * The shop's one CSV writer (RFC 4180, CRLF lines), for every export: the orders CSV, the refunds in it, the invoice
 * register and the GSTR-1 files. Text that starts like a spreadsheet formula (=, +, -, @, tab, CR) gets a leading
 * apostrophe so a spreadsheet shows it instead of running it (OWASP "CSV injection"); a plain number such as -5.00
 * stays a number.
 */
export interface CsvOptions {
  /** 'always' quotes every cell (the invoice register, as accountants' tools expect); 'needed' only cells with a comma, quote or line break. */
  quote?: 'always' | 'needed';
}

const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

export function csvCell(value: string | number, options: CsvOptions = {}): string {
  let s = String(value);
  if (typeof value === 'string' && FORMULA_START.test(s) && !PLAIN_NUMBER.test(s)) s = `'${s}`;
  return options.quote === 'always' || /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

/** One line, ending in CRLF. */
export function csvLine(cells: ReadonlyArray<string | number>, options: CsvOptions = {}): string {
  return `${cells.map((c) => csvCell(c, options)).join(',')}\r\n`;
}

/** A header and its rows as one CSV text. */
export function csvText(
  header: ReadonlyArray<string>,
  rows: ReadonlyArray<ReadonlyArray<string | number>>,
  options: CsvOptions = {},
): string {
  return [header, ...rows].map((r) => csvLine(r, options)).join('');
}
