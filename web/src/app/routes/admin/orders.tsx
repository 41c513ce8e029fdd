import { OrderDocumentsList } from '@/features/orders/components/order-documents-list';
import * as Tabs from '@radix-ui/react-tabs';
import { backOfficeStatusLabel } from '@shop/shared/common/status';
import { useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button, buttonClass } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { walkInTexts } from '@/features/walk-in/texts';
import { Dialog } from '@/components/ui/dialog';
import { useAdminOrders, type BackOfficeOrder } from '@/features/admin/api';
import { useOrder } from '@/features/orders/api';
import { DELIVERY_FILTERS, formatTotal, OrderFilters, STATUS_FILTERS } from '@/features/admin/components/order-filters';
import { BackOfficeOrderList } from '@/features/admin/components/order-list';
import { PrintPanel } from '@/features/printing/components/print-panel';
import { PrintingNotSetUp } from '@/features/printing/components/printing-not-set-up';
import { formatDateTime, formatRupees } from '@/lib/format';
import { useDebouncedSearch } from '@/lib/use-debounced-search';
import { RefundDialog } from '@/features/refunds/components/refund-dialog';
import { InvoiceLinks } from '@/features/invoices/components/invoice-links';

const PAGE_SIZE = 24;
const STATUS_VALUES = new Set<string>(STATUS_FILTERS.map(([v]) => v));
const deliveryFilter = (v: string | null) => DELIVERY_FILTERS.find(([f]) => f === v)?.[0] ?? 'all';

/** Admin orders: server-side filter, search and pages (filters in the address, so dashboard links land on them). */
export default function AdminOrdersPage() {
  const [params, setParams] = useSearchParams();
  const deliveryType = deliveryFilter(params.get('filter'));
  const statusParam = params.get('status') ?? 'all';
  const status = STATUS_VALUES.has(statusParam) ? statusParam : 'all';
  const [page, setPage] = useState(0);
  const {
    text: searchText,
    setText: setSearchText,
    search,
  } = useDebouncedSearch(setPage, 300, params.get('search') ?? '');
  const [openId, setOpenId] = useState<number | null>(null);
  const list = useAdminOrders({
    status,
    deliveryType,
    search: search || undefined,
    limit: PAGE_SIZE,
    offset: page * PAGE_SIZE,
  });
  const { data } = list;
  const orders = data?.items ?? [];
  // The dialog follows the live list, so a status changed elsewhere shows at once.
  const [openSnapshot, setOpenSnapshot] = useState<BackOfficeOrder | null>(null);
  const [refunding, setRefunding] = useState<BackOfficeOrder | null>(null);
  const open = openId === null ? null : (orders.find((o) => o.id === openId) ?? openSnapshot);

  const setParam = (key: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value === 'all') next.delete(key);
    else next.set(key, value);
    setParams(next, { replace: true });
    setPage(0);
  };

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-2">
        <h1 className="text-2xl font-bold">Orders</h1>
        {data && (
          <p className="text-sm text-slate-500 dark:text-slate-400">
            {formatTotal(data.total, data.capped)} {data.total === 1 && !data.capped ? 'order' : 'orders'}
          </p>
        )}
        <Link to={paths.adminWalkIn} className={buttonClass('outline', 'default', 'ml-auto h-10')}>
          {walkInTexts().newWalkIn}
        </Link>
      </div>
      <OrderFilters
        status={status}
        onStatus={(v) => setParam('status', v)}
        deliveryType={deliveryType}
        onDeliveryType={(v) => setParam('filter', v)}
        search={searchText}
        onSearch={setSearchText}
      />
      <PrintingNotSetUp admin />
      <BackOfficeOrderList
        scope="admin"
        list={list}
        paging={{ page, pageSize: PAGE_SIZE, onPage: setPage }}
        printPanel={PrintPanel}
        renderActions={(o) => (
          <>
            <Button
              variant="ghost"
              className="h-11 sm:h-9"
              onClick={() => {
                setOpenSnapshot(o);
                setOpenId(o.id);
              }}
              aria-label={`Details of ${o.order_number}`}
            >
              Details
            </Button>
            {o.paid_at && (
              <Button
                variant="ghost"
                className="h-11 sm:h-9"
                onClick={() => setRefunding(o)}
                aria-label={`Refund ${o.order_number}`}
              >
                Refund
              </Button>
            )}
          </>
        )}
      />

      {refunding && (
        <RefundDialog orderId={refunding.id} orderNumber={refunding.order_number} onClose={() => setRefunding(null)} />
      )}
      {open && (
        <Dialog
          open
          onOpenChange={(o) => !o && setOpenId(null)}
          title={`Order ${open.order_number}`}
          className="max-w-xl"
        >
          <OrderDetailTabs order={open} />
        </Dialog>
      )}
    </div>
  );
}

/** Who moved the order when, with the admin's reason for a handover without the pickup code (decision 033). */
function OrderTimeline({ orderNumber }: { orderNumber: string }) {
  const detail = useOrder(orderNumber);
  if (!detail.data)
    return <span className="text-slate-500">{detail.isError ? 'Could not load the timeline' : 'Loading…'}</span>;
  return (
    <ol className="space-y-1" data-testid="admin-timeline">
      {detail.data.timeline.map((e, i) => (
        <li key={i}>
          {backOfficeStatusLabel(e.to_status, detail.data.delivery_type)} · {formatDateTime(e.created_at)}
          {e.actor_name ? ` · ${e.actor_name}` : ''}
          {e.note && <span className="block text-xs text-slate-600 dark:text-slate-300">{e.note}</span>}
        </li>
      ))}
    </ol>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-slate-500 dark:text-slate-400">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </>
  );
}

const tabClass =
  'rounded-md px-3 py-2 text-sm font-medium text-slate-600 data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow dark:text-slate-300 dark:data-[state=active]:bg-slate-900 dark:data-[state=active]:text-white';

/** The detail dialog's two tabs: 'Order Details' and 'Delivery Address'. */
function OrderDetailTabs({ order }: { order: BackOfficeOrder }) {
  const addr = typeof order.address === 'string' ? null : order.address;
  return (
    <Tabs.Root defaultValue="details">
      <Tabs.List
        aria-label="Order information"
        className="mb-4 grid grid-cols-2 rounded-lg bg-slate-100 p-1 dark:bg-slate-800"
      >
        <Tabs.Trigger value="details" className={tabClass}>
          Order Details
        </Tabs.Trigger>
        <Tabs.Trigger value="address" className={tabClass}>
          Delivery Address
        </Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="details">
        <dl className="grid grid-cols-[minmax(7rem,auto)_1fr] gap-x-4 gap-y-2 text-sm">
          <Row label="Status">{backOfficeStatusLabel(order.status, order.delivery_type)}</Row>
          <Row label="Customer">{order.customer_name}</Row>
          <Row label="Phone">{order.customer_phone}</Row>
          <div className="col-span-2 rounded-md border border-slate-200 px-3 dark:border-slate-700">
            <OrderDocumentsList documents={order.documents} showConversion />
          </div>
          <Row label="Printing and binding">{formatRupees(order.subtotal)}</Row>
          {order.discount_amount > 0 && (
            <Row label="Discount">
              −{formatRupees(order.discount_amount)} ({order.discount_rate}%)
            </Row>
          )}
          <Row label="Delivery">
            {order.delivery_type === 'pickup' ? 'Shop Pickup' : 'Home Delivery'} (
            {order.delivery_charge === 0 ? 'FREE' : formatRupees(order.delivery_charge)})
          </Row>
          <Row label="Amount paid">
            <span className="font-semibold">{formatRupees(order.total_amount)}</span>
          </Row>
          <Row label="Payment">
            <span className="break-all">
              {order.payment_status}
              {order.payment_id ? ` · ${order.payment_id}` : ''}
            </span>
          </Row>
          <Row label="Placed">{formatDateTime(order.paid_at ?? order.created_at)}</Row>
          <Row label="Bill">
            <InvoiceLinks orderNumber={order.order_number} paid={Boolean(order.paid_at)} />
          </Row>
          <Row label="Last update">{formatDateTime(order.updated_at)}</Row>
          <Row label="Timeline">
            <OrderTimeline orderNumber={order.order_number} />
          </Row>
        </dl>
      </Tabs.Content>
      <Tabs.Content value="address">
        <dl className="grid grid-cols-[minmax(7rem,auto)_1fr] gap-x-4 gap-y-2 text-sm">
          {order.delivery_type === 'pickup' ? (
            <Row label="Address">
              {typeof order.address === 'string' ? order.address : 'Self Pickup'} (collect at the shop)
            </Row>
          ) : addr ? (
            <>
              {addr.fullName && <Row label="Name">{addr.fullName}</Row>}
              <Row label="Door number">{addr.doorNumber ?? order.door_number}</Row>
              <Row label="Address">{addr.address}</Row>
              {addr.landmark && <Row label="Landmark">{addr.landmark}</Row>}
              <Row label="Pincode">{addr.pincode ?? order.pincode}</Row>
              <Row label="Mobile">{addr.mobileNumber ?? order.mobile_number}</Row>
            </>
          ) : (
            <>
              <Row label="Address">{order.address as string}</Row>
              <Row label="Door number">{order.door_number}</Row>
              <Row label="Pincode">{order.pincode}</Row>
              <Row label="Mobile">{order.mobile_number}</Row>
            </>
          )}
          {order.delivery_type === 'pickup' && (
            <>
              <Row label="Door number">{order.door_number}</Row>
              <Row label="Pincode">{order.pincode}</Row>
              <Row label="Mobile">{order.mobile_number}</Row>
            </>
          )}
        </dl>
      </Tabs.Content>
    </Tabs.Root>
  );
}
