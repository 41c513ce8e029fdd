import { formatPageRange } from '@shop/shared/orders/page-range';
import { cn } from '@/lib/cn';
import { paperSizeLabel, paperTypeLabel, useWordsText } from '@/lib/i18n/words';
import { useOrdersText } from '../texts';

export type ColourMode = 'all' | 'mixed';

/** Where finding a document's colour pages stands, as the choice shows it. */
export type ColourPagesState =
  | { state: 'finding' }
  | { state: 'failed' }
  /** `inColour`: the printed pages holding colour; `printed`: how many pages print. */
  | { state: 'found'; inColour: number[]; printed: number };

/**
 * A colour service's choice (decision 016), for the customer's wizard and the counter's walk-in alike: every page in
 * colour, or only the pages that hold colour, the rest at the black & white rate. "Only the colour pages" is offered
 * when a black & white service of the same paper and sides prints the rest (`possible`); once chosen, the pages the
 * shop found are named before anyone pays.
 */
export function ColourModeFields({
  name,
  chosen,
  possible,
  onChoose,
  print,
  pages,
  className,
}: {
  /** The radio group's name: one per document on a form of several. */
  name: string;
  chosen: ColourMode;
  possible: boolean;
  onChoose: (mode: ColourMode) => void;
  /** The paper and sides, for the words when the choice cannot be offered. */
  print: { paperSize: string; paperType: string; sides: string };
  pages: ColourPagesState;
  className?: string;
}) {
  const t = useOrdersText();
  useWordsText();
  const option = (value: ColourMode, label: string, disabled = false) => (
    <label
      className={cn(
        'flex items-center gap-2 rounded-md border p-3 text-sm',
        disabled ? 'cursor-not-allowed text-slate-400 dark:text-slate-500' : 'cursor-pointer',
        chosen === value ? 'border-brand-600 bg-brand-50 dark:bg-slate-800' : 'border-slate-200 dark:border-slate-700',
      )}
    >
      <input
        type="radio"
        name={name}
        value={value}
        disabled={disabled}
        checked={chosen === value}
        onChange={() => onChoose(value)}
      />
      {label}
    </label>
  );
  return (
    <fieldset className={className}>
      <legend className="mb-2 text-sm font-medium text-slate-700 dark:text-slate-300">{t('colour.legend')}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {option('all', t('colour.all'))}
        {option('mixed', t('colour.mixed'), !possible)}
      </div>
      {!possible && (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
          {t('colour.unavailable', {
            paper: `${paperSizeLabel(print.paperSize)} ${paperTypeLabel(print.paperType)}`,
            sides: print.sides,
          })}
        </p>
      )}
      {chosen === 'mixed' && (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400" data-testid="colour-pages" aria-live="polite">
          {pages.state === 'finding'
            ? t('colour.finding')
            : pages.state === 'failed'
              ? t('colour.failed')
              : pages.inColour.length === 0
                ? t('colour.none')
                : t('colour.pages', {
                    range: formatPageRange(pages.inColour),
                    count: pages.inColour.length,
                    total: pages.printed,
                  })}
        </p>
      )}
    </fieldset>
  );
}
