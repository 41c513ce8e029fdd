import { backOfficeStatusLabel, statusColor, statusesFor } from '@shop/shared/common/status';
import { paperSizeLabel } from '@shop/shared/common/options';
import { Download, MessageCircle, Phone } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge, Card } from '@/components/ui/card';
import { Select } from '@/components/ui/input';
import { COLOR_CLASSES } from '@/features/orders/components/status-badge';
import { cn } from '@/lib/cn';
import { formatDateTime, formatRupees } from '@/lib/format';
import type { BackOfficeOrder } from '../api';

/** One order as the counter sees it: new marker, customer contact, status dropdown, file download. */
export function OrderCard({
  order,
  onStatus,
  onDownload,
  busy,
  actions,
}: {
  order: BackOfficeOrder;
  onStatus: (status: string) => void;
  onDownload: () => void;
  busy?: boolean;
  actions?: ReactNode;
}) {
  const isNew = order.status === 'unvisited' || order.status === 'visited';
  const options = statusesFor(order.delivery_type);
  return (
    <Card data-testid="order-card" className={cn('p-4', isNew && 'border-red-300 dark:border-red-800')}>
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="flex items-center gap-2 font-mono text-sm font-semibold">
            {isNew && (
              <span className="relative flex h-2.5 w-2.5" aria-hidden>
                <span className="absolute inline-flex h-full w-full animate-ping rounded-full bg-red-400 opacity-75" />
                <span className="relative inline-flex h-2.5 w-2.5 rounded-full bg-red-600" />
              </span>
            )}
            {order.order_number}
          </p>
          <p className="text-xs text-slate-500">{formatDateTime(order.paid_at ?? order.created_at)}</p>
        </div>
        <div className="flex shrink-0 items-center gap-1">
          {isNew && <Badge variant="destructive">New</Badge>}
          <Badge variant="outline">{order.delivery_type === 'pickup' ? 'Shop Pickup' : 'Home Delivery'}</Badge>
        </div>
      </div>
      <div className="mt-3 space-y-1 text-sm">
        <p className="font-medium">{order.customer_name}</p>
        <p className="flex flex-wrap items-center gap-3">
          <a href={`tel:${order.customer_phone}`} className="inline-flex items-center gap-1 text-brand-700 hover:underline dark:text-brand-500">
            <Phone className="h-4 w-4" aria-hidden /> {order.customer_phone}
          </a>
          {order.whatsapp_url && (
            <a href={order.whatsapp_url} target="_blank" rel="noopener noreferrer" className="inline-flex items-center gap-1 text-green-700 hover:underline dark:text-green-400">
              <MessageCircle className="h-4 w-4" aria-hidden /> WhatsApp
            </a>
          )}
        </p>
        <p className="text-slate-600 dark:text-slate-400">{order.address_text}</p>
        <p className="truncate">
          {order.original_filename} · {order.page_count} pages × {order.copies} · {paperSizeLabel(order.paper_size)} · <span className="capitalize">{order.sides}</span> ·{' '}
          <span className="capitalize">{order.printing_type}</span>
        </p>
        <p className="font-semibold">{formatRupees(order.total_amount)}</p>
      </div>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <label className="sr-only" htmlFor={`status-${order.id}`}>Status of {order.order_number}</label>
        <Select
          id={`status-${order.id}`}
          value={order.status}
          disabled={busy}
          onChange={(e) => onStatus(e.target.value)}
          className={cn('h-9 w-auto min-w-36 font-medium', COLOR_CLASSES[statusColor(order.status)])}
        >
          {options.map((s) => (
            <option key={s} value={s}>{backOfficeStatusLabel(s, order.delivery_type)}</option>
          ))}
        </Select>
        <button type="button" onClick={onDownload} className="inline-flex h-9 items-center gap-1 rounded-md border border-slate-300 px-3 text-sm hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-800">
          <Download className="h-4 w-4" aria-hidden /> Download
        </button>
        {actions}
      </div>
    </Card>
  );
}
