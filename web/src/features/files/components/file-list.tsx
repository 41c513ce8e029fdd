import type { ManagedFile } from '@shop/shared/files/file-manager';
import { Download, FileText, ShieldAlert, Trash2 } from 'lucide-react';
import { Link } from '@/lib/router';
import { Card } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { formatDateTime, relativeTime } from '@/lib/format';
import { deletionPhrase, deletionText, FILE_MANAGER_TEXTS as T, fileSize } from '../texts';

const smallAction =
  'inline-flex h-10 items-center justify-center gap-1.5 rounded-md border px-3 text-sm font-medium sm:h-8 sm:px-2 sm:text-xs border-slate-300 bg-white hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-900 dark:hover:bg-slate-800';

function FileName({ f }: { f: ManagedFile }) {
  return (
    <div className="min-w-0">
      <p className="flex items-start gap-1.5 font-medium">
        <FileText className="mt-0.5 h-4 w-4 shrink-0 text-slate-400" aria-hidden />
        <span className="min-w-0 break-all">{f.originalName}</span>
      </p>
      <p className="flex flex-wrap gap-x-2 text-xs text-slate-500 dark:text-slate-400">
        {f.source && <span>{T.madeFrom(f.source.format)}</span>}
        {f.sensitive && (
          <span className="inline-flex items-center gap-1 font-semibold text-amber-800 dark:text-amber-300">
            <ShieldAlert className="h-3.5 w-3.5" aria-hidden /> {T.sensitive}
          </span>
        )}
      </p>
    </div>
  );
}

function OrderLink({ f }: { f: ManagedFile }) {
  if (!f.order) return <span className="text-slate-500 dark:text-slate-400">{T.noOrder}</span>;
  return (
    <span>
      <Link
        className="font-mono text-brand-700 underline dark:text-blue-300"
        to={`${paths.adminOrders}?search=${encodeURIComponent(f.order.orderNumber)}`}
      >
        {f.order.orderNumber}
      </Link>
      {!f.order.paid && <span className="ml-1 text-xs text-slate-500">({T.draft})</span>}
      {f.otherOrders > 0 && <span className="block text-xs text-slate-500">{T.alsoIn(f.otherOrders)}</span>}
    </span>
  );
}

function Actions({
  f,
  onDelete,
  className,
}: {
  f: ManagedFile;
  onDelete: (f: ManagedFile) => void;
  className?: string;
}) {
  return (
    <div className={cn('flex flex-wrap gap-2', className)}>
      {f.downloadUrl && (
        <a href={f.downloadUrl} className={smallAction} aria-label={`Download ${f.originalName}`}>
          <Download className="h-4 w-4 sm:h-3.5 sm:w-3.5" aria-hidden /> {T.download}
        </a>
      )}
      <button
        type="button"
        className={cn(smallAction, 'text-red-700 dark:text-red-400')}
        aria-label={`Delete ${f.originalName}`}
        onClick={() => onDelete(f)}
      >
        <Trash2 className="h-4 w-4 sm:h-3.5 sm:w-3.5" aria-hidden /> {T.delete}
      </button>
    </div>
  );
}

const age = (f: ManagedFile) => (
  <time dateTime={f.lastModified} title={formatDateTime(f.lastModified)}>
    {relativeTime(f.lastModified)}
  </time>
);

/** The files of one page: cards on a phone, a table from 768 px. */
export function FileList({
  files,
  retentionDays,
  onDelete,
}: {
  files: ManagedFile[];
  retentionDays: number;
  onDelete: (f: ManagedFile) => void;
}) {
  return (
    <>
      <ul className="space-y-3 md:hidden" aria-label="Files">
        {files.map((f) => (
          <li key={f.id}>
            <Card className="space-y-2 p-4 text-sm" data-testid="file-card">
              <FileName f={f} />
              <p>
                {f.customer?.name ?? '—'} · <OrderLink f={f} />
              </p>
              <p className="text-slate-600 dark:text-slate-400">
                {fileSize(f.size)} · {age(f)} · {deletionPhrase(f, retentionDays)}
              </p>
              <Actions f={f} onDelete={onDelete} />
            </Card>
          </li>
        ))}
      </ul>
      <Card className="hidden overflow-x-auto md:block">
        <table className="w-full text-left text-sm">
          <thead className="border-b border-slate-200 text-xs uppercase text-slate-500 dark:border-slate-700 dark:text-slate-400">
            <tr>
              {Object.values(T.columns).map((c) => (
                <th key={c} className="p-3">
                  {c}
                </th>
              ))}
              <th className="p-3">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {files.map((f) => (
              <tr key={f.id} className="border-b border-slate-100 align-top last:border-0 dark:border-slate-800">
                <td className="max-w-64 p-3">
                  <FileName f={f} />
                </td>
                <td className="p-3">{f.customer?.name ?? '—'}</td>
                <td className="whitespace-nowrap p-3">
                  <OrderLink f={f} />
                </td>
                <td className="whitespace-nowrap p-3">{fileSize(f.size)}</td>
                <td className="whitespace-nowrap p-3">{age(f)}</td>
                <td className="whitespace-nowrap p-3">{deletionText(f, retentionDays)}</td>
                <td className="p-3">
                  <Actions f={f} onDelete={onDelete} className="flex-nowrap justify-end" />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </Card>
    </>
  );
}
