import type { OrderDocumentDto } from '@shop/shared/orders/order';
import { FileText } from 'lucide-react';
import { formatDate, formatRupees } from '@/lib/format';
import { bindingLabel, orientationLabel, paperSizeLabel, paperTypeLabel, printingTypeLabel, sidesLabel, useWordsText } from '@/lib/i18n/words';
import { describePagesText, ordersText, useOrdersText } from '../texts';

/** One line of how a document prints: "Black & White · A4 White 75 GSM · single · portrait · spiral binding". */
export function documentPrintLine(d: OrderDocumentDto): string {
  return [
    d.colour_mode === 'mixed' ? ordersText('list.mixed', { pages: d.colour_pages || ordersText('list.mixedNone') }) : printingTypeLabel(d.printing_type),
    `${paperSizeLabel(d.paper_size)} ${paperTypeLabel(d.paper_type)}`,
    sidesLabel(d.sides),
    orientationLabel(d.orientation),
    bindingLabel(d, false),
  ]
    .filter(Boolean)
    .join(' · ');
}

/** The documents of an order, each with its pages, copies, print and price (tracking, the admin's order). */
export function OrderDocumentsList({ documents, showPrices = true }: { documents: readonly OrderDocumentDto[]; showPrices?: boolean }) {
  const t = useOrdersText();
  useWordsText();
  return (
    <ol className="divide-y divide-slate-200 text-sm dark:divide-slate-700" aria-label={t('list.label')}>
      {documents.map((d) => (
        <li key={d.position} className="flex items-start justify-between gap-3 py-2" data-testid="order-document">
          <div className="min-w-0">
            <p className="flex items-center gap-1.5 font-medium">
              <FileText className="h-4 w-4 shrink-0 text-slate-400" aria-hidden />
              <span className="min-w-0 break-all">{documents.length > 1 ? `${d.position}. ` : ''}{d.original_filename}</span>
            </p>
            <p className="text-slate-600 dark:text-slate-400">
              {t('list.pagesCopies', { pages: describePagesText(d.page_range, d.printed_pages, d.page_count), copies: d.copies })}
            </p>
            <p className="text-slate-600 dark:text-slate-400">{d.service_name} · {documentPrintLine(d)}</p>
            {(d.sensitive || !d.file_id) && (
              <p className="text-xs font-medium text-slate-600 dark:text-slate-400">
                {[d.sensitive ? t('list.sensitive') : null, d.file_id ? null : d.file_deleted_at ? t('list.fileDeletedOn', { date: formatDate(d.file_deleted_at) }) : t('list.fileGone')].filter(Boolean).join(' · ')}
              </p>
            )}
          </div>
          {showPrices && <span className="shrink-0 font-medium">{formatRupees(d.printing_cost + d.binding_cost)}</span>}
        </li>
      ))}
    </ol>
  );
}
