import { useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { formatRupees } from '@/lib/format';
import { useOrdersText } from '../../texts';
import type { AutoPrice } from '../use-auto-price';
import type { OrderWizard } from '../use-order-wizard';

/**
 * The order's price, shown once, at the bottom of the screen with Pay (decision 028). It follows every change
 * (use-auto-price.ts): while a new price is asked for the old one stays, marked; a document that cannot be priced
 * says why. Toasts rise above it while it is there.
 */
export function PriceBar({
  w,
  price,
  paying,
  onPay,
}: {
  w: OrderWizard;
  price: AutoPrice;
  paying: boolean;
  onPay: () => void;
}) {
  const bar = useRef<HTMLDivElement>(null);
  const t = useOrdersText();
  useEffect(() => {
    const el = bar.current;
    if (!el) return;
    const root = document.documentElement;
    const lift = () => root.style.setProperty('--toast-offset', `${el.offsetHeight}px`);
    lift();
    const seen = new ResizeObserver(lift);
    seen.observe(el);
    return () => {
      seen.disconnect();
      root.style.removeProperty('--toast-offset');
    };
  }, []);

  const cost = w.cost;
  const charge = cost && w.deliveryType === 'delivery' ? cost.deliveryCharge : 0;
  const amount = cost ? cost.totalCost + charge : null;
  const retrying = w.cancelCount > 0 || w.failCount > 0;
  const note = price.problem
    ? price.problem.message
    : price.error
      ? price.error
      : price.updating
        ? t('bar.updating')
        : !cost
          ? ''
          : w.deliveryType === 'delivery'
            ? charge === 0
              ? t('bar.homeFree')
              : t('bar.includesDelivery', { charge: formatRupees(charge) })
            : w.deliveryType === 'pickup'
              ? t('bar.pickupFree')
              : cost.deliveryCharge === 0
                ? t('bar.pagesFree', { pages: cost.pages })
                : t('bar.pages', { pages: cost.pages, charge: formatRupees(cost.deliveryCharge) });
  const trouble = !!(price.problem || price.error);
  return (
    <div
      ref={bar}
      className="sticky bottom-0 z-30 -mx-4 mt-6 border-t border-slate-200 bg-white/95 px-4 py-3 shadow-[0_-4px_12px_rgba(0,0,0,0.06)] backdrop-blur pb-[max(0.75rem,env(safe-area-inset-bottom))] sm:mx-0 sm:rounded-t-xl sm:border-x dark:border-slate-800 dark:bg-slate-900/95"
      data-testid="price-bar"
    >
      <div className="flex items-center gap-3">
        <div className="min-w-0 flex-1" aria-live="polite">
          <p className="text-xs text-slate-500 dark:text-slate-400">{t('cost.total')}</p>
          <p
            className={cn('text-xl font-bold leading-tight', (price.updating || trouble) && 'opacity-50')}
            data-testid="total"
            aria-busy={price.updating}
          >
            {amount === null ? '—' : formatRupees(amount)}
          </p>
          {/* Wraps rather than cut: the delivery charge, or why the order cannot be priced, is read whole on a phone. */}
          <p
            data-testid="price-note"
            className={cn(
              'text-xs break-words',
              trouble ? 'font-medium text-red-600 dark:text-red-400' : 'text-slate-600 dark:text-slate-400',
            )}
          >
            {note}
          </p>
        </div>
        {price.error && !price.problem ? (
          <Button variant="outline" onClick={price.retry}>
            {t('bar.tryAgain')}
          </Button>
        ) : (
          <Button
            size="lg"
            onClick={onPay}
            disabled={paying || amount === null || (!price.fresh && !price.problem)}
            className="shrink-0"
          >
            {paying
              ? t('pay.opening')
              : t(retrying ? 'pay.retry' : 'pay.pay', { amount: amount === null ? '' : formatRupees(amount) }).trim()}
          </Button>
        )}
      </div>
    </div>
  );
}
