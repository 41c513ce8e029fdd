import { addDays, CSV_MAX_DAYS, ordersCsvQuerySchema } from '@shop/shared/reports/schemas';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { buttonClass } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Field } from '@/components/ui/field';
import { ordersCsvUrl } from '../api';

/** The accountant's export: every paid order of a range of days as a CSV file. */
export function CsvExport({ today }: { today: string }) {
  const [from, setFrom] = useState(addDays(today, -29));
  const [to, setTo] = useState(today);
  const parsed = ordersCsvQuerySchema.safeParse({ from, to });
  const error = parsed.success ? undefined : parsed.error.issues[0]?.message;
  return (
    <Card className="space-y-3 p-4">
      <h2 className="text-lg font-semibold">Export orders (CSV)</h2>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        Every paid order between two days (India time), for a spreadsheet or the accountant. Up to {CSV_MAX_DAYS} days
        at a time.
      </p>
      <div className="grid grid-cols-2 gap-3 sm:max-w-md">
        <Field id="csv-from" label="From">
          <Input type="date" value={from} max={today} onChange={(e) => setFrom(e.target.value)} />
        </Field>
        <Field id="csv-to" label="To" error={error}>
          <Input type="date" value={to} max={today} onChange={(e) => setTo(e.target.value)} />
        </Field>
      </div>
      {parsed.success ? (
        <a href={ordersCsvUrl(from, to)} download className={buttonClass('default', 'default', 'h-11 sm:h-10')}>
          <Download className="h-4 w-4" aria-hidden /> Download CSV
        </a>
      ) : (
        <span
          className={buttonClass('default', 'default', 'pointer-events-none h-11 opacity-50 sm:h-10')}
          aria-disabled="true"
        >
          <Download className="h-4 w-4" aria-hidden /> Download CSV
        </span>
      )}
    </Card>
  );
}
