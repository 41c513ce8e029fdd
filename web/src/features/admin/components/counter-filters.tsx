import { Search } from 'lucide-react';
import { Input, Select } from '@/components/ui/input';
import { useCounterCounts } from '../api';
import { DELIVERY_FILTERS, FilterChips } from './order-filters';

/** Spec §5: the staff-side status filter. */
const STAFF_STATUSES = [
  ['all', 'All'],
  ['unvisited', 'Unvisited'],
  ['visited', 'Visited'],
  ['processing', 'Processing'],
  ['completed', 'Completed'],
] as const;
const DELIVERY_CHIPS = DELIVERY_FILTERS.map(([v, l]) => [v, v === 'all' ? 'All types' : l] as const);

export interface CounterFilterState {
  status: string;
  deliveryType: (typeof DELIVERY_FILTERS)[number][0];
  sort: 'oldest' | 'newest';
  text: string;
}

/** The counter's search (order number, name or phone), order of the queue, and chips with their counts. */
export function CounterFilters({ value, onChange }: { value: CounterFilterState; onChange: (next: Partial<CounterFilterState>) => void }) {
  const { data: counts } = useCounterCounts();
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap gap-2">
        <label className="relative min-w-0 flex-1 basis-56">
          <span className="sr-only">Search orders</span>
          <Search className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-400" aria-hidden />
          <Input
            type="search"
            value={value.text}
            onChange={(e) => onChange({ text: e.target.value })}
            placeholder="Order number, name or phone"
            className="h-11 pl-9 sm:h-10"
            maxLength={100}
          />
        </label>
        <label className="shrink-0">
          <span className="sr-only">Order of the queue</span>
          <Select value={value.sort} onChange={(e) => onChange({ sort: e.target.value === 'newest' ? 'newest' : 'oldest' })} className="h-11 sm:h-10">
            <option value="oldest">Oldest first</option>
            <option value="newest">Newest first</option>
          </Select>
        </label>
      </div>
      <FilterChips label="Filter by status" value={value.status} options={STAFF_STATUSES} counts={counts ? { ...counts } : undefined} onChange={(status) => onChange({ status })} />
      <FilterChips label="Filter by delivery type" value={value.deliveryType} options={DELIVERY_CHIPS} counts={counts ? { all: counts.all, delivery: counts.delivery, pickup: counts.pickup } : undefined} onChange={(deliveryType) => onChange({ deliveryType })} />
    </div>
  );
}
