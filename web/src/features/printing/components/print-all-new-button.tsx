import { Loader2, Printer } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { usePrintAllNew } from '../api';
import { PRINT_TEXTS as T } from '../texts';

/** The counter's "Print all new": every new order without a print job goes to its printer, oldest first. */
export function PrintAllNewButton({ className }: { className?: string }) {
  const printAll = usePrintAllNew();
  const run = async () => {
    try {
      const r = await printAll.mutateAsync();
      const skipped = r.skipped.slice(0, 3).map((s) => `${s.order_number}: ${s.reason}`).join(' · ');
      toast({
        title: T.allNewTitle(r.queued),
        description: r.skipped.length ? `${T.allNewSkipped(r.skipped.length)} ${skipped}${r.skipped.length > 3 ? ' …' : ''}` : undefined,
        variant: r.skipped.length && !r.queued ? 'destructive' : 'success',
      });
    } catch (err) {
      toast({ title: T.notSentTitle, description: errorMessage(err, T.notSentText), variant: 'destructive' });
    }
  };
  return (
    <Button className={className} disabled={printAll.isPending} onClick={() => void run()}>
      {printAll.isPending ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden /> : <Printer className="h-4 w-4" aria-hidden />}
      {T.printAllNew}
    </Button>
  );
}
