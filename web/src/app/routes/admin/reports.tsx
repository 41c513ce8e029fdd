import { addDays, isCalendarDate, istDayOf } from '@shop/shared/reports/schemas';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from '@/lib/router';
import { Button } from '@/components/ui/button';
import { Card, Skeleton } from '@/components/ui/card';
import { Input, Label } from '@/components/ui/input';
import { useDayReport } from '@/features/reports/api';
import { CsvExport } from '@/features/reports/components/csv-export';
import { InvoicesCsv } from '@/features/invoices/components/invoices-csv';
import { HourChart } from '@/features/reports/components/hour-chart';
import { ReportFigures } from '@/features/reports/components/report-figures';
import { DayMoney } from '@/features/reports/components/day-money';
import { GstSettingsCard } from '@/features/invoices/components/gst-settings-card';

const longDay = new Intl.DateTimeFormat('en-IN', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** The admin's day report (today by default, any day by ?date=) and the orders CSV export. */
export default function ReportsPage() {
  // Today as the page opened (India time): a report left open past midnight keeps its day until reloaded.
  const [today] = useState(() => istDayOf(new Date()));
  const [params, setParams] = useSearchParams();
  const asked = params.get('date') ?? '';
  const date = isCalendarDate(asked) && asked <= today ? asked : today;
  const { data, isPending, isError } = useDayReport(date);
  const go = (day: string) => setParams(day === today ? {} : { date: day }, { replace: true });

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">Day report</h1>
          <p className="text-sm text-slate-600 dark:text-slate-400" data-testid="report-day">
            {longDay.format(new Date(`${date}T00:00:00Z`))}
            {date === today && ' (today)'}
          </p>
        </div>
        <div className="flex items-end gap-1">
          <Button variant="outline" size="touch" onClick={() => go(addDays(date, -1))} aria-label="Previous day">
            <ChevronLeft className="h-4 w-4" aria-hidden />
          </Button>
          <div>
            <Label htmlFor="report-date" className="sr-only">
              Day
            </Label>
            <Input
              id="report-date"
              type="date"
              className="h-11 sm:h-10"
              value={date}
              max={today}
              onChange={(e) => isCalendarDate(e.target.value) && go(e.target.value)}
            />
          </div>
          <Button
            variant="outline"
            size="touch"
            onClick={() => go(addDays(date, 1))}
            disabled={date >= today}
            aria-label="Next day"
          >
            <ChevronRight className="h-4 w-4" aria-hidden />
          </Button>
        </div>
      </div>
      {isError && <Card className="p-4 text-red-600">Could not load the report. It will try again shortly.</Card>}
      {isPending || !data ? (
        <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-24" />
          ))}
        </div>
      ) : (
        <>
          <ReportFigures report={data} />
          <DayMoney report={data} />
          <Card className="p-4">
            <h2 className="mb-3 text-lg font-semibold">Orders by hour</h2>
            <HourChart byHour={data.byHour} />
          </Card>
        </>
      )}
      <CsvExport today={today} />
      <InvoicesCsv today={today} />
      <GstSettingsCard />
    </div>
  );
}
