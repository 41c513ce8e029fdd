import { isNewOrder, statusColor, statusesFor } from '@shop/shared/common/status';
import { formatDateIn } from '@shop/shared/i18n/format';
import { chargedRate } from '@shop/shared/pricing/pricing';
import { documentsOfOrder, type OrderDocumentDto } from '@shop/shared/orders/order';
import { Download, FileText, Loader2, MapPin, MessageCircle, Phone, Store } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge, Card } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import { formatDateTime, formatRupees, relativeTime } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n/i18n';
import { backOfficeStatusLabel, bindingLabel, deliveryTypeLabel, orientationLabel, paperSizeLabel, paperTypeLabel, sidesLabel, useWordsText } from '@/lib/i18n/words';
import { counterRich, counterText, useCounterText } from '../texts';
import type { BackOfficeOrder } from '../api';

/** The status dropdown wears the status colour (spec §4); its own classes, so nothing overrides the colour. */
const STATUS_SELECT_COLORS: Record<string, string> = {
  blue: 'border-blue-300 bg-blue-50 text-blue-900 dark:border-blue-800 dark:bg-blue-950 dark:text-blue-100',
  yellow: 'border-yellow-300 bg-yellow-50 text-yellow-900 dark:border-yellow-800 dark:bg-yellow-950 dark:text-yellow-100',
  orange: 'border-orange-300 bg-orange-50 text-orange-900 dark:border-orange-800 dark:bg-orange-950 dark:text-orange-100',
  green: 'border-green-300 bg-green-50 text-green-900 dark:border-green-800 dark:bg-green-950 dark:text-green-100',
  purple: 'border-purple-300 bg-purple-50 text-purple-900 dark:border-purple-800 dark:bg-purple-950 dark:text-purple-100',
  indigo: 'border-indigo-300 bg-indigo-50 text-indigo-900 dark:border-indigo-800 dark:bg-indigo-950 dark:text-indigo-100',
  gray: 'border-slate-300 bg-white text-slate-900 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100',
};

const shortDateTime = (iso: string) => formatDateIn(currentLanguage(), iso, 'shortDateTime');

type PrintedDocument = Pick<
  OrderDocumentDto,
  'page_count' | 'page_range' | 'printed_pages' | 'colour_mode' | 'colour_pages' | 'copies' | 'printing_type' | 'sides' | 'paper_size' | 'paper_type' | 'orientation' | 'spiral_binding' | 'paper_binding' | 'transparent_sheet' | 'lamination' | 'service_name' | 'printing_cost'
>;

/** What the counter has to do with one document's paper: short facts. */
export function printSummary(doc: PrintedDocument): string[] {
  const t = counterText;
  // Lamination is shown beside a binding here (the counter does both), not as one of the choices.
  const binding = bindingLabel({ ...doc, lamination: false }, false);
  const pages = doc.page_range
    ? t('summary.range', { range: doc.page_range, printed: doc.printed_pages, total: doc.page_count, copies: doc.copies })
    : t('summary.pages', { pages: doc.page_count, copies: doc.copies });
  return [
    pages,
    doc.printing_type === 'bw' ? t('summary.bw') : doc.printing_type === 'pvc' ? t('summary.pvc') : doc.colour_mode === 'mixed' ? t('summary.mixed', { pages: doc.colour_pages || t('summary.mixedNone') }) : t('summary.colour'),
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
  const { rate, per } = chargedRate({ printingCost: doc.printing_cost, pages: doc.printed_pages, copies: doc.copies, sides: doc.sides });
  return counterText(per === 'sheet' ? 'service.sheet' : 'service.page', { service: doc.service_name, rate: formatRupees(rate) });
}

const downloadClass = 'border-slate-300 bg-white hover:bg-slate-50 disabled:opacity-70 dark:border-slate-700 dark:bg-slate-900 dark:hover:bg-slate-800';

// Touch-sized on phones and counter tablets; compact only on a desktop-width screen.
const actionClass =
  'inline-flex h-11 items-center justify-center gap-1.5 rounded-md border px-3 text-sm font-medium lg:h-9 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600';

/** One order as the counter sees it: new marker, customer contact, what to print, status dropdown, file download. */
export function OrderCard({
  order,
  onStatus,
  onDownload,
  pendingStatus,
  downloading,
  actions,
  printing,
}: {
  order: BackOfficeOrder;
  onStatus: (status: string) => void;
  /** Downloads one document as it prints (the order's only one when no document is named). */
  onDownload: (file?: { download_url: string; original_filename: string }) => void;
  /** A status being saved: shown at once, the dropdown waits for the answer. */
  pendingStatus?: string;
  downloading?: boolean;
  actions?: ReactNode;
  /** The printing panel (features/printing), under the actions. */
  printing?: ReactNode;
}) {
  const status = pendingStatus ?? order.status;
  const t = useCounterText();
  useWordsText();
  const isNew = isNewOrder(order.status);
  const isPickup = order.delivery_type === 'pickup';
  const placed = order.paid_at ?? order.created_at;
  const selectId = `status-${order.id}`;
  const documents = documentsOfOrder(order);
  const several = documents.length > 1;
  const settable: readonly string[] = statusesFor(order.delivery_type);
  // An order in a status this list hides (a draft, or an old 'delivered' pickup) still shows what it is.
  const options = settable.includes(order.status) ? settable : [order.status, ...settable];
  return (
    <Card
      data-testid="order-card"
      data-new={isNew || undefined}
      className={cn('min-w-0 p-4', isNew && 'border-red-300 bg-red-50/60 shadow-red-100 ring-1 ring-red-200 dark:border-red-900 dark:bg-red-950/30 dark:ring-red-900')}
    >
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <p className={cn('flex items-center gap-2 font-mono text-base font-semibold', isNew && 'text-red-700 dark:text-red-400')}>
            {isNew && (
              <span className="relative flex h-3 w-3 shrink-0" aria-hidden data-testid="new-marker">
                <span className="absolute inline-flex h-full w-full animate-ping rounded-full bg-red-400 opacity-75 motion-reduce:animate-none" />
                <span className="relative inline-flex h-3 w-3 rounded-full bg-red-600" />
              </span>
            )}
            <span className="truncate">{order.order_number}</span>
          </p>
          <p className="text-xs text-slate-500 dark:text-slate-400">
            <time dateTime={placed} title={formatDateTime(placed)}>{relativeTime(placed)} · {shortDateTime(placed)}</time>
          </p>
        </div>
        <div className="flex shrink-0 flex-col items-end gap-1">
          {isNew && <Badge variant="destructive">{t('card.new')}</Badge>}
          <Badge variant="outline" className="whitespace-nowrap">{deliveryTypeLabel(order.delivery_type)}</Badge>
        </div>
      </div>

      <div className="mt-3 space-y-2 text-sm">
        <p className="text-base font-semibold">{order.customer_name}</p>
        {order.customer_phone && (
          <div className="flex flex-wrap gap-2">
            <a href={`tel:${order.customer_phone}`} aria-label={t('card.call', { name: order.customer_name, phone: order.customer_phone })} className={cn(actionClass, 'border-slate-300 text-brand-700 hover:bg-slate-50 dark:border-slate-700 dark:text-blue-300 dark:hover:bg-slate-800')}>
              <Phone className="h-4 w-4" aria-hidden /> {order.customer_phone}
            </a>
            {order.whatsapp_url && (
              <a
                href={order.whatsapp_url}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={t('card.whatsapp', { name: order.customer_name })}
                className={cn(actionClass, 'border-green-300 text-green-800 hover:bg-green-50 dark:border-green-800 dark:text-green-300 dark:hover:bg-green-950')}
              >
                <MessageCircle className="h-4 w-4" aria-hidden /> WhatsApp
              </a>
            )}
          </div>
        )}
        <p className="flex gap-1.5 text-slate-700 dark:text-slate-300">
          {isPickup ? <Store className="mt-0.5 h-4 w-4 shrink-0 text-slate-400" aria-hidden /> : <MapPin className="mt-0.5 h-4 w-4 shrink-0 text-slate-400" aria-hidden />}
          {/* The server stores a pickup's address as the spec's 'Self Pickup'. */}
          <span className="min-w-0 break-words">{isPickup && order.address_text === 'Self Pickup' ? t('card.selfPickup') : order.address_text}</span>
        </p>
        {documents.map((doc) => (
          <div key={doc.position} className={cn('space-y-2', several && 'rounded-md border border-slate-200 p-2 dark:border-slate-700')} data-testid="order-document">
            <p className="flex gap-1.5">
              <FileText className="mt-0.5 h-4 w-4 shrink-0 text-slate-400" aria-hidden />
              <span className="min-w-0 break-all font-medium">{several ? `${doc.position}. ` : ''}{doc.original_filename}</span>
            </p>
            <p data-testid="order-service" className="text-slate-700 dark:text-slate-300">
              <span className="sr-only">{t('card.service')}</span>
              {serviceLine(doc)}
            </p>
            <ul className="flex flex-wrap gap-1" aria-label={t('card.printDetails')}>
              {printSummary(doc).map((fact) => (
                <li key={fact} className="rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-700 dark:bg-slate-800 dark:text-slate-300">{fact}</li>
              ))}
            </ul>
            {doc.source && (
              <p className="text-xs text-slate-600 dark:text-slate-400">
                {counterRich(
                  'card.madeFrom',
                  { download: <button type="button" className="font-medium text-brand-700 underline dark:text-blue-300" onClick={() => onDownload({ download_url: doc.source!.download_url, original_filename: doc.source!.filename })} /> },
                  { file: doc.source.filename },
                )}
              </p>
            )}
            {several && (
              <button type="button" onClick={() => onDownload(doc)} disabled={downloading} aria-label={t('card.downloadDoc', { file: doc.original_filename, order: order.order_number, position: doc.position })} className={cn(actionClass, downloadClass)}>
                <Download className="h-4 w-4" aria-hidden /> {t('card.download')}
              </button>
            )}
          </div>
        ))}
        <p className="text-base font-semibold">
          {formatRupees(order.total_amount)}
          <span className="ml-1 text-xs font-normal text-slate-500">{order.delivery_charge > 0 ? t('card.paidDelivery', { charge: formatRupees(order.delivery_charge) }) : t('card.paid')}</span>
        </p>
      </div>

      <div className="mt-3 flex flex-wrap items-center gap-2">
        <label className="sr-only" htmlFor={selectId}>{t('card.statusOf', { order: order.order_number })}</label>
        <select
          id={selectId}
          value={status}
          disabled={pendingStatus !== undefined}
          aria-busy={pendingStatus !== undefined}
          onChange={(e) => onStatus(e.target.value)}
          className={cn(
            'h-11 min-w-36 flex-1 rounded-md border px-3 text-base font-semibold disabled:opacity-70 lg:h-9 lg:flex-none lg:text-sm',
            STATUS_SELECT_COLORS[statusColor(status)] ?? STATUS_SELECT_COLORS.gray,
          )}
        >
          {options.map((s) => (
            <option key={s} value={s} disabled={!settable.includes(s)}>
              {backOfficeStatusLabel(s, order.delivery_type)}
            </option>
          ))}
        </select>
        {!several && (
          <button
            type="button"
            onClick={() => onDownload(documents[0])}
            disabled={downloading}
            aria-label={t('card.downloadOne', { file: order.original_filename, order: order.order_number })}
            className={cn(actionClass, downloadClass)}
          >
            {downloading ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden /> : <Download className="h-4 w-4" aria-hidden />}
            {downloading ? t('card.downloading') : t('card.download')}
          </button>
        )}
        {actions}
      </div>
      {printing}
    </Card>
  );
}
