import { CheckCircle2 } from 'lucide-react';
import { paperSizeLabel, paperTypeLabel, PRINTING_TYPE_LABELS, type PrintingType } from '@shop/shared/common/options';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { formatRupees } from '@/lib/format';

export interface OrderFacts {
  fileName: string;
  serviceName?: string;
  pages: number;
  /** The pages printed of a one-document order, when not all. */
  pageRange?: string;
  copies: number;
  total: number;
  delivery: string;
  paid: boolean;
  printingType: string;
  paperSize: string;
  paperType: string;
  sides: string;
  orientation: string;
  binding: string;
}

/** 'Order details' (with 'Payment Completed') and 'Printing options', for the live order and its saved copy. */
export function OrderFactsCards({ facts: f, several = false }: { facts: OrderFacts; several?: boolean }) {
  return (
    <>
      <Card>
        <CardHeader><CardTitle>Order details</CardTitle></CardHeader>
        <CardContent>
          <dl className="grid grid-cols-2 gap-y-2 text-sm">
            <dt className="text-slate-500 dark:text-slate-400">File</dt><dd className="break-all">{f.fileName}</dd>
            {f.serviceName && <><dt className="text-slate-500 dark:text-slate-400">Service</dt><dd>{f.serviceName}</dd></>}
            <dt className="text-slate-500 dark:text-slate-400">Pages</dt><dd>{f.pageRange ? `${f.pages} (pages ${f.pageRange})` : f.pages}</dd>
            <dt className="text-slate-500 dark:text-slate-400">Copies</dt><dd>{f.copies}</dd>
            <dt className="text-slate-500 dark:text-slate-400">Total amount</dt><dd className="font-semibold">{formatRupees(f.total)}</dd>
            <dt className="text-slate-500 dark:text-slate-400">Delivery</dt><dd>{f.delivery}</dd>
          </dl>
          {f.paid && (
            <p className="mt-4 inline-flex items-center gap-2 rounded-md bg-green-50 px-3 py-2 text-sm font-medium text-green-800 dark:bg-green-950 dark:text-green-200">
              <CheckCircle2 className="h-4 w-4" aria-hidden /> Payment Completed
            </p>
          )}
        </CardContent>
      </Card>
      {!several && <Card>
        <CardHeader><CardTitle>Printing options</CardTitle></CardHeader>
        <CardContent>
          <dl className="grid grid-cols-2 gap-y-2 text-sm">
            <dt className="text-slate-500 dark:text-slate-400">Printing</dt><dd>{PRINTING_TYPE_LABELS[f.printingType as PrintingType] ?? f.printingType}</dd>
            <dt className="text-slate-500 dark:text-slate-400">Paper</dt><dd>{paperSizeLabel(f.paperSize)} · {paperTypeLabel(f.paperType)}</dd>
            <dt className="text-slate-500 dark:text-slate-400">Sides</dt><dd className="capitalize">{f.sides}</dd>
            <dt className="text-slate-500 dark:text-slate-400">Orientation</dt><dd className="capitalize">{f.orientation}</dd>
            <dt className="text-slate-500 dark:text-slate-400">Binding</dt><dd>{f.binding}</dd>
          </dl>
        </CardContent>
      </Card>}
    </>
  );
}
