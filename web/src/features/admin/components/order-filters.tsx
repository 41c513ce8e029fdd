import { Search } from 'lucide-react';
import { useEffect } from 'react';
import { Input, Select } from '@/components/ui/input';
import { useCounterText } from '../texts';
import { cn } from '@/lib/cn';

export const STATUS_FILTERS = [
  ['all', 'All statuses'],
  ['new', 'New (unvisited + visited)'],
  ['unvisited', 'Unvisited'],
  ['visited', 'Visited'],
  ['processing', 'Processing'],
  ['completed', 'Completed'],
  ['delivered', 'Delivered'],
  ['collected', 'Collected'],
] as const;

export const DELIVERY_FILTERS = [
  ['all', 'All orders'],
  ['delivery', 'Home Delivery'],
  ['pickup', 'Shop Pickup'],
] as const;

export function OrderFilters({
  status,
  onStatus,
  deliveryType,
  onDeliveryType,
  search,
  onSearch,
  statuses = STATUS_FILTERS,
}: {
  status: string;
  onStatus: (v: string) => void;
  deliveryType: string;
  onDeliveryType: (v: string) => void;
  search?: string;
  onSearch?: (v: string) => void;
  statuses?: ReadonlyArray<readonly [string, string]>;
}) {
  return (
    <div className="flex flex-col gap-2 sm:flex-row">
      {onSearch && (
        <div className="relative min-w-0 flex-1">
          <Search
            className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-400"
            aria-hidden
          />
          <Input
            type="search"
            aria-label="Search orders"
            placeholder="Order number, customer, file or phone"
            className="h-11 pl-9 sm:h-10"
            value={search}
            onChange={(e) => onSearch(e.target.value)}
          />
        </div>
      )}
      <div className="grid grid-cols-2 gap-2 sm:flex">
        <Select
          aria-label="Filter by status"
          className="h-11 sm:h-10 sm:w-52"
          value={status}
          onChange={(e) => onStatus(e.target.value)}
        >
          {statuses.map(([v, l]) => (
            <option key={v} value={v}>
              {l}
            </option>
          ))}
        </Select>
        <Select
          aria-label="Filter by delivery type"
          className="h-11 sm:h-10 sm:w-44"
          value={deliveryType}
          onChange={(e) => onDeliveryType(e.target.value)}
        >
          {DELIVERY_FILTERS.map(([v, l]) => (
            <option key={v} value={v}>
              {l}
            </option>
          ))}
        </Select>
      </div>
    </div>
  );
}

/** A row of toggle chips for one filter: big enough to tap at the counter, scrolls sideways on a narrow phone. */
export function FilterChips<V extends string>({
  label,
  value,
  options,
  onChange,
  counts,
}: {
  label: string;
  value: V;
  options: ReadonlyArray<readonly [V, string]>;
  onChange: (v: V) => void;
  /** A count shown on each chip (the counter's queue). */
  counts?: Readonly<Record<string, number | undefined>>;
}) {
  // Chips wrap onto a second line rather than scroll sideways on a phone.
  return (
    <div role="group" aria-label={label} className="flex flex-wrap gap-2">
      {options.map(([v, l]) => (
        <button
          key={v}
          type="button"
          aria-pressed={value === v}
          onClick={() => onChange(v)}
          className={cn(
            'h-10 shrink-0 whitespace-nowrap rounded-full border px-3 text-sm font-medium sm:px-4 transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
            value === v
              ? 'border-brand-700 bg-brand-700 text-white dark:border-brand-500 dark:bg-brand-600'
              : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200 dark:hover:bg-slate-800',
          )}
        >
          {l}
          {counts?.[v] !== undefined && ' '}
          {counts?.[v] !== undefined && (
            <span
              className={cn(
                'ml-1 rounded-full px-1.5 text-xs tabular-nums',
                value === v ? 'bg-white/20' : 'bg-slate-100 dark:bg-slate-800',
              )}
            >
              {counts[v]!.toLocaleString('en-IN')}
            </span>
          )}
        </button>
      ))}
    </div>
  );
}

const pagerButton =
  'h-11 rounded-md border border-slate-300 bg-white px-4 text-sm font-medium disabled:opacity-50 sm:h-9 dark:border-slate-700 dark:bg-slate-900';

/** "1,000" or, when the server stopped counting there, "1,000+". */
export function formatTotal(total: number, capped = false): string {
  return `${total.toLocaleString('en-IN')}${capped ? '+' : ''}`;
}

export function Pager({
  page,
  total,
  pageSize,
  onPage,
  noun = 'orders',
  capped = false,
  scrollToTop = true,
}: {
  page: number;
  total: number;
  pageSize: number;
  onPage: (p: number) => void;
  noun?: string;
  capped?: boolean;
  /** A list that is the whole page starts the next page at its top. */
  scrollToTop?: boolean;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const t = useCounterText();
  if (total <= pageSize) return null;
  const go = (p: number) => {
    onPage(p);
    if (scrollToTop) window.scrollTo({ top: 0 });
  };
  return (
    <nav aria-label={t('pager.label')} className="flex items-center justify-between gap-2 text-sm">
      <button type="button" className={pagerButton} disabled={page === 0} onClick={() => go(page - 1)}>
        {t('pager.previous')}
      </button>
      <span className="text-center text-slate-600 dark:text-slate-400">
        {t('pager.summary', {
          page: page + 1,
          pages: formatTotal(pages, capped),
          total: formatTotal(total, capped),
          noun,
        })}
      </span>
      <button type="button" className={pagerButton} disabled={page + 1 >= pages} onClick={() => go(page + 1)}>
        {t('pager.next')}
      </button>
    </nav>
  );
}

/** When orders leave the list (moved along, filtered), a page past the end goes back to the last one that exists. */
export function useClampPage(page: number, total: number | undefined, pageSize: number, setPage: (p: number) => void) {
  useEffect(() => {
    if (total === undefined) return;
    const last = Math.max(0, Math.ceil(total / pageSize) - 1);
    if (page > last) setPage(last);
  }, [page, total, pageSize, setPage]);
}
