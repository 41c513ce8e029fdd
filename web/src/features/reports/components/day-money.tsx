import type { DayReport } from '@shop/shared/reports/schemas';
import { Card } from '@/components/ui/card';
import { formatRupees } from '@/lib/format';

/**
 * The day's GST documents (taxable value, CGST, SGST, IGST, credit notes subtracted), refunds by payment method (and
 * the bank-refused ones the counter gave back), and the cash that should be in the drawer (decision 037).
 */
export function DayMoney({ report }: { report: DayReport }) {
  const { tax } = report;
  const rows: Array<[string, number]> = [
    ['Taxable value', tax.taxableValue],
    ['CGST', tax.cgst],
    ['SGST', tax.sgst],
    ['IGST', tax.igst],
    ['Total of the documents', tax.total],
  ];
  return (
    <div className="grid gap-4 lg:grid-cols-3">
      <Card className="p-4">
        <h2 className="mb-2 text-lg font-semibold">GST documents</h2>
        <p className="text-sm text-slate-500 dark:text-slate-400">
          {tax.invoices} issued · {tax.creditNotes} {tax.creditNotes === 1 ? 'credit note' : 'credit notes'}{' '}
          (subtracted)
        </p>
        <table className="mt-2 w-full text-sm" data-testid="day-tax">
          <tbody>
            {rows.map(([label, value]) => (
              <tr key={label} className="border-t border-slate-100 first:border-0 dark:border-slate-800">
                <td className="py-1.5">{label}</td>
                <td className="whitespace-nowrap py-1.5 text-right font-medium tabular-nums">{formatRupees(value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Card>
      <Card className="p-4">
        <h2 className="mb-2 text-lg font-semibold">Refunds by payment method</h2>
        <table className="w-full text-sm" data-testid="refunds-by-method">
          <tbody>
            {report.refundsByMethod.map((m) => (
              <tr key={m.method} className="border-t border-slate-100 first:border-0 dark:border-slate-800">
                <td className="py-1.5">{m.label}</td>
                <td className="py-1.5 text-right text-slate-500 dark:text-slate-400">{m.count}</td>
                <td className="whitespace-nowrap py-1.5 text-right font-medium tabular-nums">
                  {formatRupees(m.amount)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {report.handedBack.count > 0 && (
          <p className="mt-2 border-t border-slate-100 pt-2 text-sm dark:border-slate-800" data-testid="handed-back">
            Refused by the bank, given back at the counter: {report.handedBack.count} ·{' '}
            {formatRupees(report.handedBack.cash)} cash · {formatRupees(report.handedBack.upi)} UPI
          </p>
        )}
      </Card>
      <Card className="p-4">
        <h2 className="mb-2 text-lg font-semibold">Cash in the drawer</h2>
        <p className="text-3xl font-bold tabular-nums" data-testid="cash-in-drawer">
          {formatRupees(report.cashInDrawer)}
        </p>
        <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">
          Cash taken for orders paid this day, less cash refunded or given back this day (beyond the opening float).
        </p>
      </Card>
    </div>
  );
}
