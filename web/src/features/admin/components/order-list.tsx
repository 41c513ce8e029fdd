import type { SettableStatus } from '@shop/shared/common/status';
import type { PrintJobDto } from '@shop/shared/printing/schemas';
import { useState, type ComponentType, type ReactNode } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { backOfficeStatusLabel } from '@/lib/i18n/words';
import { useCounterText } from '../texts';
import { Card, Skeleton } from '@/components/ui/card';
import { usePrintingSetUp, usePrintJobs } from '@/features/printing/api';
import type { Page } from '@/lib/api-page';
import type { BackOfficeOrder } from '../api';
import { useOrderActions } from '../use-order-actions';
import { HandOverDialog } from './hand-over-dialog';
import { OrderCard } from './order-card';
import { Pager, useClampPage } from './order-filters';

/**
 * The admin's and the counter's order list, one component: cards while it loads, the error and empty states, each
 * order's card with its status, downloads, print panel and the page's own actions, and the pager.
 */
export function BackOfficeOrderList({
  scope,
  list,
  paging: { page, pageSize, onPage },
  printPanel: PrintPanel,
  texts = {
    loadFailed: 'Could not load orders. Retrying every 5 seconds…',
    none: 'No orders found matching your filters.',
  },
  renderActions,
}: {
  scope: 'admin' | 'staff';
  list: { data?: Page<BackOfficeOrder>; isPending: boolean; isError: boolean };
  paging: { page: number; pageSize: number; onPage: (page: number) => void };
  /** The order's print panel (the printing feature's), given the order's newest print job. */
  printPanel: ComponentType<{ order: BackOfficeOrder; job: PrintJobDto | undefined }>;
  /** The list's own words, in the reader's language (the counter's screens are translated). */
  texts?: { loadFailed: string; none: string };
  /** The page's own buttons on each card (details, refund, message, collect…). */
  renderActions: (order: BackOfficeOrder) => ReactNode;
}) {
  const orders = list.data?.items ?? [];
  const act = useOrderActions(scope);
  // The admin hands a coded pickup order over without its code only with a reason (decision 033).
  const [handingOver, setHandingOver] = useState<BackOfficeOrder | null>(null);
  const printJobs = usePrintJobs(orders.map((o) => o.id));
  const printingSetUp = usePrintingSetUp();
  const t = useCounterText();
  // Handing over an order never printed (still new) is asked first (decision 039).
  const [unprinted, setUnprinted] = useState<{ order: BackOfficeOrder; status: SettableStatus } | null>(null);
  const proceed = (o: BackOfficeOrder, s: SettableStatus) =>
    scope === 'admin' && s === 'collected' && o.has_pickup_code && o.status !== 'collected'
      ? setHandingOver(o)
      : void act.changeStatus(o, s);
  const changeStatus = (o: BackOfficeOrder, s: SettableStatus) => {
    if ((s === 'collected' || s === 'delivered') && (o.status === 'unvisited' || o.status === 'visited'))
      return setUnprinted({ order: o, status: s });
    proceed(o, s);
  };
  useClampPage(page, list.data?.total, pageSize, onPage);
  return (
    <>
      {list.isPending ? (
        <div className="grid grid-cols-1 gap-3 md:grid-cols-2 md:gap-4 xl:grid-cols-3">
          {Array.from({ length: 6 }, (_, i) => (
            <Card key={i} className="space-y-3 p-4">
              <Skeleton className="h-5 w-1/2" />
              <Skeleton className="h-16 w-full" />
              <Skeleton className="h-11 w-full" />
            </Card>
          ))}
        </div>
      ) : list.isError && orders.length === 0 ? (
        <Card className="p-10 text-center text-red-600">{texts.loadFailed}</Card>
      ) : orders.length === 0 ? (
        <Card className="p-10 text-center text-slate-500">{texts.none}</Card>
      ) : (
        <div className="grid grid-cols-1 gap-3 md:grid-cols-2 md:gap-4 xl:grid-cols-3">
          {orders.map((o) => (
            <OrderCard
              key={o.id}
              order={o}
              pendingStatus={act.pendingStatus(o)}
              downloading={act.isDownloading(o)}
              collectWithCodeOnly={scope === 'staff'}
              onStatus={(s) => changeStatus(o, s)}
              onDownload={(doc) => void act.download(o, doc)}
              printing={<PrintPanel order={o} job={printJobs.get(o.id)} />}
              downloadFirst={printingSetUp === false}
              actions={renderActions(o)}
            />
          ))}
        </div>
      )}
      <ConfirmDialog
        open={unprinted !== null}
        tone="default"
        title={t('actions.unprintedTitle')}
        description={
          unprinted &&
          t('actions.unprintedText', {
            order: unprinted.order.order_number,
            status: backOfficeStatusLabel(unprinted.order.status, unprinted.order.delivery_type),
            next: backOfficeStatusLabel(unprinted.status, unprinted.order.delivery_type),
          })
        }
        cancelLabel={
          unprinted
            ? t('actions.unprintedKeep', {
                status: backOfficeStatusLabel(unprinted.order.status, unprinted.order.delivery_type),
              })
            : ''
        }
        confirmLabel={
          unprinted
            ? t('actions.unprintedYes', {
                next: backOfficeStatusLabel(unprinted.status, unprinted.order.delivery_type),
              })
            : ''
        }
        onCancel={() => setUnprinted(null)}
        onConfirm={() => {
          if (unprinted) proceed(unprinted.order, unprinted.status);
          setUnprinted(null);
        }}
      />
      <Pager page={page} total={list.data?.total ?? 0} capped={list.data?.capped} pageSize={pageSize} onPage={onPage} />
      {handingOver && (
        <HandOverDialog
          order={handingOver}
          onClose={() => setHandingOver(null)}
          onHandOver={(reason) => act.changeStatus(handingOver, 'collected', reason)}
        />
      )}
    </>
  );
}
