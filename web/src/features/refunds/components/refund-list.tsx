import type { RefundDto } from '@shop/shared/refunds/schemas';
import type { ReactNode } from 'react';
import { useRefundsText } from '../texts';
import { formatRupees } from '@/lib/format';

/** Refunds of an order, newest first: amount, what became of it, the reason; the admin's action on one, if any. */
export function RefundList({
  refunds,
  detail,
  renderAction,
}: {
  refunds: RefundDto[];
  detail: (r: RefundDto) => string;
  renderAction?: (r: RefundDto) => ReactNode;
}) {
  const t = useRefundsText();
  return (
    <ul className="space-y-2" aria-label={t('title')} data-testid="refund-list">
      {refunds.map((r) => (
        <li key={r.id} className="rounded-md border border-slate-200 p-3 text-sm dark:border-slate-800">
          <p className="flex flex-wrap justify-between gap-x-3">
            <span className="font-semibold">{formatRupees(r.amount)}</span>
            <span
              className={
                r.status === 'failed' || r.status === 'bounced'
                  ? 'text-red-700 dark:text-red-400'
                  : 'text-green-800 dark:text-green-300'
              }
            >
              {t(r.status)}
            </span>
          </p>
          <p className="mt-1 break-words text-slate-700 dark:text-slate-300">{r.reason}</p>
          <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">{detail(r)}</p>
          {renderAction?.(r)}
        </li>
      ))}
    </ul>
  );
}
