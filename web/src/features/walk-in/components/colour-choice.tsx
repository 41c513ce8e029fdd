import { formatPageRange, parsePageRange } from '@shop/shared/orders/page-range';
import { useEffect } from 'react';
import { cn } from '@/lib/cn';
import { paperSizeLabel, paperTypeLabel, useWordsText } from '@/lib/i18n/words';
import { useOrdersText } from '@/features/orders/texts';
import { useCounterColourPages } from '../api';
import type { WalkInForm } from '../use-walk-in';
import { mixedPartnerOf, type WalkInDoc } from '../walk-in-state';

/**
 * The counter sells what customers buy (decision 036): a colour service prints every page in colour, or only the
 * pages holding colour, the rest at the black & white rate (decision 016). Offered when a black & white service of
 * the same paper prints the rest; the shop finds the colour pages and the clerk sees which they are.
 */
export function WalkInColourChoice({ f, doc }: { f: WalkInForm; doc: Extract<WalkInDoc, { source: 'upload' }> }) {
  const t = useOrdersText();
  useWordsText();
  const possible = !!mixedPartnerOf(f.services, doc.opts);
  const mixed = doc.colourMode === 'mixed' && possible;
  const colours = useCounterColourPages(doc.fileId, mixed);
  const { update } = f;
  useEffect(() => {
    if (colours.data && !doc.colourPages) update(doc.key, { colourPages: colours.data.colourPages });
  }, [colours.data, doc.colourPages, doc.key, update]);
  const range = parsePageRange(doc.pageRange, doc.pageCount);
  const printed = new Set(range.ok ? range.pages : []);
  const inColour = (doc.colourPages ?? colours.data?.colourPages ?? []).filter((p) => printed.has(p));
  const chosen = mixed ? 'mixed' : 'all';
  const option = (value: 'all' | 'mixed', label: string, disabled = false) => (
    <label
      className={cn(
        'flex items-center gap-2 rounded-md border p-3 text-sm',
        disabled ? 'cursor-not-allowed text-slate-400 dark:text-slate-500' : 'cursor-pointer',
        chosen === value ? 'border-brand-600 bg-brand-50 dark:bg-slate-800' : 'border-slate-200 dark:border-slate-700',
      )}
    >
      <input
        type="radio"
        name={`colourMode-${doc.key}`}
        value={value}
        disabled={disabled}
        checked={chosen === value}
        onChange={() => update(doc.key, { colourMode: value })}
      />
      {label}
    </label>
  );
  return (
    <fieldset className="sm:col-span-2">
      <legend className="mb-2 text-sm font-medium text-slate-700 dark:text-slate-300">{t('colour.legend')}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {option('all', t('colour.all'))}
        {option('mixed', t('colour.mixed'), !possible)}
      </div>
      {!possible && (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
          {t('colour.unavailable', {
            paper: `${paperSizeLabel(doc.opts.paperSize)} ${paperTypeLabel(doc.opts.paperType)}`,
            sides: doc.opts.sides,
          })}
        </p>
      )}
      {mixed && (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400" data-testid="colour-pages" aria-live="polite">
          {colours.isError
            ? t('colour.failed')
            : !doc.colourPages && colours.isPending
              ? t('colour.finding')
              : inColour.length === 0
                ? t('colour.none')
                : t('colour.pages', { range: formatPageRange(inColour), count: inColour.length, total: printed.size })}
        </p>
      )}
    </fieldset>
  );
}
