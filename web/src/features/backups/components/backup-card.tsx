import { Archive } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { useBackUpNow, useBackupStatus, type BackgroundJob, type BackupStatus } from '../api';
import { jobLabel, jobStateWords } from '../job-words';
import { shopDateFormat } from '@shop/shared/common/shop-clock';

const ist = (iso: string) => shopDateFormat({ dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
const size = (n: number) =>
  n >= 1024 ** 3
    ? `${(n / 1024 ** 3).toFixed(2)} GB`
    : n >= 1024 ** 2
      ? `${(n / 1024 ** 2).toFixed(1)} MB`
      : `${Math.ceil(n / 1024)} KB`;

function LastRun({ s }: { s: BackupStatus }) {
  const last = s.last;
  if (!last) return <p className="text-sm text-slate-600 dark:text-slate-300">No backup has been made yet.</p>;
  if (last.status === 'running')
    return (
      <p className="text-sm">A backup is running (started {last.startedAt ? ist(last.startedAt) : 'just now'}).</p>
    );
  if (last.status === 'ok')
    return (
      <p className="text-sm" data-testid="backup-last">
        <span className="font-medium text-green-700 dark:text-green-400">Last backup good</span>:{' '}
        {last.finishedAt ? ist(last.finishedAt) : ''} IST
        {last.sizeBytes !== null ? `, ${size(last.sizeBytes)}` : ''}
        {last.orders !== null ? `, ${last.orders} orders` : ''}
        {last.files !== null ? `, ${last.files} files` : ''}
      </p>
    );
  return (
    <div className="space-y-1 text-sm" data-testid="backup-last">
      <p role="alert">
        <span className="font-medium text-red-700 dark:text-red-400">Last backup failed</span> (
        {last.finishedAt ? `${ist(last.finishedAt)} IST` : ''}): {last.error}
      </p>
      <p className="text-slate-600 dark:text-slate-300">
        {s.lastSuccess?.finishedAt
          ? `The last good backup was made on ${ist(s.lastSuccess.finishedAt)} IST.`
          : 'No backup has succeeded yet.'}
      </p>
    </div>
  );
}

function JobLine({ job }: { job: BackgroundJob }) {
  const state = jobStateWords(job, ist);
  return (
    <li>
      <span className="font-medium">{jobLabel(job)}</span>:{' '}
      {state.failed ? <span className="text-red-700 dark:text-red-400">{state.text}</span> : state.text}
    </li>
  );
}

/**
 * The admin dashboard's backup card: the version, the last backup's time, size and result, "Back up now", and the
 * shop's other background work with each job's last run.
 */
export function BackupCard() {
  const { data, isError } = useBackupStatus();
  const now = useBackUpNow();
  return (
    <section
      aria-labelledby="backups-title"
      className="space-y-2 rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="backups-title" className="flex items-center gap-1.5 text-lg font-semibold">
          <Archive className="h-5 w-5" aria-hidden /> Backups
        </h2>
        {data && (
          <span className="text-xs text-slate-500 dark:text-slate-400" data-testid="app-version">
            Version {data.version}
          </span>
        )}
      </div>
      {isError && <p className="text-sm text-red-600">Could not load the backup status.</p>}
      {data && (
        <>
          <LastRun s={data} />
          <p className="text-sm text-slate-600 dark:text-slate-300">
            {data.hour === null
              ? 'Scheduled backups are off.'
              : `Every day at ${String(data.hour).padStart(2, '0')}:00 IST, keeping the last ${data.keep}, in ${data.destination}.`}
            {data.nextRunAt ? ` Next: ${ist(data.nextRunAt)} IST.` : ''}
          </p>
          {data.sameDiskAsShop && (
            <p className="text-sm text-amber-700 dark:text-amber-400">
              Backups are on the same disk as the shop: a dead disk takes both. Set BACKUP_DIR to another disk or
              BACKUP_S3_BUCKET to a bucket.
            </p>
          )}
          <div className="flex flex-wrap items-center gap-2">
            <Button
              type="button"
              variant="outline"
              disabled={now.isPending || data.last?.status === 'running'}
              onClick={() => now.mutate()}
            >
              Back up now
            </Button>
            {now.isSuccess && <span className="text-sm">{now.data.message}</span>}
            {now.isError && (
              <span className="text-sm text-red-600">{errorMessage(now.error, 'Could not start the backup.')}</span>
            )}
          </div>
          {data.jobs.length > 0 && (
            <div className="border-t border-slate-200 pt-2 dark:border-slate-800">
              <h3 className="text-sm font-semibold">Background work</h3>
              <ul className="mt-1 space-y-1 text-sm text-slate-600 dark:text-slate-300" data-testid="background-jobs">
                {data.jobs.map((job) => (
                  <JobLine key={job.name} job={job} />
                ))}
              </ul>
            </div>
          )}
        </>
      )}
    </section>
  );
}
