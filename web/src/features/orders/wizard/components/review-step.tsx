import { Plus } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { CostBreakdown } from '../../components/cost-breakdown';
import { cn } from '@/lib/cn';
import { formatRupees } from '@/lib/format';
import { describePagesText, useOrdersText } from '../../texts';
import type { OrderWizard } from '../use-order-wizard';
import { pagesOf } from '../wizard-state';
import { StepCard } from './step-card';
import { UnseenDocuments } from './unseen-documents';

/**
 * Step 3: each document's price and how the order's price is made up (the total itself is shown once, in the price
 * bar with Pay), and the way to add another document before paying.
 */
export function ReviewStep({ w, serviceName, updating }: { w: OrderWizard; serviceName: (id: number) => string | undefined; updating: boolean }) {
  const cost = w.cost;
  const t = useOrdersText();
  if (w.step < 3) return null;
  const several = w.documents.length > 1;
  const addAnother = () => {
    w.go(1);
    requestAnimationFrame(() => document.getElementById('pdf')?.closest('div')?.scrollIntoView({ behavior: 'smooth', block: 'center' }));
  };
  const summary = cost ? t('review.summary', { documents: w.documents.length, pages: cost.pages, sheets: cost.totalSheets }) : t('review.pricing');
  return (
    <StepCard n={3} title={t('review.title')} summary={summary} expanded={w.open === 3} onEdit={() => w.go(3)} editLabel={t('review.edit')}>
      <UnseenDocuments w={w} serviceName={serviceName} />
      {!cost ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('review.pricing')}</p>
      ) : (
        <div aria-busy={updating} className={cn('space-y-4 transition-opacity', updating && 'opacity-60')}>
          {several && (
            <ol className="divide-y divide-slate-200 rounded-lg border border-slate-200 text-sm dark:divide-slate-700 dark:border-slate-700" aria-label={t('review.list')}>
              {w.documents.map((doc, i) => {
                const line = cost.documents[i];
                const pages = pagesOf(doc);
                return (
                  <li key={doc.key} className="flex items-start justify-between gap-3 p-3">
                    <div className="min-w-0">
                      <p className="truncate font-medium">{i + 1}. {doc.upload.file.originalFilename}</p>
                      <p className="text-slate-600 dark:text-slate-400">
                        {[
                          serviceName(doc.opts.serviceId) ?? t('review.printing'),
                          pages.ok ? describePagesText(pages.text, pages.pages.length, doc.upload.pdfInfo.pageCount) : '',
                          t('review.copies', { count: doc.opts.copies }),
                          ...(doc.opts.sides === 'double' ? [t('review.doubleSided')] : []),
                        ].join(' · ')}
                      </p>
                    </div>
                    {line && <span className="shrink-0 font-medium">{formatRupees(line.subtotal)}</span>}
                  </li>
                );
              })}
            </ol>
          )}
          <CostBreakdown cost={cost} deliveryCharge={w.deliveryType === 'delivery' ? cost.deliveryCharge : w.deliveryType === 'pickup' ? 0 : undefined} />
        </div>
      )}
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button onClick={() => w.go(Math.max(4, w.step))} className="w-full sm:w-auto">{t('review.continue')}</Button>
        <Button variant="outline" onClick={addAnother} className="w-full sm:w-auto">
          <Plus className="h-4 w-4" aria-hidden /> {t('review.addAnother')}
        </Button>
      </div>
    </StepCard>
  );
}
