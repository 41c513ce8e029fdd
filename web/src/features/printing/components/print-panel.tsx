import { AlertTriangle, CheckCircle2, FileText, Loader2, Printer, RefreshCw, RotateCcw, XCircle } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ApiError, errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { toast } from '@/lib/toast';
import { ticketUrl, useJobAction, usePrintingSetUp, usePrintOrder, type JobAction, type PrintJobDto } from '../api';
import { usePrintingText } from '../texts';

type T = ReturnType<typeof usePrintingText>;

// Touch-sized on phones and counter tablets, compact on a desktop (as the order card's other actions).
const action = 'h-11 lg:h-9';

function tone(job: PrintJobDto): string {
  if (job.state === 'failed')
    return 'border-red-300 bg-red-50 text-red-900 dark:border-red-900 dark:bg-red-950 dark:text-red-100';
  if (job.state === 'awaiting_flip' || job.problem)
    return 'border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100';
  if (job.state === 'printed' || job.state === 'confirmed')
    return 'border-green-300 bg-green-50 text-green-900 dark:border-green-800 dark:bg-green-950 dark:text-green-100';
  return 'border-slate-200 bg-slate-50 text-slate-800 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200';
}

function StateIcon({ job }: { job: PrintJobDto }) {
  const c = 'h-4 w-4 shrink-0';
  if (job.state === 'failed') return <XCircle className={c} aria-hidden />;
  if (job.state === 'awaiting_flip' || job.problem) return <AlertTriangle className={c} aria-hidden />;
  if (job.state === 'printed' || job.state === 'confirmed') return <CheckCircle2 className={c} aria-hidden />;
  if (job.state === 'cancelled') return <XCircle className={c} aria-hidden />;
  return <Loader2 className={cn(c, 'animate-spin motion-reduce:animate-none')} aria-hidden />;
}

/** One line saying where the job is, in the counter's words (never colour alone: an icon and words). */
function describe(job: PrintJobDto, t: T): string {
  const printer = job.printer?.name ?? t('noPrinter');
  switch (job.state) {
    case 'queued':
    case 'sent':
      return job.printer && !job.printer.online ? t('waitingForAgent', { printer }) : t('sending', { printer });
    case 'submitted':
      return t('waitingAtPrinter', { printer });
    case 'printing':
      return t('printing', { printer });
    case 'awaiting_flip':
      return t('turnStack');
    case 'printed':
      return t('printed', { sheets: job.sheets });
    case 'confirmed':
      return t('confirmed');
    case 'failed':
      return t('failed', { reason: job.error ?? t('unknownReason') });
    case 'cancelled':
      return t('cancelled');
  }
}

/**
 * The printing part of an order card: Print (or Print again), the ticket, and the job's state live, with what the
 * clerk can do next (retry a failure, print the backs of a manual two-sided job, confirm the paper came out).
 */
export function PrintPanel({
  order,
  job,
}: {
  order: { id: number; order_number: string };
  job: PrintJobDto | undefined;
}) {
  const printOrder = usePrintOrder();
  const t = usePrintingText();
  const jobAction = useJobAction();
  const setUp = usePrintingSetUp();
  const [askAgain, setAskAgain] = useState<string | null>(null);
  const busy = printOrder.isPending || jobAction.isPending;

  const print = async (again = false) => {
    try {
      await printOrder.mutateAsync({ orderId: order.id, again });
      setAskAgain(null);
      toast({ title: t('sentTitle'), description: t('sentText', { order: order.order_number }), variant: 'success' });
    } catch (err) {
      if (err instanceof ApiError && err.code === 'already_printed') return setAskAgain(err.message);
      toast({ title: t('notSentTitle'), description: errorMessage(err, t('notSentText')), variant: 'destructive' });
    }
  };
  const act = async (a: JobAction) => {
    if (!job) return;
    try {
      await jobAction.mutateAsync({ jobId: job.id, action: a });
    } catch (err) {
      toast({ title: t('actionFailed'), description: errorMessage(err, t('actionFailed')), variant: 'destructive' });
    }
  };
  const done = job && ['printed', 'confirmed', 'failed', 'cancelled'].includes(job.state);
  const canPrint = !job || job.state === 'cancelled' || job.state === 'confirmed' || job.state === 'printed';
  const printLabel = job && job.state !== 'cancelled' ? t('printAgain') : t('print');

  return (
    <div className="mt-3 space-y-2" data-testid="print-panel">
      {job && (
        <div
          className={cn('rounded-md border px-3 py-2 text-sm', tone(job))}
          role="status"
          aria-live="polite"
          data-testid="print-state"
          data-state={job.state}
        >
          <p className="flex items-start gap-2 font-medium">
            <StateIcon job={job} />
            <span className="min-w-0 break-words">{describe(job, t)}</span>
          </p>
          {job.problem && !done && <p className="mt-1 pl-6 text-sm">{job.problem}</p>}
          {job.state === 'awaiting_flip' && <p className="mt-1 pl-6 text-sm">{t('turnStackHow')}</p>}
          {job.state === 'printed' && <p className="mt-1 pl-6 text-xs">{t('checkPaper')}</p>}
        </div>
      )}
      <div className="flex flex-wrap gap-2">
        {job?.state === 'printed' && (
          <Button variant="success" className={action} disabled={busy} onClick={() => void act('confirm')}>
            <CheckCircle2 className="h-4 w-4" aria-hidden /> {t('confirm')}
          </Button>
        )}
        {job?.state === 'awaiting_flip' && (
          <Button className={action} disabled={busy} onClick={() => void act('backs')}>
            <RotateCcw className="h-4 w-4" aria-hidden /> {t('printBacks')}
          </Button>
        )}
        {job?.state === 'failed' && (
          <Button className={action} disabled={busy} onClick={() => void act('retry')}>
            <RefreshCw className="h-4 w-4" aria-hidden /> {t('retry')}
          </Button>
        )}
        {job && ['queued', 'failed', 'awaiting_flip'].includes(job.state) && (
          <Button variant="ghost" className={action} disabled={busy} onClick={() => void act('cancel')}>
            {t('cancel')}
          </Button>
        )}
        {canPrint && setUp && (
          <Button
            variant={job ? 'outline' : 'default'}
            className={action}
            disabled={busy}
            onClick={() => void print(false)}
            aria-label={t('printOrder', { action: printLabel, order: order.order_number })}
          >
            {printOrder.isPending ? (
              <Loader2 className="h-4 w-4 animate-spin" aria-hidden />
            ) : (
              <Printer className="h-4 w-4" aria-hidden />
            )}
            {printLabel}
          </Button>
        )}
        <a
          href={ticketUrl(order.id)}
          target="_blank"
          rel="noopener"
          className="inline-flex h-11 items-center justify-center gap-1.5 rounded-md border border-slate-300 bg-white px-3 text-sm font-medium hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 lg:h-9 dark:border-slate-700 dark:bg-slate-900 dark:hover:bg-slate-800"
          aria-label={t('ticketOf', { order: order.order_number })}
        >
          <FileText className="h-4 w-4" aria-hidden /> {t('ticket')}
        </a>
      </div>
      <ConfirmDialog
        open={askAgain !== null}
        title={t('againTitle')}
        description={askAgain ?? undefined}
        tone="default"
        cancelLabel={t('keep')}
        confirmLabel={
          <>
            <Printer className="h-4 w-4" aria-hidden /> {t('printAgain')}
          </>
        }
        busy={busy}
        onCancel={() => setAskAgain(null)}
        onConfirm={() => print(true)}
      />
    </div>
  );
}
