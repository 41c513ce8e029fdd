import { FILE_MANAGER_MESSAGES as M, type ManagedFile } from '@shop/shared/files/file-manager';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, Skeleton } from '@/components/ui/card';
import { Select } from '@/components/ui/input';
import { useManagedFiles, type FileListQuery } from '@/features/files/api';
import { DeleteFileDialog } from '@/features/files/components/delete-file-dialog';
import { FileList } from '@/features/files/components/file-list';
import { FILE_MANAGER_TEXTS as T, SORT_CHOICES } from '@/features/files/texts';
import { ApiError, errorMessage } from '@/lib/api-client';
import { isAdmin, useUser } from '@/lib/auth';

const PAGE_SIZE = 25;

/** /admin/file-manager: the customers' files the shop keeps, newest first, with delete (docs/decisions/026). */
export default function FileManagerPage() {
  const { data: user } = useUser();
  const [query, setQuery] = useState<FileListQuery>({ page: 1, pageSize: PAGE_SIZE, sort: 'age', dir: 'desc' });
  const [deleting, setDeleting] = useState<ManagedFile | null>(null);
  const { data, isPending, isError, error, refetch, isRefetching, isPlaceholderData } = useManagedFiles(query);
  const denied = !isAdmin(user) || (error instanceof ApiError && (error.status === 401 || error.status === 403));
  if (denied)
    return (
      <Card className="p-10 text-center font-medium text-red-600 dark:text-red-400" role="alert">
        {M.accessDenied}
      </Card>
    );
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const goTo = (page: number) => setQuery((q) => ({ ...q, page }));
  const sortValue = `${query.sort}-${query.dir}`;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h1 className="text-2xl font-bold">{T.title}</h1>
        {data && <p className="text-sm text-slate-500 dark:text-slate-400">{T.count(data.total)}</p>}
      </div>
      {data && (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {T.intro(data.retentionDays, data.uploadRetentionHours)}
        </p>
      )}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <label className="flex items-center gap-2 text-sm">
          <span className="whitespace-nowrap font-medium">{T.sortLabel}</span>
          <Select
            className="h-11 w-44 sm:h-10"
            value={sortValue}
            onChange={(e) => {
              const c = SORT_CHOICES.find((s) => s.value === e.target.value)!;
              setQuery((q) => ({ ...q, sort: c.sort, dir: c.dir, page: 1 }));
            }}
          >
            {SORT_CHOICES.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </Select>
        </label>
        {data && pages > 1 && (
          <nav className="flex items-center gap-2 text-sm" aria-label="File pages">
            <Button
              variant="outline"
              className="h-11 sm:h-9"
              disabled={query.page <= 1 || isPlaceholderData}
              onClick={() => goTo(query.page - 1)}
            >
              {T.previous}
            </Button>
            <span aria-live="polite">{T.page(query.page, pages)}</span>
            <Button
              variant="outline"
              className="h-11 sm:h-9"
              disabled={query.page >= pages || isPlaceholderData}
              onClick={() => goTo(query.page + 1)}
            >
              {T.next}
            </Button>
          </nav>
        )}
      </div>
      {isPending ? (
        <Card className="space-y-2 p-4">
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} className="h-6 w-full" />
          ))}
        </Card>
      ) : isError && !data ? (
        <Card className="p-8 text-center" role="alert">
          <p className="font-semibold text-red-600 dark:text-red-400">{M.loadError}</p>
          <p className="text-sm text-slate-500 dark:text-slate-400">{errorMessage(error, M.loadFailed)}</p>
          <Button
            className="mt-3 h-11 sm:h-10"
            variant="outline"
            disabled={isRefetching}
            onClick={() => void refetch()}
          >
            {T.tryAgain}
          </Button>
        </Card>
      ) : !data || data.files.length === 0 ? (
        <Card className="p-10 text-center text-slate-500">{M.empty}</Card>
      ) : (
        <FileList files={data.files} retentionDays={data.retentionDays} onDelete={setDeleting} />
      )}
      {deleting && (
        <DeleteFileDialog
          file={deleting}
          onClose={() => setDeleting(null)}
          // The last file of a page deleted: show the page before.
          onDeleted={() => data?.files.length === 1 && query.page > 1 && goTo(query.page - 1)}
        />
      )}
    </div>
  );
}
