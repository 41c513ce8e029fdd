import { Info } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { usePrintingSetUp } from '../api';
import { printingRich, usePrintingText } from '../texts';

/**
 * Said once above the queue while no printer is set up (decision 039): the counter is told to download and
 * print by hand; the admin is told how printing from the queue is set up, with the way to the Printers page.
 */
export function PrintingNotSetUp({ admin = false }: { admin?: boolean }) {
  const t = usePrintingText();
  const setUp = usePrintingSetUp();
  if (setUp !== false) return null;
  return (
    <p
      role="note"
      data-testid="printing-not-set-up"
      className="flex gap-2 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-700 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-300"
    >
      <Info className="mt-0.5 h-4 w-4 shrink-0 text-brand-700 dark:text-brand-500" aria-hidden />
      <span>
        {admin
          ? printingRich('notSetUpAdmin', {
              link: (
                <Link to={paths.adminPrinters} className="font-medium text-brand-700 underline dark:text-blue-300" />
              ),
            })
          : t('notSetUp')}
      </span>
    </p>
  );
}
