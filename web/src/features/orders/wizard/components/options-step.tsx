import { ORIENTATIONS } from '@shop/shared/common/options';
import { MAX_COPIES } from '@shop/shared/orders/schemas';
import { ChevronDown, Minus, Plus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input, Select } from '@/components/ui/input';
import { Field } from '@/components/ui/field';
import { Segmented } from '@/components/ui/segmented';
import { PrintChoiceFields } from '../../components/print-choice-fields';
import { useFilesText } from '@/features/files/texts';
import { cn } from '@/lib/cn';
import { bindingName, orientationLabel, useWordsText } from '@/lib/i18n/words';
import { describePagesText, pageRangeProblem, useOrdersText } from '../../texts';
import type { OrderWizard } from '../use-order-wizard';
import { bindingChoiceLabel, BINDINGS, pagesOf, type DocDraft } from '../wizard-state';
import { ColourChoice } from './colour-choice';
import { PageGrid } from './page-grid';
import { StepCard } from './step-card';

/** "report.pdf: Black & White Printing A4, Pages 1-5 (5 of 26), 2 copies": a document's choices in a few words. */
export function choicesOf(
  doc: DocDraft,
  serviceName: (id: number) => string | undefined,
  t: ReturnType<typeof useOrdersText>,
) {
  const pages = pagesOf(doc);
  const which = pages.ok
    ? describePagesText(pages.text, pages.pages.length, doc.upload.pdfInfo.pageCount)
    : doc.pageRange;
  return t('options.summary', {
    name: doc.upload.file.originalFilename,
    service: serviceName(doc.opts.serviceId) ?? t('review.printing'),
    pages: which,
    copies: doc.opts.copies,
  });
}

/**
 * Step 2: how one document prints. On a phone it fits in about a screen and a half (decision 039): the print
 * choices two to a row, sides as two buttons, copies with − and +, and the options few people change (orientation,
 * binding) folded under one line that says what they are. Continue leads to the next document not yet looked at,
 * then to the review.
 */
export function OptionsStep({
  w,
  onContinue,
  onReview,
  catalogueLoading,
  serviceName,
}: {
  w: OrderWizard;
  onContinue: () => void;
  onReview: () => void;
  catalogueLoading: boolean;
  serviceName: (id: number) => string | undefined;
}) {
  const doc = w.current;
  const t = useOrdersText();
  const files = useFilesText();
  useWordsText();
  const [moreOpen, setMoreOpen] = useState(false);
  if (!doc || w.editing === null) return null;
  const index = w.editing;
  const pageCount = doc.upload.pdfInfo.pageCount;
  const pages = pagesOf(doc);
  const printed = pages.ok ? pages.pages.length : pageCount;
  const several = w.documents.length > 1;
  const next = w.nextUnseen();
  const setCopies = (text: string) => {
    const n = Number(text);
    w.updateDocument(index, { copiesText: text, opts: { ...doc.opts, copies: Number.isInteger(n) && n >= 1 ? n : 1 } });
  };
  const copies = Number(doc.copiesText);
  const step = (by: 1 | -1) =>
    setCopies(String(Math.min(MAX_COPIES, Math.max(1, (Number.isInteger(copies) && copies >= 1 ? copies : 1) + by))));
  const more = [
    orientationLabel(doc.opts.orientation),
    doc.opts.binding === 'none' ? t('options.noBinding') : bindingName(doc.opts.binding),
  ].join(' · ');
  return (
    <StepCard
      n={2}
      title={t('options.title')}
      summary={w.documents.map((d) => choicesOf(d, serviceName, t)).join('; ')}
      expanded={w.open === 2}
      onEdit={() => w.editDocument(index)}
      editLabel={t('options.edit')}
    >
      {several && (
        <Field id="document" label={t('options.document', { index: index + 1, count: w.documents.length })}>
          <Select value={index} onChange={(ev) => w.editDocument(Number(ev.target.value))}>
            {w.documents.map((d, i) => (
              <option key={d.key} value={i}>
                {i + 1}. {d.upload.file.originalFilename}
              </option>
            ))}
          </Select>
        </Field>
      )}
      <div className="grid grid-cols-2 gap-3">
        {w.settled ? (
          <PrintChoiceFields services={w.offered} settled={w.settled} onChange={w.changePrint} compact />
        ) : (
          <p className="col-span-2 text-sm text-slate-600 dark:text-slate-400">
            {catalogueLoading ? t('options.loading') : t('options.none')}
          </p>
        )}
        <div className="col-span-2 grid grid-cols-[auto_minmax(0,1fr)] items-start gap-3">
          <div className="space-y-1">
            <label htmlFor="copies" className="mb-1 block text-sm font-medium text-slate-700 dark:text-slate-300">
              {t('options.copies')}
            </label>
            <div className="flex">
              <Button
                variant="outline"
                size="icon"
                className="shrink-0 rounded-r-none"
                aria-label={t('options.copiesFewer')}
                disabled={Number.isInteger(copies) && copies <= 1}
                onClick={() => step(-1)}
              >
                <Minus className="h-4 w-4" aria-hidden />
              </Button>
              <Input
                id="copies"
                type="number"
                inputMode="numeric"
                min={1}
                max={MAX_COPIES}
                step={1}
                className="w-14 rounded-none border-x-0 px-1 text-center"
                value={doc.copiesText}
                onChange={(ev) => setCopies(ev.target.value)}
              />
              <Button
                variant="outline"
                size="icon"
                className="shrink-0 rounded-l-none"
                aria-label={t('options.copiesMore')}
                onClick={() => step(1)}
              >
                <Plus className="h-4 w-4" aria-hidden />
              </Button>
            </div>
          </div>
          <div className="space-y-1">
            <label htmlFor="pageRange" className="mb-1 block text-sm font-medium text-slate-700 dark:text-slate-300">
              {t('options.pages')}
            </label>
            <Input
              id="pageRange"
              placeholder={t('options.allPages')}
              autoComplete="off"
              inputMode="text"
              aria-invalid={!pages.ok}
              aria-describedby={pages.ok ? 'pageRange-hint' : 'pageRange-error'}
              value={doc.pageRange}
              onChange={(ev) => w.updateDocument(index, { pageRange: ev.target.value })}
            />
          </div>
          {/* Under both, the width of the card: in the narrow column it ran to three lines on a phone. */}
          {pages.ok ? (
            <p id="pageRange-hint" className="col-span-2 -mt-2 text-xs text-slate-500 dark:text-slate-400">
              {doc.pageRange.trim()
                ? describePagesText(pages.text, pages.pages.length, pageCount)
                : t('options.pagesHint', { count: pageCount })}
            </p>
          ) : (
            <p id="pageRange-error" role="alert" className="col-span-2 -mt-2 text-sm text-red-600 dark:text-red-400">
              {pageRangeProblem(pages.issue)}
            </p>
          )}
        </div>
      </div>
      <PageGrid key={doc.key} w={w} index={index} />
      {doc.opts.printingType === 'color' && <ColourChoice w={w} index={index} />}
      <div className="rounded-md border border-slate-200 dark:border-slate-700">
        <button
          type="button"
          aria-expanded={moreOpen}
          aria-controls="more-options"
          onClick={() => setMoreOpen((o) => !o)}
          className="flex min-h-11 w-full items-center justify-between gap-2 px-3 py-2 text-left text-sm"
        >
          <span className="min-w-0">
            <span className="font-medium">{t('options.more')}</span>
            <span className="block truncate text-slate-600 dark:text-slate-400">{more}</span>
          </span>
          <ChevronDown className={cn('h-4 w-4 shrink-0 transition-transform', moreOpen && 'rotate-180')} aria-hidden />
        </button>
        {moreOpen && (
          <div id="more-options" className="space-y-4 border-t border-slate-200 p-3 dark:border-slate-700">
            <Segmented
              name="orientation"
              legend={t('options.orientation')}
              value={doc.opts.orientation}
              options={ORIENTATIONS.map((o) => ({ value: o, label: orientationLabel(o) }))}
              onChange={(o) => w.changeOption('orientation', o)}
            />
            <fieldset>
              <legend className="mb-2 text-sm font-medium text-slate-700 dark:text-slate-300">
                {t('options.binding')}
              </legend>
              <div className="grid gap-2 sm:grid-cols-2">
                {BINDINGS.map((b) => (
                  <label
                    key={b}
                    className={cn(
                      'flex cursor-pointer items-center gap-2 rounded-md border p-3 text-sm',
                      doc.opts.binding === b
                        ? 'border-brand-600 bg-brand-50 dark:bg-slate-800'
                        : 'border-slate-200 dark:border-slate-700',
                    )}
                  >
                    <input
                      type="radio"
                      name="binding"
                      value={b}
                      checked={doc.opts.binding === b}
                      onChange={() => w.changeOption('binding', b)}
                    />
                    {bindingChoiceLabel(b)}
                  </label>
                ))}
              </div>
              {doc.opts.binding === 'spiralBinding' && printed > 350 && (
                <p className="mt-2 text-sm text-amber-700 dark:text-amber-400">
                  {t('options.splitNote', { books: Math.ceil(printed / 350) })}
                </p>
              )}
              {doc.opts.binding === 'spiralBinding' && printed <= 350 && (
                <p className="mt-2 text-xs text-slate-500 dark:text-slate-400">{t('options.splitHint')}</p>
              )}
            </fieldset>
          </div>
        )}
      </div>
      <label className="flex cursor-pointer items-start gap-3 rounded-md border border-slate-200 p-3 text-sm dark:border-slate-700">
        <input
          type="checkbox"
          className="mt-0.5 h-5 w-5 shrink-0"
          checked={Boolean(doc.sensitive)}
          onChange={(ev) => w.markSensitive(index, ev.target.checked)}
        />
        <span>
          <span className="font-medium">{files('sensitiveLabel')}</span>
          <span className="block text-xs text-slate-600 dark:text-slate-400">{files('sensitiveHint')}</span>
        </span>
      </label>
      {next !== null && (
        <p className="text-sm text-slate-600 dark:text-slate-400" id="options-next" data-testid="options-next">
          {t('options.nextDoc', {
            name: w.documents[next]!.upload.file.originalFilename,
            index: next + 1,
            count: w.documents.length,
          })}
        </p>
      )}
      <div className={cn('grid gap-2 sm:flex', next !== null && 'grid-cols-2')}>
        <Button
          onClick={onContinue}
          disabled={!w.settled}
          className="h-auto min-h-11 w-full whitespace-normal sm:w-auto"
          aria-describedby={next !== null ? 'options-next' : undefined}
        >
          {t('step.continue')}
        </Button>
        {next !== null && (
          <Button
            variant="outline"
            onClick={onReview}
            disabled={!w.settled}
            className="h-auto min-h-11 w-full whitespace-normal sm:w-auto"
          >
            {t('options.reviewNow')}
          </Button>
        )}
      </div>
    </StepCard>
  );
}
