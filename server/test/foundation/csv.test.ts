import { describe, expect, it } from 'vitest';
import { csvCell, csvLine, csvText } from '../../src/lib/csv.ts';
import { monthCsv } from '../../src/modules/invoices/invoice-csv.ts';
import type { InvoiceRow } from '../../src/modules/invoices/invoices.service.ts';

describe('the one CSV writer every export uses', () => {
  it('disarms text a spreadsheet would run as a formula, but keeps a negative amount a number', () => {
    expect(csvCell('=HYPERLINK("http://evil")')).toBe(`"'=HYPERLINK(""http://evil"")"`);
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('+91 93900 11223')).toBe("'+91 93900 11223");
    expect(csvCell('-5.00')).toBe('-5.00');
    expect(csvCell(-5)).toBe('-5');
  });

  it('quotes only where needed unless asked to quote every cell, and ends lines in CRLF', () => {
    expect(csvLine(['Ravi, Guntur', 'plain', 3])).toBe('"Ravi, Guntur",plain,3\r\n');
    expect(csvLine(['a', 1], { quote: 'always' })).toBe('"a","1"\r\n');
    expect(csvText(['h1', 'h2'], [['x', 'y\nz']])).toBe('h1,h2\r\nx,"y\nz"\r\n');
  });

  it('the invoice register disarms a customer name too', () => {
    const doc = {
      kind: 'invoice',
      documentType: 'tax_invoice',
      serial: 'PS/26-27/000001',
      issuedAt: new Date('2026-11-24T06:00:00Z'),
      customerGstin: null,
      billingName: null,
      customerName: '=cmd|calc',
      placeOfSupply: 'Andhra Pradesh (37)',
      taxablePaise: 1000,
      cgstPaise: 90,
      sgstPaise: 90,
      igstPaise: 0,
      grossPaise: 1180,
    } as unknown as InvoiceRow;
    const [, row] = monthCsv([{ doc, orderNumber: 'PS-261124-ABCDE', original: null }]).split('\r\n');
    expect(row).toBe(
      `"Tax invoice","PS/26-27/000001","2026-11-24","PS-261124-ABCDE","","","","'=cmd|calc","Andhra Pradesh (37)","10.00","0.90","0.90","0.00","11.80"`,
    );
  });
});
