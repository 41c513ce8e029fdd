import { Copy, Download, FileText } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, Skeleton } from '@/components/ui/card';
import type { BucketFile } from '@shop/shared/files/routes';
import { copyToAdminBucket, useBucketFiles } from '@/features/admin/api';
import { ApiError, errorMessage } from '@/lib/api-client';
import { isAdmin, useUser } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { formatDateTime } from '@/lib/format';
import { toast } from '@/lib/toast';

function size(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1024 / 1024).toFixed(2)} MB`;
}

const ACCESS_DENIED = 'Access Denied - You need admin privileges to access this feature.';
const smallAction =
  'inline-flex h-10 items-center justify-center gap-1.5 rounded-md border border-slate-300 bg-white px-3 text-sm font-medium hover:bg-slate-50 sm:h-8 sm:px-2 sm:text-xs dark:border-slate-700 dark:bg-slate-900 dark:hover:bg-slate-800';

function FileActions({ file, onCopied, className }: { file: BucketFile; onCopied: () => void; className?: string }) {
  return (
    <div className={cn('flex flex-wrap gap-2', className)}>
      <a href={file.downloadUrl} className={smallAction} aria-label={`Download ${file.key}`}>
        <Download className="h-4 w-4 sm:h-3.5 sm:w-3.5" aria-hidden /> Download
      </a>
      {!file.key.startsWith('admin-bucket/') && (
        <button
          type="button"
          className={smallAction}
          aria-label={`Copy ${file.key} to the admin bucket`}
          onClick={async () => {
            try {
              const r = await copyToAdminBucket(file.key);
              toast({ title: 'Copied', description: r.message, variant: 'success' });
              onCopied();
            } catch (err) {
              toast({ title: 'Error', description: errorMessage(err, 'Failed to copy file to admin bucket'), variant: 'destructive' });
            }
          }}
        >
          <Copy className="h-4 w-4 sm:h-3.5 sm:w-3.5" aria-hidden /> Copy to admin bucket
        </button>
      )}
    </div>
  );
}

/** The admin's view of the storage bucket. */
export default function FileManagerPage() {
  const { data: user } = useUser();
  const { data, isPending, isError, error, refetch, isRefetching } = useBucketFiles();
  const denied = !isAdmin(user) || (error instanceof ApiError && (error.status === 401 || error.status === 403));
  if (denied) return <Card className="p-10 text-center font-medium text-red-600 dark:text-red-400" role="alert">{ACCESS_DENIED}</Card>;
  const files = data?.files ?? [];
  const reload = () => void refetch();
  return (
    <div className="space-y-4">
      <div className="flex items-baseline justify-between gap-3">
        <h1 className="text-2xl font-bold">Admin File Manager</h1>
        {data && <p className="text-sm text-slate-500 dark:text-slate-400">{files.length} {files.length === 1 ? 'file' : 'files'}</p>}
      </div>
      {isPending ? (
        <Card className="space-y-2 p-4">{Array.from({ length: 6 }, (_, i) => <Skeleton key={i} className="h-6 w-full" />)}</Card>
      ) : isError ? (
        <Card className="p-8 text-center" role="alert">
          <p className="font-semibold text-red-600 dark:text-red-400">Error Loading Files</p>
          <p className="text-sm text-slate-500 dark:text-slate-400">{errorMessage(error, 'Failed to load files')}</p>
          <Button className="mt-3 h-11 sm:h-10" variant="outline" disabled={isRefetching} onClick={reload}>Try Again</Button>
        </Card>
      ) : files.length === 0 ? (
        <Card className="p-10 text-center text-slate-500">No files found in the admin bucket.</Card>
      ) : (
        <>
          <ul className="space-y-3 md:hidden" aria-label="Files">
            {files.map((f) => (
              <li key={f.key}>
                <Card className="space-y-2 p-4">
                  <p className="flex gap-2 break-all font-mono text-xs"><FileText className="h-4 w-4 shrink-0 text-slate-400" aria-hidden />{f.key}</p>
                  <p className="text-sm text-slate-600 dark:text-slate-400">{size(f.size)} · {formatDateTime(f.lastModified)}</p>
                  <FileActions file={f} onCopied={reload} />
                </Card>
              </li>
            ))}
          </ul>
          <Card className="hidden overflow-x-auto md:block">
            <table className="w-full text-left text-sm">
              <thead className="border-b border-slate-200 text-xs uppercase text-slate-500 dark:border-slate-700 dark:text-slate-400">
                <tr><th className="p-3">Key</th><th className="p-3">Size</th><th className="p-3">Last modified</th><th className="p-3">Actions</th></tr>
              </thead>
              <tbody>
                {files.map((f) => (
                  <tr key={f.key} className="border-b border-slate-100 last:border-0 dark:border-slate-800">
                    <td className="break-all p-3 font-mono text-xs">{f.key}</td>
                    <td className="whitespace-nowrap p-3">{size(f.size)}</td>
                    <td className="whitespace-nowrap p-3">{formatDateTime(f.lastModified)}</td>
                    <td className="p-3"><FileActions file={f} onCopied={reload} className="flex-nowrap" /></td>
                  </tr>
                ))}
              </tbody>
            </table>
          </Card>
        </>
      )}
    </div>
  );
}
