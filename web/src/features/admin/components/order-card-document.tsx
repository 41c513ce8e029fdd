import type { OrderDocumentDto } from '@shop/shared/orders/order';
import { chargedRate } from '@shop/shared/pricing/pricing';
import { Download, FileText, FileX, ScrollText, ShieldAlert } from 'lucide-react';
import { cn } from '@/lib/cn';
import { formatDate, formatRupees } from '@/lib/format';
import {
  bindingLabel,
  documentLine,
  documentNameText,
  orientationLabel,
  paperSizeLabel,
  paperTypeLabel,
  sidesLabel,
  useWordsText,
} from '@/lib/i18n/words';
import { counterRich, counterText, useCounterText } from '../texts';

type PrintedDocument = Pick<
  OrderDocumentDto,
  | 'page_count'
  | 'page_range'
  | 'printed_pages'
  | 'colour_mode'
  | 'colour_pages'
  | 'copies'
  | 'printing_type'
  | 'sides'
  | 'paper_size'
  | 'paper_type'
  | 'orientation'
  | 'spiral_binding'
  | 'paper_binding'
  | 'transparent_sheet'
  | 'lamination'
  | 'service_name'
  | 'printing_cost'
  | 'paper_original'
>;

/**
 * What the counter has to do with one document's paper, beyond its line: short facts (a paper original to photocopy,
 * which pages go in colour, sides, paper, orientation, binding).
 */
export function printSummary(doc: PrintedDocument): string[] {
  const t = counterText;
  // Lamination is shown beside a binding here (the counter does both), not as one of the choices.
  const binding = bindingLabel({ ...doc, lamination: false }, false);
  return [
    // A walk-in's paper original (decision 025): photocopied from the paper, nothing to download or send.
    ...(doc.paper_original ? [t('card.paperOriginal')] : []),
    // Which pages go in colour, so the clerk can check them (the line says how many).
    ...(doc.colour_mode === 'mixed' ? [t('summary.mixed', { pages: doc.colour_pages || t('summary.mixedNone') })] : []),
    sidesLabel(doc.sides === 'double' ? 'double' : 'single'),
    `${paperSizeLabel(doc.paper_size)} ${paperTypeLabel(doc.paper_type)}`,
    orientationLabel(doc.orientation === 'landscape' ? 'landscape' : 'portrait'),
    ...(binding ? [binding] : []),
    ...(doc.lamination ? [bindingLabel({ lamination: true }, false)!] : []),
  ];
}

/** "Black & White Printing A4 · ₹2.00 a page": the service a document was priced by and the rate it was charged. */
export function serviceLine(doc: PrintedDocument): string {
  if (doc.colour_mode === 'mixed') return counterText('service.mixed', { service: doc.service_name });
  const { rate, per } = chargedRate({
    printingCost: doc.printing_cost,
    pages: doc.printed_pages,
    copies: doc.copies,
    sides: doc.sides,
  });
  return counterText(per === 'sheet' ? 'service.sheet' : 'service.page', {
    service: doc.service_name,
    rate: formatRupees(rate),
  });
}

/** The counter downloads a document only while its file is kept and it is not sensitive (decision 026). */
export const canDownload = (doc: Pick<OrderDocumentDto, 'file_id' | 'sensitive'>) =>
  Boolean(doc.file_id) && !doc.sensitive;

export const downloadClass =
  'border-slate-300 bg-white hover:bg-slate-50 disabled:opacity-70 dark:border-slate-700 dark:bg-slate-900 dark:hover:bg-slate-800';

// Touch-sized on phones and counter tablets; compact only on a desktop-width screen.
export const actionClass =
  'inline-flex h-11 items-center justify-center gap-1.5 rounded-md border px-3 text-sm font-medium lg:h-9 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600';

/** One document on the order card: name, service, print facts, its original, sensitive mark or deleted file, download. */
export function OrderCardDocument({
  doc,
  several,
  orderNumber,
  onDownload,
  downloading,
}: {
  doc: OrderDocumentDto;
  several: boolean;
  orderNumber: string;
  onDownload: (file?: { download_url: string; original_filename: string }) => void;
  downloading?: boolean;
}) {
  // A paper original never had a file: nothing was deleted.
  const kept = Boolean(doc.file_id) || Boolean(doc.paper_original);
  const t = useCounterText();
  useWordsText();
  const paperFact = t('card.paperOriginal');
  const Icon = doc.paper_original ? ScrollText : FileText;
  return (
    <div
      className={cn('space-y-2', several && 'rounded-md border border-slate-200 p-2 dark:border-slate-700')}
      data-testid="order-document"
    >
      <p className="flex gap-1.5">
        <Icon className="mt-0.5 h-4 w-4 shrink-0 text-slate-400" aria-hidden />
        <span className="min-w-0 break-all font-medium">
          {several ? `${doc.position}. ` : ''}
          {documentNameText(doc, { showConversion: true })}
        </span>
      </p>
      {/* The one line every screen, mail and bill says: pages, colour split, copies. */}
      <p className="font-medium text-slate-800 dark:text-slate-200" data-testid="document-line">
        {documentLine(doc, { withoutName: true })}
      </p>
      {doc.sensitive && (
        <p
          className="inline-flex items-center gap-1.5 rounded border border-amber-400 bg-amber-50 px-2 py-1 text-sm font-semibold text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
          data-testid="sensitive-mark"
        >
          <ShieldAlert className="h-4 w-4 shrink-0" aria-hidden /> {t('card.sensitive')}
        </p>
      )}
      <p data-testid="order-service" className="text-slate-700 dark:text-slate-300">
        <span className="sr-only">{t('card.service')}</span>
        {serviceLine(doc)}
      </p>
      <ul className="flex flex-wrap gap-1" aria-label={t('card.printDetails')}>
        {printSummary(doc).map((fact) => (
          <li
            key={fact}
            className={cn(
              'rounded px-1.5 py-0.5 text-xs',
              fact === paperFact
                ? 'bg-amber-100 font-semibold text-amber-900 dark:bg-amber-900 dark:text-amber-100'
                : 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-300',
            )}
          >
            {fact}
          </li>
        ))}
      </ul>
      {!kept && (
        <p className="flex items-center gap-1.5 text-xs text-slate-600 dark:text-slate-400">
          <FileX className="h-4 w-4 shrink-0" aria-hidden />{' '}
          {doc.file_deleted_at
            ? t('card.fileDeletedOn', { date: formatDate(doc.file_deleted_at) })
            : t('card.fileGone')}
        </p>
      )}
      {doc.source && canDownload(doc) && (
        <p className="text-xs text-slate-600 dark:text-slate-400">
          {counterRich(
            'card.madeFrom',
            {
              download: (
                <button
                  type="button"
                  className="font-medium text-brand-700 underline dark:text-blue-300"
                  onClick={() =>
                    onDownload({ download_url: doc.source!.download_url, original_filename: doc.source!.filename })
                  }
                />
              ),
            },
            { file: doc.source.filename },
          )}
        </p>
      )}
      {several && canDownload(doc) && (
        <button
          type="button"
          onClick={() => onDownload(doc)}
          disabled={downloading}
          aria-label={t('card.downloadDoc', {
            file: doc.original_filename,
            order: orderNumber,
            position: doc.position,
          })}
          className={cn(actionClass, downloadClass)}
        >
          <Download className="h-4 w-4" aria-hidden /> {t('card.download')}
        </button>
      )}
    </div>
  );
}
