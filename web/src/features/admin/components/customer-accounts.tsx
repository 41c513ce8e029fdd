import { Search } from 'lucide-react';
import { useState } from 'react';
import { Card, CardContent, CardHeader, CardTitle, Skeleton } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { useAccounts } from '@/features/admin/api';
import { Pager } from './order-filters';
import { formatDate } from '@/lib/format';
import { useDebouncedSearch } from '@/lib/use-debounced-search';

const PAGE_SIZE = 10;

/** The shop's accounts, as the admin sees them: newest first, searchable by name or e-mail, 10 a page. */
export function CustomerAccounts() {
  const [page, setPage] = useState(0);
  const { text, setText, search } = useDebouncedSearch(setPage);
  const { data, isPending, isError } = useAccounts({
    search: search || undefined,
    limit: PAGE_SIZE,
    offset: page * PAGE_SIZE,
  });

  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-baseline justify-between gap-2 space-y-0">
        <CardTitle>Customer accounts</CardTitle>
        {data && (
          <p className="text-sm text-slate-500 dark:text-slate-400" data-testid="accounts-total">
            {data.total} {data.total === 1 ? 'account' : 'accounts'}
            {search ? ' found' : ''}
          </p>
        )}
      </CardHeader>
      <CardContent className="space-y-3">
        <label className="relative block">
          <span className="sr-only">Search accounts</span>
          <Search
            className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-400"
            aria-hidden
          />
          <Input
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder="Search by name or e-mail..."
            className="pl-9"
            maxLength={200}
          />
        </label>
        {isError && <p className="text-sm text-red-600">Could not load the accounts. Please try again.</p>}
        {isPending ? (
          <div className="space-y-2">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-12 w-full" />
            ))}
          </div>
        ) : data && data.items.length === 0 ? (
          <p className="py-6 text-center text-sm text-slate-500 dark:text-slate-400">
            {search ? `No accounts match "${search}"` : 'No accounts yet'}
          </p>
        ) : (
          <ul className="divide-y divide-slate-200 dark:divide-slate-800" aria-label="Accounts">
            {data?.items.map((a) => (
              <li
                key={a.id}
                className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-0.5 py-2.5 text-sm sm:grid-cols-[minmax(0,2fr)_minmax(0,3fr)_auto_auto] sm:items-center"
                data-testid="account-row"
              >
                <span className="col-span-2 min-w-0 truncate font-medium sm:col-span-1">
                  {a.name}
                  {a.role === 'admin' && (
                    <span className="ml-2 rounded bg-brand-50 px-1.5 py-0.5 text-xs font-medium text-brand-700 dark:bg-slate-800 dark:text-brand-100">
                      Admin
                    </span>
                  )}
                </span>
                <a
                  href={`mailto:${a.email}`}
                  className="col-span-2 min-w-0 truncate text-brand-700 hover:underline sm:col-span-1 dark:text-brand-100"
                >
                  {a.email}
                </a>
                <span className="text-slate-600 dark:text-slate-400">
                  {a.order_count} {a.order_count === 1 ? 'order' : 'orders'}
                </span>
                <span className="text-right text-slate-500 sm:text-left dark:text-slate-400">
                  Joined {formatDate(a.created_at)}
                </span>
              </li>
            ))}
          </ul>
        )}
        {/* The dashboard stays where it is when paging (the counts are above). */}
        <Pager
          page={page}
          total={data?.total ?? 0}
          pageSize={PAGE_SIZE}
          onPage={setPage}
          noun="accounts"
          scrollToTop={false}
        />
      </CardContent>
    </Card>
  );
}
