import { paperSizeLabel, paperTypeLabel } from '@shop/shared/common/options';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, Skeleton } from '@/components/ui/card';
import { Dialog } from '@/components/ui/dialog';
import { useAdminOrders, type BackOfficeOrder } from '@/features/admin/api';
import { OrderCard } from '@/features/admin/components/order-card';
import { OrderFilters, Pager } from '@/features/admin/components/order-filters';
import { useOrderActions } from '@/features/admin/use-order-actions';
import { cn } from '@/lib/cn';
import { formatDateTime, formatRupees } from '@/lib/format';

const PAGE_SIZE = 24;

/** Admin orders: server-side filter, search and pages; a detail dialog with two tabs. */
export default function AdminOrdersPage() {
  const [params, setParams] = useSearchParams();
  const deliveryType = params.get('filter') ?? 'all';
  const [status, setStatus] = useState('all');
  const [searchText, setSearchText] = useState('');
  const [page, setPage] = useState(0);
  const [open, setOpen] = useState<BackOfficeOrder | null>(null);
  const [tab, setTab] = useState<'details' | 'address'>('details');
  const { data, isPending } = useAdminOrders({ status, deliveryType, search: searchText.trim() || undefined, limit: PAGE_SIZE, offset: page * PAGE_SIZE });
  const actions = useOrderActions('admin');
  const orders = data?.orders ?? [];

  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">Orders</h1>
      <OrderFilters
        status={status}
        onStatus={(v) => { setStatus(v); setPage(0); }}
        deliveryType={deliveryType}
        onDeliveryType={(v) => { setParams(v === 'all' ? {} : { filter: v }); setPage(0); }}
        search={searchText}
        onSearch={(v) => { setSearchText(v); setPage(0); }}
      />
      {isPending ? (
        <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {Array.from({ length: 6 }, (_, i) => <Card key={i} className="space-y-3 p-4"><Skeleton className="h-5 w-1/2" /><Skeleton className="h-4 w-3/4" /><Skeleton className="h-9 w-full" /></Card>)}
        </div>
      ) : orders.length === 0 ? (
        <Card className="p-10 text-center text-slate-500">No orders found matching your filters.</Card>
      ) : (
        <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {orders.map((o) => (
            <OrderCard
              key={o.id}
              order={o}
              busy={actions.busy}
              onStatus={(s) => void actions.changeStatus(o, s)}
              onDownload={() => actions.download(o)}
              actions={<Button variant="ghost" size="sm" onClick={() => { setOpen(o); setTab('details'); }}>Details</Button>}
            />
          ))}
        </div>
      )}
      <Pager page={page} total={data?.total ?? 0} pageSize={PAGE_SIZE} onPage={setPage} />

      {open && (
        <Dialog open onOpenChange={(o) => !o && setOpen(null)} title={`Order ${open.order_number}`} className="max-w-xl">
          <div role="tablist" className="mb-4 grid grid-cols-2 rounded-lg bg-slate-100 p-1 dark:bg-slate-800">
            {(['details', 'address'] as const).map((t) => (
              <button key={t} role="tab" aria-selected={tab === t} onClick={() => setTab(t)} className={cn('rounded-md px-3 py-1.5 text-sm font-medium', tab === t ? 'bg-white shadow dark:bg-slate-900' : '')}>
                {t === 'details' ? 'Order Details' : 'Delivery Address'}
              </button>
            ))}
          </div>
          {tab === 'details' ? (
            <dl className="grid grid-cols-2 gap-y-1.5 text-sm">
              <dt className="text-slate-500">Customer</dt><dd>{open.customer_name}</dd>
              <dt className="text-slate-500">Phone</dt><dd>{open.customer_phone}</dd>
              <dt className="text-slate-500">File</dt><dd className="break-all">{open.original_filename}</dd>
              <dt className="text-slate-500">Service</dt><dd>{open.service_name}</dd>
              <dt className="text-slate-500">Pages × copies</dt><dd>{open.page_count} × {open.copies}</dd>
              <dt className="text-slate-500">Paper</dt><dd>{paperSizeLabel(open.paper_size)} · {paperTypeLabel(open.paper_type)}</dd>
              <dt className="text-slate-500">Sides / orientation</dt><dd className="capitalize">{open.sides} / {open.orientation}</dd>
              <dt className="text-slate-500">Binding</dt><dd>{open.spiral_binding ? 'Spiral' : open.paper_binding ? 'Paper' : open.transparent_sheet ? 'Transparent sheet' : open.lamination ? 'Lamination' : 'None'}</dd>
              <dt className="text-slate-500">Amount paid</dt><dd>{formatRupees(open.total_amount)} (delivery {open.delivery_charge === 0 ? 'FREE' : formatRupees(open.delivery_charge)})</dd>
              <dt className="text-slate-500">Payment</dt><dd>{open.payment_status} · {open.payment_id}</dd>
              <dt className="text-slate-500">Placed</dt><dd>{formatDateTime(open.paid_at ?? open.created_at)}</dd>
            </dl>
          ) : (
            <div className="space-y-1 text-sm">
              {typeof open.address === 'string' ? (
                <p>{open.address}</p>
              ) : (
                <>
                  {open.address.fullName && <p className="font-medium">{open.address.fullName}</p>}
                  <p>{[open.address.doorNumber ?? open.door_number, open.address.address].filter(Boolean).join(', ')}</p>
                  <p>Pincode {open.address.pincode ?? open.pincode}</p>
                  {open.address.mobileNumber && <p>Mobile {open.address.mobileNumber}</p>}
                </>
              )}
              <p className="text-slate-500">Door number: {open.door_number} · Pincode: {open.pincode}</p>
            </div>
          )}
        </Dialog>
      )}
    </div>
  );
}
