import { Bell, BellOff, LogOut, Plus, VolumeX } from 'lucide-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from '@/lib/router';
import { LanguageSwitch } from '@/components/layout/language-switch';
import { ThemeMenu } from '@/components/layout/theme-menu';
import { Button, buttonClass } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useStaffOrders, type BackOfficeOrder } from '@/features/admin/api';
import { useWalkInTexts } from '@/features/walk-in/texts';
import { CollectDialog } from '@/features/pickup/components/collect-dialog';
import { findByPickupCode } from '@/features/pickup/api';
import { pickupCodeIn } from '@/features/pickup/pickup-search';
import { usePickupText } from '@/features/pickup/texts';
import { MessageDialog } from '@/features/notify/components/message-dialog';
import { CounterFilters, type CounterFilterState } from '@/features/admin/components/counter-filters';
import { BackOfficeOrderList } from '@/features/admin/components/order-list';
import { counterRich, useCounterText } from '@/features/admin/texts';
import { SOUND_CONTROL_ATTR, useNewOrderAlert } from '@/features/live/new-order-alert';
import { useLiveOrders } from '@/features/live/use-live-orders';
import { PrintAllNewButton } from '@/features/printing/components/print-all-new-button';
import { PrintPanel } from '@/features/printing/components/print-panel';
import { PrintingNotSetUp } from '@/features/printing/components/printing-not-set-up';
import { ApiError, errorMessage } from '@/lib/api-client';
import { currentStaffQueryOptions, useSignOut } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { saveStaffLanguage, useStaffDeviceLanguage } from '@/lib/i18n/account-language';
import { useLanguage } from '@/lib/i18n/language';
import { shopText } from '@/lib/shop-config';
import { useDebounced } from '@/lib/use-debounced';

const soundControl = { [SOUND_CONTROL_ATTR]: '' };

const PAGE_SIZE = 30;

/** The counter's queue: live, phone- and tablet-friendly, oldest first, with a sound when new orders arrive. */
export default function StaffDashboardPage() {
  // A clerk deactivated or deleted by the admin is sent back to the sign-in within 30 s (or at the next list refresh).
  const { data: me } = useQuery({ ...currentStaffQueryOptions, refetchInterval: 30_000 });
  const qc = useQueryClient();
  const t = useCounterText();
  const walkIn = useWalkInTexts();
  const language = useLanguage();
  // The language is this device's; the clerk's account suggests it to a new device (decision 039).
  const keepOnAccount = (lang: 'en' | 'te') =>
    saveStaffLanguage(lang).then((s) => qc.setQueryData(currentStaffQueryOptions.queryKey, s));
  useStaffDeviceLanguage(me, keepOnAccount);
  const signOut = useSignOut();
  const navigate = useNavigate();
  const [filters, setFilters] = useState<CounterFilterState>({
    status: 'all',
    deliveryType: 'all',
    sort: 'oldest',
    text: '',
  });
  const [page, setPage] = useState(0);
  const [collecting, setCollecting] = useState<{ order: BackOfficeOrder; code?: string } | null>(null);
  const pickupText = usePickupText();
  // A pickup code typed or scanned into the search box opens its order's Collect (decision 039).
  const [found, setFound] = useState<{ text: string; note: string } | null>(null);
  const codeInBox = pickupCodeIn(filters.text);
  const findCode = async (text: string) => {
    const wanted = pickupCodeIn(text);
    if (!wanted) return;
    try {
      const order = await findByPickupCode(wanted.code);
      if (wanted.orderNumber && wanted.orderNumber !== order.order_number)
        throw new Error(pickupText('qrOther', { other: wanted.orderNumber, order: order.order_number }));
      setFilters((f) => ({ ...f, text: order.order_number }));
      setPage(0);
      setFound(null);
      setCollecting({ order, code: wanted.code });
    } catch (err) {
      setFound({
        text,
        note:
          err instanceof ApiError
            ? errorMessage(err, pickupText('find.failed'))
            : err instanceof Error
              ? err.message
              : pickupText('find.failed'),
      });
    }
  };
  const [messaging, setMessaging] = useState<BackOfficeOrder | null>(null);
  const search = useDebounced(filters.text.trim());
  const { connected } = useLiveOrders();
  const list = useStaffOrders({
    status: filters.status,
    deliveryType: filters.deliveryType,
    sort: filters.sort,
    search,
    limit: PAGE_SIZE,
    offset: page * PAGE_SIZE,
  });
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
    document.title = newCount
      ? t('staff.tabTitleNew', { count: newCount, shop: shopText('name') })
      : t('staff.tabTitle', { shop: shopText('name') });
    return () => {
      document.title = before;
    };
  }, [newCount, t, language]);

  return (
    <div className="min-h-screen bg-slate-50 dark:bg-slate-950">
      <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur dark:border-slate-800 dark:bg-slate-900/95">
        <div className="mx-auto flex max-w-6xl items-center gap-1.5 px-4 py-2 sm:gap-2">
          <div className="min-w-0 flex-1">
            <p className="truncate font-bold" data-testid="counter-title">
              <span className="hidden sm:inline">{shopText('name')} · </span>
              {t('staff.counter')}
            </p>
            <p className="flex items-center gap-1.5 truncate text-xs text-slate-500 dark:text-slate-400">
              <span
                className={cn(
                  'inline-block h-2 w-2 shrink-0 rounded-full',
                  connected ? 'bg-green-500' : 'bg-amber-500',
                )}
                title={connected ? t('staff.live') : t('staff.reconnecting')}
                aria-hidden
              />
              <span className="sr-only">{connected ? t('staff.liveSr') : t('staff.reconnectingSr')}</span>
              <span className="truncate" data-testid="counter-clerk">
                {me?.name}
              </span>
            </p>
          </div>
          {/* On a phone the sound controls are their icon (their words stay for screen readers and in the title), so
              the header keeps room for "Counter" and the clerk's name; the banner below says when sound is off.
              Silence keeps its word: it is what a ringing counter looks for. */}
          {sound.supported &&
            (sound.playing ? (
              <Button {...soundControl} size="sm" variant="destructive" className="h-10 sm:h-9" onClick={sound.silence}>
                <VolumeX className="h-4 w-4" aria-hidden /> {t('staff.silence')}
              </Button>
            ) : sound.soundOn ? (
              <Button
                {...soundControl}
                size="sm"
                variant="outline"
                className="h-10 sm:h-9"
                onClick={sound.disableSound}
                aria-pressed
                title={t('staff.soundOnTitle')}
              >
                <Bell className="h-4 w-4 text-green-600" aria-hidden />{' '}
                <span className="sr-only sm:not-sr-only">{t('staff.soundOn')}</span>
              </Button>
            ) : (
              <Button
                {...soundControl}
                size="sm"
                className="h-10 sm:h-9"
                onClick={() => void sound.enableSound()}
                aria-pressed={false}
                title={t('staff.enableSoundTitle')}
              >
                <BellOff className="h-4 w-4" aria-hidden />{' '}
                <span className="sr-only sm:not-sr-only">{t('staff.enableSound')}</span>
              </Button>
            ))}
          <LanguageSwitch
            onChosen={(lang) =>
              void keepOnAccount(lang).catch((err: unknown) =>
                console.warn('language not saved on the staff account', err),
              )
            }
          />
          <ThemeMenu />
          <Button
            size="icon"
            variant="ghost"
            aria-label={t('staff.signOut')}
            title={t('staff.signOut')}
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
          <h1 className="text-xl font-bold">{t('staff.title')}</h1>
          <Link
            to={paths.staffWalkIn}
            className={buttonClass(
              'outline',
              'default',
              'order-last h-11 flex-1 basis-40 sm:order-none sm:ml-auto sm:h-10 sm:flex-none',
            )}
          >
            <Plus className="h-4 w-4" aria-hidden /> {walkIn.newWalkIn}
          </Link>
          <PrintAllNewButton className="order-last h-11 flex-1 basis-40 sm:order-none sm:h-10 sm:flex-none" />
          <p
            className={cn(
              'rounded-full px-3 py-1 text-sm font-medium',
              newCount ? 'bg-red-600 text-white' : 'bg-slate-200 text-slate-700 dark:bg-slate-800 dark:text-slate-300',
            )}
            aria-live="polite"
          >
            {/* Until the queue has loaded the count is unknown, not 0. */}
            {counterRich(
              'staff.newCount',
              { b: <span className="font-bold" data-testid="new-count" /> },
              { count: newCount ?? '…' },
            )}
          </p>
        </div>
        {sound.supported && !sound.soundOn && (
          <div
            className="flex items-center gap-3 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
            data-testid="sound-off-hint"
          >
            <BellOff className="h-5 w-5 shrink-0" aria-hidden />
            <p className="min-w-0 flex-1">{sound.wanted ? t('staff.soundBlocked') : t('staff.soundOff')}</p>
            <button
              {...soundControl}
              type="button"
              className="h-10 shrink-0 rounded-md border border-amber-400 bg-white px-3 font-medium hover:bg-amber-100 dark:border-amber-700 dark:bg-amber-900 dark:hover:bg-amber-800"
              onClick={() => void sound.enableSound()}
            >
              {t('staff.turnOn')}
            </button>
          </div>
        )}
        <CounterFilters
          value={filters}
          onChange={(next) => {
            setFilters((f) => ({ ...f, ...next }));
            setPage(0);
          }}
          onSubmit={(text) => void findCode(text)}
          note={
            found?.text === filters.text ? (
              found.note
            ) : codeInBox ? (
              <Button variant="outline" size="sm" className="h-10" onClick={() => void findCode(filters.text)}>
                {pickupText('find.open', { code: codeInBox.code })}
              </Button>
            ) : null
          }
        />
        <PrintingNotSetUp />
        <BackOfficeOrderList
          scope="staff"
          list={list}
          paging={{ page, pageSize: PAGE_SIZE, onPage: setPage }}
          printPanel={PrintPanel}
          texts={{ loadFailed: t('staff.loadFailed'), none: t('staff.none') }}
          renderActions={(o) => (
            <>
              <Button
                variant="ghost"
                className="h-11 lg:h-9"
                onClick={() => setMessaging(o)}
                aria-label={t('staff.messageLabel', { name: o.customer_name, order: o.order_number })}
              >
                {t('staff.message')}
              </Button>
              {o.delivery_type === 'pickup' && o.status !== 'collected' && o.status !== 'delivered' && (
                <Button
                  variant="outline"
                  className="h-11 lg:h-9"
                  onClick={() => setCollecting({ order: o })}
                  aria-label={t('staff.collectLabel', { order: o.order_number })}
                >
                  {t('staff.collect')}
                </Button>
              )}
            </>
          )}
        />
        {collecting && (
          <CollectDialog order={collecting.order} initialCode={collecting.code} onClose={() => setCollecting(null)} />
        )}
        {messaging && <MessageDialog order={messaging} onClose={() => setMessaging(null)} />}
      </main>
    </div>
  );
}
