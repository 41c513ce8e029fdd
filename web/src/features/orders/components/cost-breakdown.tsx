import type { CostResult } from '../api';
import { formatRupees } from '@/lib/format';
import { useOrdersText } from '../texts';

export function CostBreakdown({ cost, deliveryCharge }: { cost: CostResult; deliveryCharge?: number }) {
  const t = useOrdersText();
  const rows: Array<[string, string]> = [
    [t('cost.print'), formatRupees(cost.printingCost)],
    [t('cost.binding'), formatRupees(cost.bindingCost)],
    [t('cost.additional'), formatRupees(cost.additionalCost)],
    [t('cost.subtotal'), formatRupees(cost.subtotal)],
    [t('cost.discount', { rate: cost.discountRate }), cost.discountAmount ? `− ${formatRupees(cost.discountAmount)}` : formatRupees(0)],
  ];
  return (
    <div data-testid="cost-breakdown" className="rounded-lg border border-slate-200 p-4 dark:border-slate-700">
      <dl className="grid grid-cols-3 gap-2 border-b border-slate-200 pb-3 text-center text-sm dark:border-slate-700">
        <div>
          <dt className="text-slate-500 dark:text-slate-400">{t('cost.pages')}</dt>
          <dd className="text-lg font-semibold">{cost.pages}</dd>
        </div>
        <div>
          <dt className="text-slate-500 dark:text-slate-400">{t('cost.copies')}</dt>
          <dd className="text-lg font-semibold">{cost.copies}</dd>
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
        <div className="flex justify-between border-t border-slate-200 pt-2 text-base font-bold dark:border-slate-700">
          <dt>{t('cost.total')}</dt>
          <dd data-testid="total">{formatRupees(cost.totalCost + (deliveryCharge ?? 0))}</dd>
        </div>
      </dl>
    </div>
  );
}
