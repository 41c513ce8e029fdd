import { formatPageRange } from '@shop/shared/orders/page-range';
import { mixedColourPartner } from '@shop/shared/pricing/mixed-colour';
import { useEffect } from 'react';
import { paperSizeLabel, paperTypeLabel, useWordsText } from '@/lib/i18n/words';
import { cn } from '@/lib/cn';
import { useOrdersText } from '../../texts';
import { useColourPages } from '../../api';
import type { OrderWizard } from '../use-order-wizard';
import { pagesOf } from '../wizard-state';

/**
 * A colour service's choice (decision 016): every page in colour, or only the pages that hold colour, the rest
 * at the black & white rate. The shop finds the colour pages; the customer sees which they are before paying.
 */
export function ColourChoice({ w, index }: { w: OrderWizard; index: number }) {
  const doc = w.documents[index]!;
  const t = useOrdersText();
  useWordsText();
  const o = doc.opts;
  // Offered only when a black & white service prints the rest (the same paper, the chosen sides): decision 016.
  const candidates = w.offered.map((s) => ({
    ...s,
    printingType: s.printing_type,
    paperSize: s.paper_size,
    paperType: s.paper_type,
    supportsSingleSide: s.supports_single_side,
    supportsDoubleSide: s.supports_double_side,
  }));
  const possible = !w.catalogueReady || !!mixedColourPartner(candidates, o, o.sides);
  const mixed = doc.colourMode === 'mixed' && possible;
  const { updateDocument } = w;
  useEffect(() => {
    if (!possible && doc.colourMode === 'mixed') updateDocument(index, { colourMode: 'all' });
  }, [possible, doc.colourMode, index, updateDocument]);
  const colours = useColourPages(doc.upload.file.id, mixed);
  const pages = pagesOf(doc);
  const printed = new Set(pages.ok ? pages.pages : []);
  const inColour = colours.data?.colourPages.filter((p) => printed.has(p)) ?? [];
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
        name="colourMode"
        value={value}
        disabled={disabled}
        checked={chosen === value}
        onChange={() => w.updateDocument(index, { colourMode: value })}
      />
      {label}
    </label>
  );
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium text-slate-700 dark:text-slate-300">{t('colour.legend')}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {option('all', t('colour.all'))}
        {option('mixed', t('colour.mixed'), !possible)}
      </div>
      {!possible && (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
          {t('colour.unavailable', {
            paper: `${paperSizeLabel(o.paperSize)} ${paperTypeLabel(o.paperType)}`,
            sides: o.sides,
          })}
        </p>
      )}
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
