import { useState } from 'react';
import { Card, Skeleton } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { formatDateTime } from '@/lib/format';
import { useDebouncedSearch } from '@/lib/use-debounced-search';
import { useStaffSends } from '../api';

/**
 * What staff had the shop send in their own words or to an address they typed (decision 033): notes about orders and
 * walk-in receipt mails, with who sent them to whom. Shown as text: nothing in a clerk's words is a link here either.
 */
export function StaffSends() {
  const [, setPage] = useState(0);
  const { text, setText, search } = useDebouncedSearch(setPage, 300, '');
  const sends = useStaffSends(search.trim());
  return (
    <section className="space-y-3" aria-labelledby="staff-sends-title">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="staff-sends-title" className="text-lg font-semibold">
            Sent by staff
          </h2>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            Messages to customers and walk-in receipt mails, newest first.
          </p>
        </div>
        <label className="w-full sm:w-72">
          <span className="sr-only">Show only one e-mail address or WhatsApp number</span>
          <Input
            type="search"
            placeholder="One e-mail or +91 number"
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
        </label>
      </div>
      {sends.isPending ? (
        <Card className="p-4">
          <Skeleton className="h-16 w-full" />
        </Card>
      ) : sends.isError ? (
        <Card className="p-4 text-red-600">Could not load what staff sent</Card>
      ) : sends.data.length === 0 ? (
        <Card className="p-6 text-center text-slate-500">Nothing sent{search ? ' to that address' : ''} yet.</Card>
      ) : (
        <ul className="space-y-2" data-testid="staff-sends">
          {sends.data.map((s) => (
            <li key={s.id}>
              <Card className="space-y-1 p-3 text-sm">
                <p className="text-slate-600 dark:text-slate-400">
                  {formatDateTime(s.at)} ·{' '}
                  <span className="font-medium text-slate-900 dark:text-slate-100">{s.by.name}</span> ({s.by.kind}) ·{' '}
                  {s.kind === 'message' ? 'message' : 'walk-in receipt'} by{' '}
                  {s.channel === 'mail' ? 'e-mail' : 'WhatsApp'} to{' '}
                  <span className="break-all font-mono">{s.recipient}</span> · {s.order_number}
                </p>
                <p className="whitespace-pre-wrap break-words">{s.body}</p>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
