import { Bell, BellOff, LogOut, VolumeX } from 'lucide-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { ThemeMenu } from '@/components/layout/theme-menu';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useStaffOrders, type BackOfficeOrder } from '@/features/admin/api';
import { CollectDialog } from '@/features/pickup/components/collect-dialog';
import { MessageDialog } from '@/features/notify/components/message-dialog';
import { CounterFilters, type CounterFilterState } from '@/features/admin/components/counter-filters';
import { BackOfficeOrderList } from '@/features/admin/components/order-list';
import { SOUND_CONTROL_ATTR, useNewOrderAlert } from '@/features/live/new-order-alert';
import { useLiveOrders } from '@/features/live/use-live-orders';
import { PrintAllNewButton } from '@/features/printing/components/print-all-new-button';
import { PrintPanel } from '@/features/printing/components/print-panel';
import { ApiError } from '@/lib/api-client';
import { currentStaffQueryOptions, useSignOut } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { shopConfig } from '@/lib/shop-config';

const soundControl = { [SOUND_CONTROL_ATTR]: '' };

const PAGE_SIZE = 30;

/** A value that settles 300 ms after the last change (typing in the search box). */
function useDebounced<T>(value: T, ms = 300): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return settled;
}

/** The counter's queue: live, phone- and tablet-friendly, oldest first, with a sound when new orders arrive. */
export default function StaffDashboardPage() {
  // A clerk deactivated or deleted by the admin is sent back to the sign-in within 30 s (or at the next list refresh).
  const { data: me } = useQuery({ ...currentStaffQueryOptions, refetchInterval: 30_000 });
  const qc = useQueryClient();
  const signOut = useSignOut();
  const navigate = useNavigate();
  const [filters, setFilters] = useState<CounterFilterState>({ status: 'all', deliveryType: 'all', sort: 'oldest', text: '' });
  const [page, setPage] = useState(0);
  const [collecting, setCollecting] = useState<BackOfficeOrder | null>(null);
  const [messaging, setMessaging] = useState<BackOfficeOrder | null>(null);
  const search = useDebounced(filters.text.trim());
  const { connected } = useLiveOrders();
  const list = useStaffOrders({ status: filters.status, deliveryType: filters.deliveryType, sort: filters.sort, search, limit: PAGE_SIZE, offset: page * PAGE_SIZE });
  const { error } = list;
  const { data: newOrders } = useStaffOrders({ status: 'new', limit: 1 });
  const newCount = newOrders?.total;
  const sound = useNewOrderAlert(newCount);
  const signedOut = error instanceof ApiError && error.status === 401;
  useEffect(() => {
    if (signedOut) qc.setQueryData(currentStaffQueryOptions.queryKey, null);
  }, [signedOut, qc]);

  // The tab title carries the count, so a clerk in another tab sees new orders waiting.
  useEffect(() => {
    const before = document.title;
    document.title = `${newCount ? `(${newCount}) ` : ''}Counter · ${shopConfig.name}`;
    return () => {
      document.title = before;
    };
  }, [newCount]);

  return (
    <div className="min-h-screen bg-slate-50 dark:bg-slate-950">
      <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur dark:border-slate-800 dark:bg-slate-900/95">
        <div className="mx-auto flex max-w-6xl items-center gap-1.5 px-4 py-2 sm:gap-2">
          <div className="min-w-0 flex-1">
            <p className="truncate font-bold">
              <span className="hidden sm:inline">{shopConfig.name} · </span>Counter
            </p>
            <p className="flex items-center gap-1.5 truncate text-xs text-slate-500 dark:text-slate-400">
              <span
                className={cn('inline-block h-2 w-2 shrink-0 rounded-full', connected ? 'bg-green-500' : 'bg-amber-500')}
                title={connected ? 'Live updates on' : 'Reconnecting; refreshing every 5 seconds'}
                aria-hidden
              />
              <span className="sr-only">{connected ? 'Live updates on.' : 'Reconnecting; the list refreshes every 5 seconds.'}</span>
              <span className="truncate">{me?.name}</span>
            </p>
          </div>
          {sound.supported &&
            (sound.playing ? (
              <Button {...soundControl} size="sm" variant="destructive" className="h-10 sm:h-9" onClick={sound.silence}>
                <VolumeX className="h-4 w-4" aria-hidden /> Silence
              </Button>
            ) : sound.soundOn ? (
              <Button {...soundControl} size="sm" variant="outline" className="h-10 sm:h-9" onClick={sound.disableSound} aria-pressed title="New-order sound is on; tap to turn it off">
                <Bell className="h-4 w-4 text-green-600" aria-hidden /> Sound on
              </Button>
            ) : (
              <Button {...soundControl} size="sm" className="h-10 sm:h-9" onClick={() => void sound.enableSound()} aria-pressed={false} title="Play a sound when a new order arrives">
                <BellOff className="h-4 w-4" aria-hidden /> Enable sound
              </Button>
            ))}
          <ThemeMenu />
          <Button
            size="icon"
            variant="ghost"
            aria-label="Sign out"
            title="Sign out"
            onClick={async () => {
              await signOut();
              navigate(paths.staffLogin);
            }}
          >
            <LogOut className="h-5 w-5" aria-hidden />
          </Button>
        </div>
      </header>
      <main className="mx-auto max-w-6xl space-y-3 px-4 py-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h1 className="text-xl font-bold">Staff Dashboard</h1>
          <PrintAllNewButton className="order-last h-11 w-full sm:order-none sm:ml-auto sm:h-10 sm:w-auto" />
          <p
            className={cn(
              'rounded-full px-3 py-1 text-sm font-medium',
              newCount ? 'bg-red-600 text-white' : 'bg-slate-200 text-slate-700 dark:bg-slate-800 dark:text-slate-300',
            )}
            aria-live="polite"
          >
            {/* Until the queue has loaded the count is unknown, not 0. */}
            <span className="font-bold" data-testid="new-count">{newCount ?? '…'}</span> new
          </p>
        </div>
        {sound.supported && !sound.soundOn && (
          <div className="flex items-center gap-3 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100" data-testid="sound-off-hint">
            <BellOff className="h-5 w-5 shrink-0" aria-hidden />
            <p className="min-w-0 flex-1">{sound.wanted ? 'The browser keeps sound off until you tap the page.' : 'New-order sound is off.'} New orders will not ring.</p>
            <button
              {...soundControl}
              type="button"
              className="h-10 shrink-0 rounded-md border border-amber-400 bg-white px-3 font-medium hover:bg-amber-100 dark:border-amber-700 dark:bg-amber-900 dark:hover:bg-amber-800"
              onClick={() => void sound.enableSound()}
            >
              Turn on
            </button>
          </div>
        )}
        <CounterFilters value={filters} onChange={(next) => { setFilters((f) => ({ ...f, ...next })); setPage(0); }} />
        <BackOfficeOrderList
          scope="staff"
          list={list}
          paging={{ page, pageSize: PAGE_SIZE, onPage: setPage }}
          printPanel={PrintPanel}
          renderActions={(o) => (
            <>
              <Button variant="ghost" className="h-11 lg:h-9" onClick={() => setMessaging(o)} aria-label={`Message ${o.customer_name} about ${o.order_number}`}>
                Message
              </Button>
              {o.delivery_type === 'pickup' && o.status !== 'collected' && o.status !== 'delivered' && (
                <Button variant="outline" className="h-11 lg:h-9" onClick={() => setCollecting(o)} aria-label={`Collect ${o.order_number} with the pickup code`}>
                  Collect
                </Button>
              )}
            </>
          )}
        />
        {collecting && <CollectDialog order={collecting} onClose={() => setCollecting(null)} />}
        {messaging && <MessageDialog order={messaging} onClose={() => setMessaging(null)} />}
      </main>
    </div>
  );
}
