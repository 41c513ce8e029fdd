import { Bell, BellOff, LogOut, Wifi, WifiOff } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, Skeleton } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { useStaffOrders } from '@/features/admin/api';
import { OrderCard } from '@/features/admin/components/order-card';
import { OrderFilters, Pager } from '@/features/admin/components/order-filters';
import { useOrderActions } from '@/features/admin/use-order-actions';
import { useNewOrderAlert } from '@/features/live/new-order-alert';
import { useLiveOrders } from '@/features/live/use-live-orders';
import { useSignOut, useStaff } from '@/lib/auth';
import { shopConfig } from '@/lib/shop-config';

const STAFF_STATUSES = [
  ['all', 'All'],
  ['unvisited', 'Unvisited'],
  ['visited', 'Visited'],
  ['processing', 'Processing'],
  ['completed', 'Completed'],
] as const;
const PAGE_SIZE = 30;

/** The counter's queue: live, phone- and tablet-friendly, with a sound when new orders arrive. */
export default function StaffDashboardPage() {
  const { data: me } = useStaff();
  const signOut = useSignOut();
  const navigate = useNavigate();
  const [status, setStatus] = useState('all');
  const [deliveryType, setDeliveryType] = useState('all');
  const [page, setPage] = useState(0);
  const { connected } = useLiveOrders();
  const { data, isPending } = useStaffOrders({ status, deliveryType, limit: PAGE_SIZE, offset: page * PAGE_SIZE });
  const { data: newOrders } = useStaffOrders({ status: 'new', limit: 1 });
  const { soundOn, enableSound } = useNewOrderAlert(newOrders?.total);
  const actions = useOrderActions('staff');
  const orders = data?.orders ?? [];

  return (
    <div className="min-h-screen bg-slate-50 dark:bg-slate-950">
      <header className="sticky top-0 z-30 border-b border-slate-200 bg-white px-4 py-2 dark:border-slate-800 dark:bg-slate-900">
        <div className="mx-auto flex max-w-6xl items-center gap-2">
          <div className="min-w-0 flex-1">
            <p className="truncate font-bold">{shopConfig.name} · Counter</p>
            <p className="truncate text-xs text-slate-500">{me?.name}</p>
          </div>
          <span className="hidden items-center gap-1 text-xs text-slate-500 sm:inline-flex" title={connected ? 'Live updates on' : 'Reconnecting; refreshing every 5 seconds'}>
            {connected ? <Wifi className="h-4 w-4 text-green-600" aria-hidden /> : <WifiOff className="h-4 w-4 text-amber-600" aria-hidden />}
            {connected ? 'Live' : 'Polling'}
          </span>
          <Button size="sm" variant={soundOn ? 'outline' : 'default'} onClick={() => void enableSound()} aria-pressed={soundOn}>
            {soundOn ? <Bell className="h-4 w-4" aria-hidden /> : <BellOff className="h-4 w-4" aria-hidden />}
            {soundOn ? 'Sound on' : 'Enable sound'}
          </Button>
          <Button
            size="sm"
            variant="ghost"
            aria-label="Sign out"
            onClick={async () => {
              await signOut();
              navigate(paths.staffLogin);
            }}
          >
            <LogOut className="h-4 w-4" aria-hidden />
          </Button>
        </div>
      </header>
      <main className="mx-auto max-w-6xl space-y-4 px-4 py-4">
        <div className="flex items-baseline justify-between">
          <h1 className="text-xl font-bold">Staff Dashboard</h1>
          <p className="text-sm"><span className="font-semibold text-red-600" data-testid="new-count">{newOrders?.total ?? 0}</span> new</p>
        </div>
        <OrderFilters
          status={status}
          onStatus={(v) => { setStatus(v); setPage(0); }}
          deliveryType={deliveryType}
          onDeliveryType={(v) => { setDeliveryType(v); setPage(0); }}
          statuses={STAFF_STATUSES}
        />
        {isPending ? (
          <div className="grid gap-3 md:grid-cols-2">{Array.from({ length: 6 }, (_, i) => <Card key={i} className="space-y-3 p-4"><Skeleton className="h-5 w-1/2" /><Skeleton className="h-16 w-full" /></Card>)}</div>
        ) : orders.length === 0 ? (
          <Card className="p-10 text-center text-slate-500">No orders found matching your filters.</Card>
        ) : (
          <div className="grid gap-3 md:grid-cols-2">
            {orders.map((o) => (
              <OrderCard key={o.id} order={o} busy={actions.busy} onStatus={(s) => void actions.changeStatus(o, s)} onDownload={() => actions.download(o)} />
            ))}
          </div>
        )}
        <Pager page={page} total={data?.total ?? 0} pageSize={PAGE_SIZE} onPage={setPage} />
      </main>
    </div>
  );
}
