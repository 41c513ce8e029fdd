import { formatPaise } from '@shop/shared/common/money';
import { useWalkInTexts } from '../texts';
import type { WalkInForm } from '../use-walk-in';

/** The total to collect, by the shared price function, before saving. */
export function PriceSummary({ f }: { f: WalkInForm }) {
  const T = useWalkInTexts();
  const p = f.price;
  if (!p)
    return (
      <p className="text-sm text-slate-600 dark:text-slate-400" data-testid="walkin-total">
        {f.docs.length ? T.priceNotReady : T.noDocuments}
      </p>
    );
  return (
    <dl className="space-y-1 text-sm" aria-live="polite">
      {p.discountAmount > 0 && (
        <>
          <div className="flex justify-between">
            <dt>{T.subtotal}</dt>
            <dd>{formatPaise(p.subtotal)}</dd>
          </div>
          <div className="flex justify-between">
            <dt>{T.discount(p.discountRate)}</dt>
            <dd>− {formatPaise(p.discountAmount)}</dd>
          </div>
        </>
      )}
      <div className="flex items-baseline justify-between text-lg font-bold">
        <dt>{T.total}</dt>
        <dd data-testid="walkin-total">{formatPaise(p.totalAmount)}</dd>
      </div>
    </dl>
  );
}
