import { PRINTING_TYPE_LABELS, paperSizeLabel, paperTypeLabel, type PrintingType } from '@shop/shared/common/options';
import { describePages } from '@shop/shared/orders/page-range';
import type { OrderDocumentDto } from '@shop/shared/orders/order';
import { FILE_MESSAGES, SENSITIVE_LABEL } from '@shop/shared/files/retention';
import { FileText } from 'lucide-react';
import { formatRupees } from '@/lib/format';

const binding = (d: OrderDocumentDto) =>
  d.spiral_binding ? 'Spiral binding' : d.paper_binding ? 'Paper binding' : d.transparent_sheet ? 'Transparent sheet' : d.lamination ? 'Lamination' : null;

/** One line of how a document prints: "Black & White · A4 White 75 GSM · single · portrait · spiral binding". */
export function documentPrintLine(d: OrderDocumentDto): string {
  return [
    d.colour_mode === 'mixed' ? `Colour on pages ${d.colour_pages || '(none)'}, the rest black & white` : (PRINTING_TYPE_LABELS[d.printing_type as PrintingType] ?? d.printing_type),
    `${paperSizeLabel(d.paper_size)} ${paperTypeLabel(d.paper_type)}`,
    d.sides === 'double' ? 'double-sided' : 'single-sided',
    d.orientation,
    binding(d),
  ]
    .filter(Boolean)
    .join(' · ');
}

/** The documents of an order, each with its pages, copies, print and price (tracking, the admin's order). */
export function OrderDocumentsList({ documents, showPrices = true }: { documents: readonly OrderDocumentDto[]; showPrices?: boolean }) {
  return (
    <ol className="divide-y divide-slate-200 text-sm dark:divide-slate-700" aria-label="Documents">
      {documents.map((d) => (
        <li key={d.position} className="flex items-start justify-between gap-3 py-2" data-testid="order-document">
          <div className="min-w-0">
            <p className="flex items-center gap-1.5 font-medium">
              <FileText className="h-4 w-4 shrink-0 text-slate-400" aria-hidden />
              <span className="min-w-0 break-all">{documents.length > 1 ? `${d.position}. ` : ''}{d.original_filename}</span>
            </p>
            <p className="text-slate-600 dark:text-slate-400">
              {describePages(d.page_range, d.printed_pages, d.page_count)} × {d.copies} {d.copies === 1 ? 'copy' : 'copies'}
            </p>
            <p className="text-slate-600 dark:text-slate-400">{d.service_name} · {documentPrintLine(d)}</p>
            {(d.sensitive || !d.file_id) && (
              <p className="text-xs font-medium text-slate-600 dark:text-slate-400">
                {[d.sensitive ? SENSITIVE_LABEL : null, d.file_id ? null : FILE_MESSAGES.fileDeletedNote(d.file_deleted_at)].filter(Boolean).join(' · ')}
              </p>
            )}
          </div>
          {showPrices && <span className="shrink-0 font-medium">{formatRupees(d.printing_cost + d.binding_cost)}</span>}
        </li>
      ))}
    </ol>
  );
}
