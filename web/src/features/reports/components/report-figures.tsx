import type { DayReport } from '@shop/shared/reports/schemas';
import { Card } from '@/components/ui/card';
import { formatRupees } from '@/lib/format';

const count = new Intl.NumberFormat('en-IN');

function Figure({ label, value, detail }: { label: string; value: string; detail?: string }) {
  return (
    <Card className="p-4">
      <p className="text-sm text-slate-500 dark:text-slate-400">{label}</p>
      <p
        className="mt-1 whitespace-nowrap text-2xl font-bold"
        data-testid={`figure-${label.toLowerCase().replaceAll(' ', '-')}`}
      >
        {value}
      </p>
      {detail && <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">{detail}</p>}
    </Card>
  );
}

/** The day's headline figures, then money by payment method and by service. */
export function ReportFigures({ report }: { report: DayReport }) {
  return (
    <div className="space-y-4">
      <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
        <Figure
          label="Orders"
          value={count.format(report.orders)}
          detail={`${report.pickupOrders} pickup · ${report.deliveryOrders} delivery`}
        />
        <Figure label="Pages printed" value={count.format(report.pagesPrinted)} detail="pages × copies" />
        <Figure
          label="Revenue"
          value={formatRupees(report.revenue)}
          detail={`incl. ${formatRupees(report.deliveryCharges)} delivery`}
        />
        <Figure
          label="Refunds"
          value={formatRupees(report.refunds.amount)}
          detail={`${report.refunds.count} ${report.refunds.count === 1 ? 'refund' : 'refunds'}`}
        />
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <Card className="p-4">
          <h2 className="mb-2 text-lg font-semibold">By payment method</h2>
          <table className="w-full text-sm" data-testid="by-method">
            <thead className="sr-only">
              <tr>
                <th>Method</th>
                <th>Orders</th>
                <th>Amount</th>
              </tr>
            </thead>
            <tbody>
              {report.byPaymentMethod.map((m) => (
                <tr key={m.method} className="border-t border-slate-100 first:border-0 dark:border-slate-800">
                  <td className="py-2">{m.label}</td>
                  <td className="py-2 text-right text-slate-500 dark:text-slate-400">
                    {m.orders} {m.orders === 1 ? 'order' : 'orders'}
                  </td>
                  <td className="whitespace-nowrap py-2 text-right font-medium">{formatRupees(m.amount)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {report.discounts > 0 && (
            <p className="mt-2 text-xs text-slate-500 dark:text-slate-400">
              Discounts given: {formatRupees(report.discounts)}
            </p>
          )}
        </Card>
        <Card className="p-4">
          <h2 className="mb-2 text-lg font-semibold">By service</h2>
          {report.byService.length === 0 ? (
            <p className="text-sm text-slate-500 dark:text-slate-400">No orders paid this day.</p>
          ) : (
            <table className="w-full text-sm">
              <thead className="sr-only">
                <tr>
                  <th>Service</th>
                  <th>Orders and pages</th>
                  <th>Amount</th>
                </tr>
              </thead>
              <tbody>
                {report.byService.map((s) => (
                  <tr key={s.serviceName} className="border-t border-slate-100 first:border-0 dark:border-slate-800">
                    <td className="py-2 [overflow-wrap:anywhere]">{s.serviceName}</td>
                    <td className="py-2 text-right text-slate-500 dark:text-slate-400">
                      {s.orders} · {count.format(s.pages)} pp
                    </td>
                    <td className="whitespace-nowrap py-2 text-right font-medium">{formatRupees(s.amount)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </Card>
      </div>
    </div>
  );
}
