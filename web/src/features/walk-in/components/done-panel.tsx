import { dueTimeText } from '@shop/shared/orders/due-time';
import type { WalkInOrderResult } from '@shop/shared/walk-in/schemas';
import { CheckCircle2, FileDown, Printer } from 'lucide-react';
import { Link } from '@/lib/router';
import { Button, buttonClass } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { formatRupees } from '@/lib/format';
import { useNow } from '@/lib/use-now';
import { currentLanguage } from '@/lib/i18n/i18n';
import { useWalkInTexts } from '../texts';

/** The saved order: its number, what was taken, the promised time, the pickup code, and the receipt and ticket to print. */
export function DonePanel({
  result,
  queuePath,
  onNext,
}: {
  result: WalkInOrderResult;
  queuePath: string;
  onNext: () => void;
}) {
  const T = useWalkInTexts();
  const o = result.order;
  const now = useNow();
  return (
    <Card className="space-y-4 p-5" data-testid="walkin-done" role="status">
      <div className="flex items-start gap-3">
        <CheckCircle2 className="h-8 w-8 shrink-0 text-green-600" aria-hidden />
        <div className="min-w-0">
          <h2 className="text-lg font-semibold">{T.savedTitle}</h2>
          <p className="font-mono text-2xl font-bold [overflow-wrap:anywhere]">{o.order_number}</p>
          <p className="text-slate-700 dark:text-slate-300">{T.savedText(o.customer_name)}</p>
          {!result.created && <p className="text-sm text-amber-700 dark:text-amber-400">{T.alreadySaved}</p>}
        </div>
      </div>
      <dl className="grid grid-cols-2 gap-3 text-sm">
        <div>
          <dt className="text-slate-500">{T.paidBy(o.payment_method)}</dt>
          <dd className="text-lg font-semibold">{formatRupees(o.total_amount)}</dd>
        </div>
        <div>
          <dt className="text-slate-500">{o.pickup === 'now' ? T.pickupNow : T.pickupLater}</dt>
          {/* "Ready by tomorrow 9:03 am" wraps on a phone rather than push the page sideways; in the screen's language. */}
          <dd className="text-lg font-semibold">
            {T.readyBy(dueTimeText(new Date(o.ready_by), now, currentLanguage(), T.tomorrow))}
          </dd>
        </div>
        {o.pickup_code && (
          <div className="col-span-2">
            <dt className="text-slate-500">{T.pickupCode}</dt>
            <dd className="font-mono text-3xl font-bold tracking-widest" data-testid="walkin-pickup-code">
              {o.pickup_code}
            </dd>
          </div>
        )}
      </dl>
      <div className="grid grid-cols-2 gap-2">
        {o.receipt && (
          <a href={o.receipt.pdf_url} download className={buttonClass('outline', 'default', 'h-11')}>
            <FileDown className="h-4 w-4" aria-hidden /> {T.receipt}
          </a>
        )}
        <a href={o.ticket_url} target="_blank" rel="noopener" className={buttonClass('outline', 'default', 'h-11')}>
          <Printer className="h-4 w-4" aria-hidden /> {T.ticket}
        </a>
        <Button className="h-11" onClick={onNext}>
          {T.nextCustomer}
        </Button>
        <Link to={queuePath} className={buttonClass('secondary', 'default', 'h-11')}>
          {T.backToQueue}
        </Link>
      </div>
    </Card>
  );
}
