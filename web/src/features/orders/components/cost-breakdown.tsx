import type { CostResult, OrderCostResult } from '../api';
import { formatRupees } from '@/lib/format';
import { useOrdersText } from '../texts';

/**
 * How an order's price is made up; the total itself is shown once, in the order wizard's price bar with Pay. Copies
 * are each document's (its line says them): an order of several shows how many documents instead, and the pages
 * printed are every document's pages × its copies.
 */
export function CostBreakdown({
  cost,
  deliveryCharge,
}: {
  cost: CostResult | OrderCostResult;
  deliveryCharge?: number;
}) {
  const t = useOrdersText();
  const documents = 'documents' in cost ? cost.documents : null;
  const several = (documents?.length ?? 1) > 1;
  const pagesPrinted = documents ? documents.reduce((n, d) => n + d.pages * d.copies, 0) : cost.pages * cost.copies;
  const rows: Array<[string, string]> = [
    [t('cost.print'), formatRupees(cost.printingCost)],
    [t('cost.binding'), formatRupees(cost.bindingCost)],
    [t('cost.additional'), formatRupees(cost.additionalCost)],
    [t('cost.subtotal'), formatRupees(cost.subtotal)],
    [
      t('cost.discount', { rate: cost.discountRate }),
      cost.discountAmount ? `− ${formatRupees(cost.discountAmount)}` : formatRupees(0),
    ],
  ];
  return (
    <div data-testid="cost-breakdown" className="rounded-lg border border-slate-200 p-4 dark:border-slate-700">
      <dl className="grid grid-cols-3 gap-2 border-b border-slate-200 pb-3 text-center text-sm dark:border-slate-700">
        <div>
          <dt className="text-slate-500 dark:text-slate-400">{t('cost.pagesPrinted')}</dt>
          <dd className="text-lg font-semibold">{pagesPrinted}</dd>
        </div>
        <div>
          <dt className="text-slate-500 dark:text-slate-400">{several ? t('cost.documents') : t('cost.copies')}</dt>
          <dd className="text-lg font-semibold">{several ? documents!.length : cost.copies}</dd>
        </div>
        <div>
          <dt className="text-slate-500 dark:text-slate-400">{t('cost.sheets')}</dt>
          <dd className="text-lg font-semibold">{cost.totalSheets}</dd>
        </div>
      </dl>
      <dl className="mt-3 space-y-1.5 text-sm">
        {rows.map(([k, v]) => (
          <div key={k} className="flex justify-between">
            <dt className="text-slate-600 dark:text-slate-400">{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
        {deliveryCharge !== undefined && (
          <div className="flex justify-between">
            <dt className="text-slate-600 dark:text-slate-400">{t('cost.delivery')}</dt>
            <dd>{deliveryCharge === 0 ? t('cost.free') : formatRupees(deliveryCharge)}</dd>
          </div>
        )}
      </dl>
    </div>
  );
}
