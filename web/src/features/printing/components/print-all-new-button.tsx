import { Loader2, Printer } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { usePrintAllNew, usePrintingSetUp } from '../api';
import { usePrintingText } from '../texts';

/** The counter's "Print all new": every new order without a print job goes to its printer, oldest first. */
export function PrintAllNewButton({ className }: { className?: string }) {
  const printAll = usePrintAllNew();
  const t = usePrintingText();
  // No printer set up: nothing to send to (each tap was a red wall of refusals); the counter downloads instead.
  const setUp = usePrintingSetUp();
  const run = async () => {
    try {
      const r = await printAll.mutateAsync();
      const skipped = r.skipped
        .slice(0, 3)
        .map((s) => `${s.order_number}: ${s.reason}`)
        .join(' · ');
      toast({
        title: r.queued ? t('allNewSent', { count: r.queued }) : t('allNewNothing'),
        description: r.skipped.length
          ? t('allNewSkipped', { count: r.skipped.length, list: `${skipped}${r.skipped.length > 3 ? ' …' : ''}` })
          : undefined,
        variant: r.skipped.length && !r.queued ? 'destructive' : 'success',
      });
    } catch (err) {
      toast({ title: t('notSentTitle'), description: errorMessage(err, t('notSentText')), variant: 'destructive' });
    }
  };
  if (!setUp) return null;
  return (
    <Button className={className} disabled={printAll.isPending} onClick={() => void run()}>
      {printAll.isPending ? (
        <Loader2 className="h-4 w-4 animate-spin" aria-hidden />
      ) : (
        <Printer className="h-4 w-4" aria-hidden />
      )}
      {t('printAllNew')}
    </Button>
  );
}
