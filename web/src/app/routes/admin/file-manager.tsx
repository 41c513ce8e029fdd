import { Copy, Download } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, Skeleton } from '@/components/ui/card';
import { copyToAdminBucket, useBucketFiles } from '@/features/admin/api';
import { errorMessage } from '@/lib/api-client';
import { isAdmin, useUser } from '@/lib/auth';
import { formatDateTime } from '@/lib/format';
import { toast } from '@/lib/toast';

function size(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1024 / 1024).toFixed(2)} MB`;
}

/** The admin's view of the storage bucket. */
export default function FileManagerPage() {
  const { data: user } = useUser();
  const { data, isPending, isError, refetch } = useBucketFiles();
  if (!isAdmin(user)) return <Card className="p-10 text-center font-medium text-red-600">Access Denied - You need admin privileges to access this feature.</Card>;
  const files = data?.files ?? [];
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">Admin File Manager</h1>
      {isPending ? (
        <Card className="space-y-2 p-4">{Array.from({ length: 6 }, (_, i) => <Skeleton key={i} className="h-6 w-full" />)}</Card>
      ) : isError ? (
        <Card className="p-8 text-center">
          <p className="font-semibold text-red-600">Error Loading Files</p>
          <p className="text-sm text-slate-500">Failed to load files</p>
          <Button className="mt-3" variant="outline" onClick={() => void refetch()}>Try Again</Button>
        </Card>
      ) : files.length === 0 ? (
        <Card className="p-10 text-center text-slate-500">No files found in the admin bucket.</Card>
      ) : (
        <Card className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="border-b border-slate-200 text-xs uppercase text-slate-500 dark:border-slate-700">
              <tr><th className="p-3">Key</th><th className="p-3">Size</th><th className="p-3">Last modified</th><th className="p-3">Actions</th></tr>
            </thead>
            <tbody>
              {files.map((f) => (
                <tr key={f.key} className="border-b border-slate-100 dark:border-slate-800">
                  <td className="max-w-xs break-all p-3 font-mono text-xs">{f.key}</td>
                  <td className="whitespace-nowrap p-3">{size(f.size)}</td>
                  <td className="whitespace-nowrap p-3">{formatDateTime(f.lastModified)}</td>
                  <td className="flex gap-2 p-3">
                    <a href={f.downloadUrl} className="inline-flex items-center gap-1 rounded border border-slate-300 px-2 py-1 text-xs dark:border-slate-700"><Download className="h-3.5 w-3.5" aria-hidden /> Download</a>
                    {!f.key.startsWith('admin-bucket/') && (
                      <button
                        type="button"
                        className="inline-flex items-center gap-1 rounded border border-slate-300 px-2 py-1 text-xs dark:border-slate-700"
                        onClick={async () => {
                          try {
                            const r = await copyToAdminBucket(f.key);
                            toast({ title: 'Copied', description: r.message });
                            void refetch();
                          } catch (err) {
                            toast({ title: 'Error', description: errorMessage(err, 'Failed to copy file to admin bucket'), variant: 'destructive' });
                          }
                        }}
                      >
                        <Copy className="h-3.5 w-3.5" aria-hidden /> Copy to admin bucket
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </Card>
      )}
    </div>
  );
}
