import { isNewOrder, statusColor, statusesFor, type SettableStatus } from '@shop/shared/common/status';
import { formatDateIn } from '@shop/shared/i18n/format';
import { Download, Loader2, MapPin, MessageCircle, Phone, Store } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { ChevronDown } from 'lucide-react';
import { useMediaQuery } from '@/lib/use-media-query';
import { groupIndianMobile } from '@shop/shared/common/mobile';
import { Badge, Card } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import { formatDateTime, formatRupees, relativeTime } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n/i18n';
import { backOfficeStatusLabel, deliveryTypeLabel, documentLine, useWordsText } from '@/lib/i18n/words';
import type { BackOfficeOrder } from '../api';
import { useCounterText } from '../texts';
import { DueTime } from './due-time';
import { actionClass, canDownload, downloadClass, OrderCardDocument } from './order-card-document';

/** The status dropdown wears the status colour; its own classes, so nothing overrides the colour. */
const STATUS_SELECT_COLORS: Record<string, string> = {
  blue: 'border-blue-300 bg-blue-50 text-blue-900 dark:border-blue-800 dark:bg-blue-950 dark:text-blue-100',
  yellow:
    'border-yellow-300 bg-yellow-50 text-yellow-900 dark:border-yellow-800 dark:bg-yellow-950 dark:text-yellow-100',
  orange:
    'border-orange-300 bg-orange-50 text-orange-900 dark:border-orange-800 dark:bg-orange-950 dark:text-orange-100',
  green: 'border-green-300 bg-green-50 text-green-900 dark:border-green-800 dark:bg-green-950 dark:text-green-100',
  purple:
    'border-purple-300 bg-purple-50 text-purple-900 dark:border-purple-800 dark:bg-purple-950 dark:text-purple-100',
  indigo:
    'border-indigo-300 bg-indigo-50 text-indigo-900 dark:border-indigo-800 dark:bg-indigo-950 dark:text-indigo-100',
  gray: 'border-slate-300 bg-white text-slate-900 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100',
};

const shortDateTime = (iso: string) => formatDateIn(currentLanguage(), iso, 'shortDateTime');

/** An order's documents, one line each ("2. report.pdf · pages 1-6 · B&W · 2 copies"), and the way to their details. */
function FoldedDocuments({ order, onOpen }: { order: BackOfficeOrder; onOpen: () => void }) {
  const t = useCounterText();
  const { documents } = order;
  return (
    <div className="space-y-2" data-testid="documents-folded">
      <ol
        className="space-y-1 rounded-md border border-slate-200 p-2 dark:border-slate-700"
        aria-label={t('card.documentsOf', { count: documents.length })}
      >
        {documents.map((d) => (
          <li key={d.position} className="break-words">
            {d.position}. {documentLine(d)}
            {d.sensitive && (
              <span className="ml-1 rounded bg-amber-100 px-1 text-xs font-semibold text-amber-900 dark:bg-amber-900 dark:text-amber-100">
                {t('card.sensitive')}
              </span>
            )}
          </li>
        ))}
      </ol>
      <button type="button" aria-expanded={false} className={cn(actionClass, downloadClass, 'w-full')} onClick={onOpen}>
        <ChevronDown className="h-4 w-4" aria-hidden /> {t('card.showDocuments', { count: documents.length })}
      </button>
    </div>
  );
}

/** One order as the counter sees it: new marker, customer contact, what to print, status dropdown, file download. */
export function OrderCard({
  order,
  onStatus,
  onDownload,
  pendingStatus,
  downloading,
  actions,
  printing,
  downloadFirst = false,
  collectWithCodeOnly,
}: {
  order: BackOfficeOrder;
  /** The counter: a pickup order with a code is collected with its code (the Collect button), not from this list. */
  collectWithCodeOnly?: boolean;
  onStatus: (status: SettableStatus) => void;
  /** Downloads one document as it prints (the order's only one when no document is named). */
  onDownload: (file?: { download_url: string; original_filename: string }) => void;
  /** A status being saved: shown at once, the dropdown waits for the answer. */
  pendingStatus?: string;
  downloading?: boolean;
  actions?: ReactNode;
  /** The printing panel (features/printing), under the actions. */
  printing?: ReactNode;
  /** No printer is set up: the download is how the counter prints, so it is the main button (decision 039). */
  downloadFirst?: boolean;
}) {
  const status = pendingStatus ?? order.status;
  const t = useCounterText();
  useWordsText();
  const isNew = isNewOrder(order.status);
  const isPickup = order.delivery_type === 'pickup';
  const placed = order.paid_at ?? order.created_at;
  const selectId = `status-${order.id}`;
  const { documents } = order;
  const several = documents.length > 1;
  const settable: readonly string[] = statusesFor(order.delivery_type);
  // An order in a status this list hides (a draft, or an old 'delivered' pickup) still shows what it is.
  const options = settable.includes(order.status) ? settable : [order.status, ...settable];
  // On a phone an order of several documents shows a line for each (a three-document card was ~1,500 px tall);
  // the full details, with each document's download, a tap away.
  const phone = useMediaQuery('(max-width: 639px)');
  const [showDocuments, setShowDocuments] = useState(false);
  return (
    <Card
      data-testid="order-card"
      data-new={isNew || undefined}
      className={cn(
        'min-w-0 p-4',
        isNew &&
          'border-red-300 bg-red-50/60 shadow-red-100 ring-1 ring-red-200 dark:border-red-900 dark:bg-red-950/30 dark:ring-red-900',
      )}
    >
      {/* The badges go under the order number when both do not fit: the number is never cut (decision 039). */}
      <div className="flex flex-wrap items-start justify-between gap-x-2 gap-y-1">
        <div className="min-w-0">
          <p
            className={cn(
              'flex items-center gap-2 font-mono text-base font-semibold',
              isNew && 'text-red-700 dark:text-red-400',
            )}
          >
            {isNew && (
              <span className="relative flex h-3 w-3 shrink-0" aria-hidden data-testid="new-marker">
                <span className="absolute inline-flex h-full w-full animate-ping rounded-full bg-red-400 opacity-75 motion-reduce:animate-none" />
                <span className="relative inline-flex h-3 w-3 rounded-full bg-red-600" />
              </span>
            )}
            <span className="whitespace-nowrap" data-testid="order-number">
              {order.order_number}
            </span>
          </p>
          <p className="text-xs text-slate-500 dark:text-slate-400">
            <time dateTime={placed} title={formatDateTime(placed)}>
              <span className="whitespace-nowrap">{relativeTime(placed)}</span> ·{' '}
              <span className="whitespace-nowrap">{shortDateTime(placed)}</span>
            </time>
          </p>
        </div>
        <div className="ml-auto flex flex-wrap justify-end gap-1 sm:flex-col sm:items-end">
          {isNew && <Badge variant="destructive">{t('card.new')}</Badge>}
          <Badge variant="outline" className="whitespace-nowrap">
            {deliveryTypeLabel(order.delivery_type)}
          </Badge>
          {order.origin === 'counter' && (
            <Badge variant="secondary" className="whitespace-nowrap">
              {t('card.walkIn', { method: order.payment_method })}
            </Badge>
          )}
        </div>
      </div>
      <div className="mt-2 flex flex-wrap items-center gap-2 empty:hidden">
        <DueTime readyBy={order.ready_by} status={order.status} />
        {order.customer_waiting && order.status !== 'collected' && (
          <Badge variant="destructive" className="whitespace-nowrap">
            {t('card.waiting')}
          </Badge>
        )}
      </div>

      <div className="mt-3 space-y-2 text-sm">
        <p className="text-base font-semibold">{order.customer_name}</p>
        {order.customer_phone && (
          <div className="flex flex-wrap gap-2">
            <a
              href={`tel:${order.customer_phone}`}
              aria-label={t('card.call', { name: order.customer_name, phone: order.customer_phone })}
              className={cn(
                actionClass,
                'border-slate-300 text-brand-700 hover:bg-slate-50 dark:border-slate-700 dark:text-blue-300 dark:hover:bg-slate-800',
              )}
            >
              <Phone className="h-4 w-4" aria-hidden /> {groupIndianMobile(order.customer_phone)}
            </a>
            {order.whatsapp_url && (
              <a
                href={order.whatsapp_url}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={t('card.whatsapp', { name: order.customer_name })}
                className={cn(
                  actionClass,
                  'border-green-300 text-green-800 hover:bg-green-50 dark:border-green-800 dark:text-green-300 dark:hover:bg-green-950',
                )}
              >
                <MessageCircle className="h-4 w-4" aria-hidden /> WhatsApp
              </a>
            )}
          </div>
        )}
        <p className="flex gap-1.5 text-slate-700 dark:text-slate-300">
          {isPickup ? (
            <Store className="mt-0.5 h-4 w-4 shrink-0 text-slate-400" aria-hidden />
          ) : (
            <MapPin className="mt-0.5 h-4 w-4 shrink-0 text-slate-400" aria-hidden />
          )}
          {/* The server stores a pickup's address as 'Self Pickup' (the original API's value). */}
          <span className="min-w-0 break-words">
            {isPickup && order.address_text === 'Self Pickup' ? t('card.selfPickup') : order.address_text}
          </span>
        </p>
        {several && phone && !showDocuments ? (
          <FoldedDocuments order={order} onOpen={() => setShowDocuments(true)} />
        ) : (
          documents.map((doc) => (
            <OrderCardDocument
              key={doc.position}
              doc={doc}
              several={several}
              orderNumber={order.order_number}
              onDownload={onDownload}
              downloading={downloading}
            />
          ))
        )}
        {several && phone && showDocuments && (
          <button
            type="button"
            aria-expanded
            className={cn(actionClass, downloadClass, 'w-full')}
            onClick={() => setShowDocuments(false)}
          >
            <ChevronDown className="h-4 w-4 rotate-180" aria-hidden /> {t('card.foldDocuments')}
          </button>
        )}
        {/* After a refund: what the shop kept, and what went back (decision 039). */}
        <p className="text-base font-semibold" data-testid="order-paid">
          {formatRupees(Math.round((order.total_amount - (order.refunded_amount ?? 0)) * 100) / 100)}{' '}
          <span className="ml-1 text-xs font-normal text-slate-500">
            {order.delivery_charge > 0
              ? t('card.paidAtDelivery', { method: order.payment_method, charge: formatRupees(order.delivery_charge) })
              : t('card.paidAt', { method: order.payment_method })}
          </span>
          {order.refunded_amount ? ' ' : null}
          {order.refunded_amount ? (
            <span className="ml-1 text-sm font-medium text-amber-800 dark:text-amber-300">
              {t('card.refunded', { amount: formatRupees(order.refunded_amount) })}
            </span>
          ) : null}
        </p>
        {/* A refund the customer's bank refused: the counter owes it to them (decision 021). */}
        {order.owed_back_amount ? (
          <p className="text-sm font-medium text-red-700 dark:text-red-400" data-testid="order-owed-back">
            {t('card.owedBack', { amount: formatRupees(order.owed_back_amount) })}
          </p>
        ) : null}
      </div>

      <div className="mt-3 flex flex-wrap items-center gap-2">
        <label className="sr-only" htmlFor={selectId}>
          {t('card.statusOf', { order: order.order_number })}
        </label>
        <select
          id={selectId}
          value={status}
          disabled={pendingStatus !== undefined}
          aria-busy={pendingStatus !== undefined}
          // A choice among the settable statuses (the order's own one is chosen already, so never sent).
          onChange={(e) => onStatus(e.target.value as SettableStatus)}
          className={cn(
            'h-11 min-w-36 flex-1 rounded-md border px-3 text-base font-semibold disabled:opacity-70 lg:h-9 lg:flex-none lg:text-sm',
            STATUS_SELECT_COLORS[statusColor(status)] ?? STATUS_SELECT_COLORS.gray,
          )}
        >
          {options.map((s) => (
            <option
              key={s}
              value={s}
              disabled={
                !settable.includes(s) ||
                (collectWithCodeOnly && s === 'collected' && order.has_pickup_code && order.status !== 'collected')
              }
            >
              {backOfficeStatusLabel(s, order.delivery_type)}
            </option>
          ))}
        </select>
        {!several && canDownload(documents[0]!) && (
          <button
            type="button"
            onClick={() => onDownload(documents[0])}
            disabled={downloading}
            aria-label={t('card.downloadOne', { file: documents[0]!.original_filename, order: order.order_number })}
            className={cn(
              actionClass,
              downloadFirst
                ? 'border-brand-700 bg-brand-700 text-white hover:bg-brand-800 disabled:opacity-70'
                : downloadClass,
            )}
          >
            {downloading ? (
              <Loader2 className="h-4 w-4 animate-spin" aria-hidden />
            ) : (
              <Download className="h-4 w-4" aria-hidden />
            )}
            {downloading ? t('card.downloading') : t('card.download')}
          </button>
        )}
        {actions}
      </div>
      {printing}
    </Card>
  );
}
