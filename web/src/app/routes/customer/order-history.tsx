import { HISTORY_FILTER_STATUSES } from '@shop/shared/common/status';
import type { OrderDocumentDto } from '@shop/shared/orders/order';
import { ArrowLeft, Search } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from '@/lib/router';
import { Button, buttonClass } from '@/components/ui/button';
import { Badge, Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Input, Select } from '@/components/ui/input';
import { paths } from '@/config/paths';
import { myOrdersQueryOptions, useMyOrders, useOrderSummary, type Order } from '@/features/orders/api';
import { useQuery } from '@tanstack/react-query';
import { AwaitingPayment } from '@/features/orders/components/awaiting-payment';
import { PrintAgainButton } from '@/features/orders/components/print-again';
import { StatusBadge } from '@/features/orders/components/status-badge';
import { useUser } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { relativeTime } from '@/lib/format';
import {
  customerStatusLabel,
  documentLine,
  documentNameText,
  paperSizeLabel,
  printingTypeLabel,
  sidesLabel,
  useWordsText,
} from '@/lib/i18n/words';
import { useHistoryText } from '../../i18n/history';
import { useDebounced } from '@/lib/use-debounced';

const PAGE_SIZE = 20;
const BADGE_VARIANT: Record<string, 'secondary' | 'outline' | 'default'> = {
  unvisited: 'secondary',
  visited: 'outline',
  processing: 'default',
  completed: 'default',
};

/** How one document prints: its line ("pages 1-5 · 2 colour + 3 B&W · 2 copies", the words of every screen), paper and sides. */
const documentDetails = (d: OrderDocumentDto) =>
  [documentLine(d, { withoutName: true }), paperSizeLabel(d.paper_size), sidesLabel(d.sides)].join(' · ');

/** The printing types of an order's documents ("Color", or "Black & White" and "Color" for a bundle of both). */
const typesOf = (o: Order) => [...new Set(o.documents.map((d) => printingTypeLabel(d.printing_type)))];

/** The status filter: all, or one of the options below. */
type HistoryStatus = 'all' | (typeof HISTORY_FILTER_STATUSES)[number];

/** /order-history: counters, search, status filter, delivery/pickup tabs, a paginated table. */
export default function OrderHistoryPage() {
  const { data: user } = useUser();
  const navigate = useNavigate();
  const t = useHistoryText();
  useWordsText();
  const [searchText, setSearchText] = useState('');
  const search = useDebounced(searchText.trim(), 300);
  const [status, setStatus] = useState<HistoryStatus>('all');
  // Opens on the tab holding the latest order (most xerox orders are pickups): never on an empty tab while the
  // other holds the order just placed (decision 039). The customer's own choice then stays.
  const [chosenTab, setTab] = useState<'delivery' | 'pickup' | null>(null);
  const latest = useMyOrders({ limit: 1, offset: 0 });
  const latestType = latest.data
    ? latest.data.items[0]?.delivery_type === 'pickup'
      ? 'pickup'
      : 'delivery'
    : latest.isError
      ? 'delivery'
      : null;
  const tab = chosenTab ?? latestType;
  const [pageState, setPageState] = useState({ key: '', page: 0 });
  // A new search, filter or tab starts again at the first page.
  const pageKey = `${search}|${status}|${tab}`;
  const page = pageState.key === pageKey ? pageState.page : 0;
  const setPage = (f: (p: number) => number) => setPageState({ key: pageKey, page: f(page) });

  const filters = { search, status };
  const { data: totals } = useOrderSummary({});
  const { data: filteredCounts } = useOrderSummary(filters);
  const { data, isPending } = useQuery({
    ...myOrdersQueryOptions({ ...filters, deliveryType: tab ?? undefined, limit: PAGE_SIZE, offset: page * PAGE_SIZE }),
    enabled: tab !== null,
  });
  if (!user) return null;
  const orders = data?.items ?? [];
  const total = data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));

  const counters: Array<[string, number | undefined]> = [
    [t('total'), totals?.total],
    [t('delivery'), totals?.delivery],
    [t('pickup'), totals?.pickup],
    [t('completed'), totals?.completed],
  ];

  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-8">
      <div>
        <Link to={paths.profile} className={buttonClass('ghost', 'sm', '-ml-2')}>
          <ArrowLeft className="h-4 w-4" aria-hidden /> {t('back')}
        </Link>
        <h1 className="mt-2 text-3xl font-bold">{t('title')}</h1>
        <p className="text-slate-600 dark:text-slate-400">{t('subtitle')}</p>
        <p className="mt-1 text-sm">{t('welcome', { name: user.name })}</p>
      </div>
      <AwaitingPayment />

      <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
        {counters.map(([label, n]) => (
          <Card key={label} className="p-4">
            <p className="text-sm text-slate-500 dark:text-slate-400">{label}</p>
            <p className="mt-1 text-2xl font-bold">{n ?? '–'}</p>
          </Card>
        ))}
      </div>

      <Card>
        <CardHeader className="space-y-3">
          <CardTitle>{t('yourOrders')}</CardTitle>
          <div className="flex flex-col gap-3 sm:flex-row">
            <div className="relative flex-1">
              <Search className="pointer-events-none absolute left-3 top-3 h-4 w-4 text-slate-400" aria-hidden />
              <Input
                aria-label={t('search')}
                placeholder={t('searchPlaceholder')}
                className="pl-9"
                value={searchText}
                onChange={(e) => setSearchText(e.target.value)}
              />
            </div>
            <Select
              aria-label={t('filter')}
              className="sm:w-48"
              value={status}
              onChange={(e) => setStatus(e.target.value as HistoryStatus)}
            >
              <option value="all">{t('allStatuses')}</option>
              {HISTORY_FILTER_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {customerStatusLabel(s, tab ?? undefined)}
                </option>
              ))}
            </Select>
          </div>
          <div role="tablist" className="grid grid-cols-2 rounded-lg bg-slate-100 p-1 dark:bg-slate-800">
            {(['delivery', 'pickup'] as const).map((type) => (
              <button
                key={type}
                role="tab"
                aria-selected={tab === type}
                onClick={() => setTab(type)}
                className={cn(
                  'rounded-md px-3 py-2 text-sm font-medium',
                  tab === type ? 'bg-white shadow dark:bg-slate-900' : 'text-slate-600 dark:text-slate-300',
                )}
              >
                {type === 'delivery'
                  ? t('tabDelivery', { count: filteredCounts?.filtered.delivery ?? 0 })
                  : t('tabPickup', { count: filteredCounts?.filtered.pickup ?? 0 })}
              </button>
            ))}
          </div>
        </CardHeader>
        <CardContent>
          {isPending ? (
            <p className="py-8 text-center text-slate-500 dark:text-slate-400">{t('loading')}</p>
          ) : orders.length === 0 ? (
            <p className="py-8 text-center text-slate-500 dark:text-slate-400">
              {tab === 'delivery' ? t('noDelivery') : t('noPickup')}
            </p>
          ) : (
            // Phones and small tablets: each row becomes a small card (order number and status, file with compact details,
            // type and Track); from 768 px a real table, with the Details and Ordered columns from 1024 px. Nothing scrolls sideways.
            <table className="block w-full text-left text-sm md:table">
              <thead className="sr-only border-b border-slate-200 text-xs uppercase text-slate-500 md:not-sr-only md:table-header-group dark:border-slate-700 dark:text-slate-400">
                <tr>
                  <th className="py-2 pr-3">{t('colOrder')}</th>
                  <th className="py-2 pr-3">{t('colFile')}</th>
                  <th className="py-2 pr-3">{t('colType')}</th>
                  <th className="hidden py-2 pr-3 lg:table-cell">{t('colDetails')}</th>
                  <th className="hidden py-2 pr-3 lg:table-cell">{t('colOrdered')}</th>
                  <th className="py-2 pr-3">{t('colStatus')}</th>
                  <th className="py-2">{t('colActions')}</th>
                </tr>
              </thead>
              <tbody className="block divide-y divide-slate-100 md:table-row-group dark:divide-slate-800">
                {orders.map((o: Order) => (
                  <tr
                    key={o.id}
                    data-testid="history-row"
                    className="grid cursor-pointer grid-cols-[minmax(0,1fr)_auto] items-center gap-x-3 gap-y-2 py-3 [grid-template-areas:'order_status'_'file_file'_'type_action'] hover:bg-slate-50 md:table-row md:align-top dark:hover:bg-slate-800/50"
                    onClick={() => navigate(paths.orderTracking(o.order_number))}
                  >
                    <td className="min-w-0 [grid-area:order] md:py-3 md:pr-3">
                      <span className="whitespace-nowrap font-mono text-sm font-medium">{o.order_number}</span>
                      <span className="mt-0.5 block text-xs text-slate-500 lg:hidden dark:text-slate-400">
                        {relativeTime(o.created_at)}
                      </span>
                    </td>
                    {/* Every document of the order with how it prints, one line each. */}
                    <td className="min-w-0 [grid-area:file] md:max-w-48 md:py-3 md:pr-3">
                      <ul className="space-y-1">
                        {o.documents.map((d) => (
                          <li key={d.position} className="min-w-0">
                            <span className="block truncate" title={d.original_filename}>
                              {documentNameText(d)}
                            </span>
                            <span className="mt-0.5 block text-xs text-slate-500 lg:hidden dark:text-slate-400">
                              {documentDetails(d)}
                            </span>
                          </li>
                        ))}
                      </ul>
                    </td>
                    <td className="flex flex-wrap gap-1 [grid-area:type] md:table-cell md:py-3 md:pr-3">
                      {typesOf(o).map((type) => (
                        <Badge key={type} variant="outline" className="whitespace-nowrap">
                          {type}
                        </Badge>
                      ))}
                    </td>
                    <td className="hidden py-3 pr-3 lg:table-cell">
                      <ul className="space-y-1">
                        {o.documents.map((d) => (
                          <li key={d.position}>{documentDetails(d)}</li>
                        ))}
                      </ul>
                    </td>
                    <td className="hidden whitespace-nowrap py-3 pr-3 lg:table-cell">{relativeTime(o.created_at)}</td>
                    <td className="justify-self-end [grid-area:status] md:py-3 md:pr-3">
                      <StatusBadge
                        status={o.status}
                        deliveryType={o.delivery_type}
                        className={cn(
                          'whitespace-nowrap',
                          BADGE_VARIANT[o.status] === 'outline' && 'ring-1 ring-current',
                        )}
                      />
                    </td>
                    <td className="flex justify-self-end gap-2 [grid-area:action] md:flex-col md:items-end md:py-3 lg:flex-row">
                      <PrintAgainButton orderNumber={o.order_number} className="h-9 whitespace-nowrap" />
                      <Link
                        to={paths.orderTracking(o.order_number)}
                        onClick={(e) => e.stopPropagation()}
                        className={buttonClass('outline', 'sm', 'h-9 whitespace-nowrap')}
                      >
                        <span className="hidden lg:inline">{t('track')}</span>
                        <span className="lg:hidden">{t('trackShort')}</span>
                      </Link>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {total > PAGE_SIZE && (
            <div className="mt-4 flex items-center justify-between text-sm">
              <Button variant="outline" size="sm" disabled={page === 0} onClick={() => setPage((p) => p - 1)}>
                {t('previous')}
              </Button>
              <span>{t('page', { page: page + 1, count: pages })}</span>
              <Button variant="outline" size="sm" disabled={page + 1 >= pages} onClick={() => setPage((p) => p + 1)}>
                {t('next')}
              </Button>
            </div>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
