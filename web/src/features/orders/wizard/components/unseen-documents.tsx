import { Button } from '@/components/ui/button';
import { useOrdersText } from '../../texts';
import type { OrderWizard } from '../use-order-wizard';
import { choicesOf } from './options-step';

/**
 * The review names each document whose options were never on screen (decision 039: a Word letter left in
 * colour at ₹10 a page), with how it prints now and a way straight to its options. Paying is not held up.
 */
export function UnseenDocuments({
  w,
  serviceName,
}: {
  w: OrderWizard;
  serviceName: (id: number) => string | undefined;
}) {
  const t = useOrdersText();
  const unseen = w.documents.flatMap((d, i) => (d.seen ? [] : [{ d, i }]));
  if (unseen.length === 0) return null;
  return (
    <div
      role="note"
      data-testid="unseen-documents"
      className="space-y-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
    >
      <p className="font-medium">{t('review.unseen', { count: unseen.length })}</p>
      <ul className="space-y-2">
        {unseen.map(({ d, i }) => (
          <li key={d.key} className="flex flex-wrap items-center justify-between gap-2">
            <span className="min-w-0 break-words">{choicesOf(d, serviceName, t)}</span>
            <Button
              variant="outline"
              size="sm"
              className="h-10 shrink-0 bg-white dark:bg-slate-900"
              onClick={() => w.editDocument(i)}
            >
              {t('review.check', { name: d.upload.file.originalFilename })}
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}
