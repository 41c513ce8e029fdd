import { CheckCircle2 } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { formatRupees } from '@/lib/format';
import { useOrdersText } from '../texts';

/** What the order comes to: its documents (each with its own pages and copies, listed apart), the money, delivery. */
export interface OrderFacts {
  documents: number;
  /** Every document's pages in range × its copies. */
  pagesPrinted: number;
  /** Printing and binding before the discount. */
  subtotal: number;
  discount: number;
  total: number;
  delivery: string;
  paid: boolean;
}

/** 'Order details' (with 'Payment Completed'), for the live order and its saved copy. */
export function OrderFactsCards({ facts: f }: { facts: OrderFacts }) {
  const t = useOrdersText();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('facts.title')}</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-2 gap-y-2 text-sm">
          <dt className="text-slate-500 dark:text-slate-400">{t('facts.documents')}</dt>
          <dd>{f.documents}</dd>
          <dt className="text-slate-500 dark:text-slate-400">{t('facts.pagesPrinted')}</dt>
          <dd>{f.pagesPrinted}</dd>
          <dt className="text-slate-500 dark:text-slate-400">{t('facts.subtotal')}</dt>
          <dd>{formatRupees(f.subtotal)}</dd>
          {f.discount > 0 && (
            <>
              <dt className="text-slate-500 dark:text-slate-400">{t('facts.discount')}</dt>
              <dd>− {formatRupees(f.discount)}</dd>
            </>
          )}
          <dt className="text-slate-500 dark:text-slate-400">{t('facts.delivery')}</dt>
          <dd>{f.delivery}</dd>
          <dt className="text-slate-500 dark:text-slate-400">{t('facts.total')}</dt>
          <dd className="font-semibold" data-testid="order-total">
            {formatRupees(f.total)}
          </dd>
        </dl>
        {f.paid && (
          <p className="mt-4 inline-flex items-center gap-2 rounded-md bg-green-50 px-3 py-2 text-sm font-medium text-green-800 dark:bg-green-950 dark:text-green-200">
            <CheckCircle2 className="h-4 w-4" aria-hidden /> {t('facts.paid')}
          </p>
        )}
      </CardContent>
    </Card>
  );
}
