import type { OrderDocumentDto } from '@shop/shared/orders/order';
import { FileText, ScrollText } from 'lucide-react';
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
import { ordersText, useOrdersText } from '../texts';

/**
 * How a document is printed beyond its line: which pages go in colour (a mixed document), then "A4 White 75 GSM ·
 * Single-sided · Portrait · Spiral binding".
 */
export function documentPrintLine(d: OrderDocumentDto): string {
  return [
    d.colour_mode === 'mixed'
      ? ordersText('list.mixed', { pages: d.colour_pages || ordersText('list.mixedNone') })
      : null,
    `${paperSizeLabel(d.paper_size)} ${paperTypeLabel(d.paper_type)}`,
    sidesLabel(d.sides),
    orientationLabel(d.orientation),
    bindingLabel(d, false),
  ]
    .filter(Boolean)
    .join(' · ');
}

/**
 * The documents of an order, one line each ("pages 1-6 · 2 colour + 4 B&W · 1 copy", the same words as every other
 * screen, mail and bill), with the service, the paper and the price (tracking, review, the admin's order).
 * `showConversion` says "converted to PDF" after a photo's or Word file's name (the shop's screens).
 */
export function OrderDocumentsList({
  documents,
  showPrices = true,
  showConversion = false,
}: {
  documents: readonly OrderDocumentDto[];
  showPrices?: boolean;
  showConversion?: boolean;
}) {
  const t = useOrdersText();
  useWordsText();
  return (
    <ol className="divide-y divide-slate-200 text-sm dark:divide-slate-700" aria-label={t('list.label')}>
      {documents.map((d) => {
        const Icon = d.paper_original ? ScrollText : FileText;
        return (
          <li key={d.position} className="flex items-start justify-between gap-3 py-2" data-testid="order-document">
            <div className="min-w-0">
              <p className="flex items-center gap-1.5 font-medium">
                <Icon className="h-4 w-4 shrink-0 text-slate-400" aria-hidden />
                <span className="min-w-0 break-all">
                  {documents.length > 1 ? `${d.position}. ` : ''}
                  {documentNameText(d, { showConversion })}
                </span>
              </p>
              <p className="text-slate-700 dark:text-slate-300" data-testid="document-line">
                {documentLine(d, { withoutName: true })}
              </p>
              <p className="text-slate-600 dark:text-slate-400">
                {d.service_name} · {documentPrintLine(d)}
              </p>
              {(d.sensitive || (!d.file_id && !d.paper_original)) && (
                <p className="text-xs font-medium text-slate-600 dark:text-slate-400">
                  {[
                    d.sensitive ? t('list.sensitive') : null,
                    d.file_id || d.paper_original
                      ? null
                      : d.file_deleted_at
                        ? t('list.fileDeletedOn', { date: formatDate(d.file_deleted_at) })
                        : t('list.fileGone'),
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </p>
              )}
            </div>
            {showPrices && (
              <span className="shrink-0 font-medium">{formatRupees(d.printing_cost + d.binding_cost)}</span>
            )}
          </li>
        );
      })}
    </ol>
  );
}
