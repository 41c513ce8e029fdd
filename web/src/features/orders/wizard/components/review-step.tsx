import { Plus } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { CostBreakdown } from '../../components/cost-breakdown';
import { formatRupees } from '@/lib/format';
import { describePagesText, useOrdersText } from '../../texts';
import type { OrderWizard } from '../use-order-wizard';
import { pagesOf } from '../wizard-state';

/** Step 3: each document's price, the order's breakdown, and the way to add another document before paying. */
export function ReviewStep({ w, serviceName }: { w: OrderWizard; serviceName: (id: number) => string | undefined }) {
  const cost = w.cost;
  const t = useOrdersText();
  if (!cost) return null;
  const several = w.documents.length > 1;
  const addAnother = () => {
    w.setStep(1);
    requestAnimationFrame(() => document.getElementById('pdf')?.closest('div')?.scrollIntoView({ behavior: 'smooth', block: 'center' }));
  };
  return (
    <Card id="wizard-step-3" className="mt-6 scroll-mt-20">
      <CardHeader>
        <CardTitle>{t('review.title')}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
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
        <CostBreakdown cost={cost} />
        {w.step === 3 && (
          <div className="flex flex-col gap-2 sm:flex-row">
            <Button onClick={() => w.setStep(4)} className="w-full sm:w-auto">{t('review.continue')}</Button>
            <Button variant="outline" onClick={addAnother} className="w-full sm:w-auto">
              <Plus className="h-4 w-4" aria-hidden /> {t('review.addAnother')}
            </Button>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
