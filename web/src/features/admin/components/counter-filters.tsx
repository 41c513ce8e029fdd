import { Search } from 'lucide-react';
import type { FormEvent, ReactNode } from 'react';
import { Input, Select } from '@/components/ui/input';
import { useMediaQuery } from '@/lib/use-media-query';
import { backOfficeStatusLabel, deliveryTypeLabel, useWordsText } from '@/lib/i18n/words';
import { useCounterCounts } from '../api';
import { useCounterText } from '../texts';
import { FilterChips } from './order-filters';

/** The statuses a clerk filters the queue by (beside all of them). */
const STAFF_STATUSES = ['unvisited', 'visited', 'processing', 'completed'] as const;

export interface CounterFilterState {
  status: string;
  deliveryType: 'all' | 'delivery' | 'pickup';
  sort: 'oldest' | 'newest';
  text: string;
}

/**
 * The counter's one search box (order number, pickup code, name or phone as dictated), order of the queue, and chips
 * with their counts. Enter (or a scanner's, or a phone keyboard's Search) hands the text to `onSubmit`: a pickup code
 * opens its order's Collect. `note` says what came of it, under the box.
 */
export function CounterFilters({
  value,
  onChange,
  onSubmit,
  note,
}: {
  value: CounterFilterState;
  onChange: (next: Partial<CounterFilterState>) => void;
  onSubmit?: (text: string) => void;
  note?: ReactNode;
}) {
  const { data: counts } = useCounterCounts();
  const t = useCounterText();
  useWordsText();
  const statuses = [
    ['all', t('filters.all')],
    ...STAFF_STATUSES.map((s) => [s, backOfficeStatusLabel(s)] as const),
  ] as const;
  const deliveryChips = [
    ['all', t('filters.allTypes')],
    ...(['delivery', 'pickup'] as const).map((v) => [v, deliveryTypeLabel(v)] as const),
  ] as const;
  // On a phone the chips took four rows above the first card (decision 039): there the filters and the order of
  // the queue are three lists side by side, each choice with its count.
  const phone = useMediaQuery('(max-width: 639px)');
  const statusCounts: Record<string, number | undefined> | undefined = counts ? { ...counts } : undefined;
  const deliveryCounts: Record<string, number | undefined> | undefined = counts
    ? { all: counts.all, delivery: counts.delivery, pickup: counts.pickup }
    : undefined;
  const withCount = (label: string, n: number | undefined) =>
    n === undefined ? label : `${label} (${n.toLocaleString('en-IN')})`;
  // On a phone the order of the queue takes only the width of its word ("Oldest"), so the two filters beside it
  // keep room for theirs and their counts.
  const sortSelect = (
    <label className="min-w-0 shrink-0">
      <span className="sr-only">{t('filters.sort')}</span>
      <Select
        value={value.sort}
        onChange={(e) => onChange({ sort: e.target.value === 'newest' ? 'newest' : 'oldest' })}
        className={phone ? 'h-11 px-2' : 'h-11 sm:h-10'}
      >
        <option value="oldest">{t(phone ? 'filters.oldestShort' : 'filters.oldest')}</option>
        <option value="newest">{t(phone ? 'filters.newestShort' : 'filters.newest')}</option>
      </Select>
    </label>
  );
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap gap-2">
        <form
          role="search"
          className="relative min-w-0 flex-1 basis-56"
          onSubmit={(e: FormEvent) => {
            e.preventDefault();
            onSubmit?.(value.text);
          }}
        >
          <label htmlFor="counter-search" className="sr-only">
            {t('filters.search')}
          </label>
          <Search
            className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-400"
            aria-hidden
          />
          <Input
            id="counter-search"
            type="search"
            enterKeyHint="search"
            aria-describedby={note ? 'counter-search-note' : undefined}
            value={value.text}
            onChange={(e) => onChange({ text: e.target.value })}
            // On a phone the whole hint in fewer words: the long one ended mid-word at 390 px.
            placeholder={t(phone ? 'filters.placeholderShort' : 'filters.placeholder')}
            className="h-11 pl-9 sm:h-10"
            maxLength={100}
          />
        </form>
        {!phone && sortSelect}
      </div>
      {note && (
        <div id="counter-search-note" role="status" className="text-sm text-slate-700 dark:text-slate-300">
          {note}
        </div>
      )}
      {phone ? (
        <div className="grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] gap-2">
          <Select
            aria-label={t('filters.status')}
            className="h-11 truncate px-2"
            value={value.status}
            onChange={(e) => onChange({ status: e.target.value })}
          >
            {statuses.map(([v, l]) => (
              <option key={v} value={v}>
                {withCount(l, statusCounts?.[v])}
              </option>
            ))}
          </Select>
          <Select
            aria-label={t('filters.delivery')}
            className="h-11 truncate px-2"
            value={value.deliveryType}
            onChange={(e) => onChange({ deliveryType: e.target.value as CounterFilterState['deliveryType'] })}
          >
            {deliveryChips.map(([v, l]) => (
              <option key={v} value={v}>
                {withCount(l, deliveryCounts?.[v])}
              </option>
            ))}
          </Select>
          {sortSelect}
        </div>
      ) : (
        <>
          <FilterChips
            label={t('filters.status')}
            value={value.status}
            options={statuses}
            counts={statusCounts}
            onChange={(status) => onChange({ status })}
          />
          <FilterChips
            label={t('filters.delivery')}
            value={value.deliveryType}
            options={deliveryChips}
            counts={deliveryCounts}
            onChange={(deliveryType) => onChange({ deliveryType })}
          />
        </>
      )}
    </div>
  );
}
