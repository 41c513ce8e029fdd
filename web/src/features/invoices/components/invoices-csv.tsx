import { Download } from 'lucide-react';
import { useState } from 'react';
import { buttonClass } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Field } from '@/components/ui/field';
import { monthCsvUrl } from '../api';

/** A month's invoices and credit notes for GST returns (GSTR-1 style), as CSV. */
export function InvoicesCsv({ today }: { today: string }) {
  const [month, setMonth] = useState(today.slice(0, 7));
  const valid = /^20\d\d-(0[1-9]|1[0-2])$/.test(month);
  return (
    <Card className="space-y-3 p-4">
      <h2 className="text-lg font-semibold">GST invoices (CSV)</h2>
      <p className="text-sm text-slate-600 dark:text-slate-400">Every invoice and credit note issued in a month (India time): number, date, customer GSTIN, taxable value, CGST, SGST, IGST, total.</p>
      <Field id="gst-month" label="Month">
        <Input type="month" value={month} max={today.slice(0, 7)} onChange={(e) => setMonth(e.target.value)} className="sm:max-w-xs" />
      </Field>
      <a href={valid ? monthCsvUrl(month) : undefined} download aria-disabled={!valid || undefined} className={buttonClass('default', 'default', valid ? 'h-11 sm:h-10' : 'pointer-events-none h-11 opacity-50 sm:h-10')}>
        <Download className="h-4 w-4" aria-hidden /> Download invoices CSV
      </a>
    </Card>
  );
}
