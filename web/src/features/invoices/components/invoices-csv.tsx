import { GSTR1_SECTION_NAMES } from '@shop/shared/gst/routes';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { buttonClass } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Field } from '@/components/ui/field';
import { shopConfig } from '@/lib/shop-config';
import { gstr1SectionUrl, gstr1ZipUrl, monthCsvUrl } from '../api';

/** A month's documents for the accountant: the register CSV, and GSTR-1 in the GST offline tool's layouts (regular shops). */
export function InvoicesCsv({ today }: { today: string }) {
  const [month, setMonth] = useState(today.slice(0, 7));
  const valid = /^20\d\d-(0[1-9]|1[0-2])$/.test(month);
  const link = (ok: boolean) =>
    buttonClass('default', 'default', ok ? 'h-11 sm:h-10' : 'pointer-events-none h-11 opacity-50 sm:h-10');
  return (
    <Card className="space-y-3 p-4">
      <h2 className="text-lg font-semibold">GST documents of a month</h2>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        The register: every bill and credit note issued in the month (India time) with its number, date, customer GSTIN,
        place of supply, taxable value, CGST, SGST, IGST and total; a credit note names its invoice's number and date.
      </p>
      <Field id="gst-month" label="Month">
        <Input
          type="month"
          value={month}
          max={today.slice(0, 7)}
          onChange={(e) => setMonth(e.target.value)}
          className="sm:max-w-xs"
        />
      </Field>
      <div className="flex flex-wrap gap-2">
        <a
          href={valid ? monthCsvUrl(month) : undefined}
          download
          aria-disabled={!valid || undefined}
          className={link(valid)}
        >
          <Download className="h-4 w-4" aria-hidden /> Register (CSV)
        </a>
        {shopConfig.gst.status === 'regular' && (
          <a
            href={valid ? gstr1ZipUrl(month) : undefined}
            download
            aria-disabled={!valid || undefined}
            className={link(valid)}
          >
            <Download className="h-4 w-4" aria-hidden /> GSTR-1 for the offline tool (ZIP)
          </a>
        )}
      </div>
      {shopConfig.gst.status === 'regular' && (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          GSTR-1 holds the section files of the GST portal's Returns Offline Tool (V3.2.4 layouts): import each with the
          tool's “Import CSV”. One section:{' '}
          {GSTR1_SECTION_NAMES.map((s, i) => (
            <span key={s}>
              {i > 0 && ', '}
              <a
                className="text-brand-700 underline dark:text-brand-400"
                href={valid ? gstr1SectionUrl(month, s) : undefined}
                download
              >
                {s}
              </a>
            </span>
          ))}
          .
        </p>
      )}
    </Card>
  );
}
