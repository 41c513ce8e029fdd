import { Search } from 'lucide-react';
import { Input, Select } from '@/components/ui/input';

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
        <div className="relative flex-1">
          <Search className="pointer-events-none absolute left-3 top-3 h-4 w-4 text-slate-400" aria-hidden />
          <Input aria-label="Search orders" placeholder="Search by order number, customer, file or phone" className="pl-9" value={search} onChange={(e) => onSearch(e.target.value)} />
        </div>
      )}
      <Select aria-label="Filter by status" className="sm:w-52" value={status} onChange={(e) => onStatus(e.target.value)}>
        {statuses.map(([v, l]) => <option key={v} value={v}>{l}</option>)}
      </Select>
      <Select aria-label="Filter by delivery type" className="sm:w-44" value={deliveryType} onChange={(e) => onDeliveryType(e.target.value)}>
        <option value="all">All orders</option>
        <option value="delivery">Home Delivery</option>
        <option value="pickup">Shop Pickup</option>
      </Select>
    </div>
  );
}

export function Pager({ page, total, pageSize, onPage }: { page: number; total: number; pageSize: number; onPage: (p: number) => void }) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (total <= pageSize) return null;
  return (
    <div className="flex items-center justify-between text-sm">
      <button type="button" className="rounded-md border border-slate-300 px-3 py-1.5 disabled:opacity-50 dark:border-slate-700" disabled={page === 0} onClick={() => onPage(page - 1)}>Previous</button>
      <span>Page {page + 1} of {pages} · {total} orders</span>
      <button type="button" className="rounded-md border border-slate-300 px-3 py-1.5 disabled:opacity-50 dark:border-slate-700" disabled={page + 1 >= pages} onClick={() => onPage(page + 1)}>Next</button>
    </div>
  );
}
