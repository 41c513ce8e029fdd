import { formatPageRange } from '@shop/shared/orders/page-range';
import { cn } from '@/lib/cn';
import { useOrdersText } from '../../texts';
import { useColourPages } from '../../api';
import type { OrderWizard } from '../use-order-wizard';
import { pagesOf } from '../wizard-state';

/**
 * A colour service's choice (issue 12, item 4): every page in colour, or only the pages that hold colour, the rest
 * at the black & white rate. The shop finds the colour pages; the customer sees which they are before paying.
 */
export function ColourChoice({ w, index }: { w: OrderWizard; index: number }) {
  const doc = w.documents[index]!;
  const t = useOrdersText();
  const mixed = doc.colourMode === 'mixed';
  const colours = useColourPages(doc.upload.file.id, mixed);
  const pages = pagesOf(doc);
  const printed = new Set(pages.ok ? pages.pages : []);
  const inColour = colours.data?.colourPages.filter((p) => printed.has(p)) ?? [];
  const option = (value: 'all' | 'mixed', label: string) => (
    <label className={cn('flex cursor-pointer items-center gap-2 rounded-md border p-3 text-sm', (doc.colourMode ?? 'all') === value ? 'border-brand-600 bg-brand-50 dark:bg-slate-800' : 'border-slate-200 dark:border-slate-700')}>
      <input type="radio" name="colourMode" value={value} checked={(doc.colourMode ?? 'all') === value} onChange={() => w.updateDocument(index, { colourMode: value })} />
      {label}
    </label>
  );
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium text-slate-700 dark:text-slate-300">{t('colour.legend')}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {option('all', t('colour.all'))}
        {option('mixed', t('colour.mixed'))}
      </div>
      {mixed && (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400" data-testid="colour-pages" aria-live="polite">
          {colours.isPending
            ? t('colour.finding')
            : colours.isError
              ? t('colour.failed')
              : inColour.length === 0
                ? t('colour.none')
                : t('colour.pages', { range: formatPageRange(inColour), count: inColour.length, total: printed.size })}
        </p>
      )}
    </fieldset>
  );
}
