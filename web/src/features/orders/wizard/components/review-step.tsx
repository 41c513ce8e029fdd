import { Plus } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { CostBreakdown } from '../../components/cost-breakdown';
import { cn } from '@/lib/cn';
import { formatRupees } from '@/lib/format';
import { useOrdersText } from '../../texts';
import { documentSummary } from '@shop/shared/orders/document-summary';
import { useWordsText, wordsText } from '@/lib/i18n/words';
import type { OrderWizard } from '../use-order-wizard';
import { pickedName, summaryOf } from '../wizard-state';
import { StepCard } from './step-card';
import { UnseenDocuments } from './unseen-documents';

/**
 * Step 3: each document's price and how the order's price is made up (the total itself is shown once, in the price
 * bar with Pay), and the way to add another document before paying.
 */
export function ReviewStep({
  w,
  serviceName,
  updating,
}: {
  w: OrderWizard;
  serviceName: (id: number) => string | undefined;
  updating: boolean;
}) {
  const cost = w.cost;
  const t = useOrdersText();
  useWordsText();
  if (w.step < 3) return null;
  const several = w.documents.length > 1;
  const addAnother = () => {
    w.go(1);
    requestAnimationFrame(() =>
      document.getElementById('pdf')?.closest('div')?.scrollIntoView({ behavior: 'smooth', block: 'center' }),
    );
  };
  const summary = cost
    ? t('review.summary', { documents: w.documents.length, pages: cost.pages, sheets: cost.totalSheets })
    : t('review.pricing');
  return (
    <StepCard
      n={3}
      title={t('review.title')}
      summary={summary}
      expanded={w.open === 3}
      onEdit={() => w.go(3)}
      editLabel={t('review.edit')}
    >
      <UnseenDocuments w={w} serviceName={serviceName} />
      {!cost ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('review.pricing')}</p>
      ) : (
        <div aria-busy={updating} className={cn('space-y-4 transition-opacity', updating && 'opacity-60')}>
          {/* Every document, one line each as every other screen says it (its pages, colour split and copies). */}
          <ol
            className="divide-y divide-slate-200 rounded-lg border border-slate-200 text-sm dark:divide-slate-700 dark:border-slate-700"
            aria-label={t('review.list')}
          >
            {w.documents.map((doc, i) => {
              const priced = cost.documents[i];
              const line = documentSummary(summaryOf(doc, priced), wordsText, { withoutName: true });
              return (
                <li key={doc.key} className="flex items-start justify-between gap-3 p-3" data-testid="review-document">
                  <div className="min-w-0">
                    <p className="truncate font-medium">
                      {several ? `${i + 1}. ` : ''}
                      {pickedName(doc)}
                    </p>
                    <p className="text-slate-700 dark:text-slate-300" data-testid="document-line">
                      {line}
                    </p>
                    <p className="text-slate-600 dark:text-slate-400">
                      {[
                        serviceName(doc.opts.serviceId) ?? t('review.printing'),
                        ...(doc.opts.sides === 'double' ? [t('review.doubleSided')] : []),
                      ].join(' · ')}
                    </p>
                  </div>
                  {priced && <span className="shrink-0 font-medium">{formatRupees(priced.subtotal)}</span>}
                </li>
              );
            })}
          </ol>
          <CostBreakdown
            cost={cost}
            deliveryCharge={
              w.deliveryType === 'delivery' ? cost.deliveryCharge : w.deliveryType === 'pickup' ? 0 : undefined
            }
          />
        </div>
      )}
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button onClick={() => w.go(Math.max(4, w.step))} className="w-full sm:w-auto">
          {t('review.continue')}
        </Button>
        <Button variant="outline" onClick={addAnother} className="w-full sm:w-auto">
          <Plus className="h-4 w-4" aria-hidden /> {t('review.addAnother')}
        </Button>
      </div>
    </StepCard>
  );
}
