import { CheckCircle2 } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { formatRupees } from '@/lib/format';
import { orientationLabel, paperSizeLabel, paperTypeLabel, printingTypeLabel, sidesLabel, useWordsText } from '@/lib/i18n/words';
import { useOrdersText } from '../texts';

export interface OrderFacts {
  fileName: string;
  serviceName?: string;
  pages: number;
  /** The pages printed of a one-document order, when not all. */
  pageRange?: string;
  copies: number;
  total: number;
  delivery: string;
  paid: boolean;
  printingType: string;
  paperSize: string;
  paperType: string;
  sides: string;
  orientation: string;
  binding: string;
}

/** 'Order details' (with 'Payment Completed') and 'Printing options', for the live order and its saved copy. */
export function OrderFactsCards({ facts: f, several = false }: { facts: OrderFacts; several?: boolean }) {
  const t = useOrdersText();
  useWordsText();
  return (
    <>
      <Card>
        <CardHeader><CardTitle>{t('facts.title')}</CardTitle></CardHeader>
        <CardContent>
          <dl className="grid grid-cols-2 gap-y-2 text-sm">
            <dt className="text-slate-500 dark:text-slate-400">{t('facts.file')}</dt><dd className="break-all">{f.fileName}</dd>
            {f.serviceName && <><dt className="text-slate-500 dark:text-slate-400">{t('facts.service')}</dt><dd>{f.serviceName}</dd></>}
            <dt className="text-slate-500 dark:text-slate-400">{t('facts.pages')}</dt><dd>{f.pageRange ? t('facts.pagesRange', { count: f.pages, range: f.pageRange }) : f.pages}</dd>
            <dt className="text-slate-500 dark:text-slate-400">{t('facts.copies')}</dt><dd>{f.copies}</dd>
            <dt className="text-slate-500 dark:text-slate-400">{t('facts.total')}</dt><dd className="font-semibold">{formatRupees(f.total)}</dd>
            <dt className="text-slate-500 dark:text-slate-400">{t('facts.delivery')}</dt><dd>{f.delivery}</dd>
          </dl>
          {f.paid && (
            <p className="mt-4 inline-flex items-center gap-2 rounded-md bg-green-50 px-3 py-2 text-sm font-medium text-green-800 dark:bg-green-950 dark:text-green-200">
              <CheckCircle2 className="h-4 w-4" aria-hidden /> {t('facts.paid')}
            </p>
          )}
        </CardContent>
      </Card>
      {!several && <Card>
        <CardHeader><CardTitle>{t('facts.printTitle')}</CardTitle></CardHeader>
        <CardContent>
          <dl className="grid grid-cols-2 gap-y-2 text-sm">
            <dt className="text-slate-500 dark:text-slate-400">{t('facts.printing')}</dt><dd>{printingTypeLabel(f.printingType)}</dd>
            <dt className="text-slate-500 dark:text-slate-400">{t('facts.paper')}</dt><dd>{paperSizeLabel(f.paperSize)} · {paperTypeLabel(f.paperType)}</dd>
            <dt className="text-slate-500 dark:text-slate-400">{t('facts.sides')}</dt><dd>{sidesLabel(f.sides)}</dd>
            <dt className="text-slate-500 dark:text-slate-400">{t('facts.orientation')}</dt><dd>{orientationLabel(f.orientation)}</dd>
            <dt className="text-slate-500 dark:text-slate-400">{t('facts.binding')}</dt><dd>{f.binding}</dd>
          </dl>
        </CardContent>
      </Card>}
    </>
  );
}
