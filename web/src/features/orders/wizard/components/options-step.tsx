import { ORIENTATIONS } from '@shop/shared/common/options';
import { Button } from '@/components/ui/button';
import { Input, Select } from '@/components/ui/input';
import { Field } from '@/components/ui/field';
import { PrintChoiceFields } from '../../components/print-choice-fields';
import { useFilesText } from '@/features/files/texts';
import { cn } from '@/lib/cn';
import { orientationLabel, useWordsText } from '@/lib/i18n/words';
import { describePagesText, pageRangeProblem, useOrdersText } from '../../texts';
import type { OrderWizard } from '../use-order-wizard';
import { bindingChoiceLabel, BINDINGS, pagesOf, type DocDraft } from '../wizard-state';
import { ColourChoice } from './colour-choice';
import { PageGrid } from './page-grid';
import { StepCard } from './step-card';

/** "report.pdf: Black & White Printing A4, Pages 1-5 (5 of 26), 2 copies": a document's choices in a few words. */
function choicesOf(doc: DocDraft, serviceName: (id: number) => string | undefined, t: ReturnType<typeof useOrdersText>) {
  const pages = pagesOf(doc);
  const which = pages.ok ? describePagesText(pages.text, pages.pages.length, doc.upload.pdfInfo.pageCount) : doc.pageRange;
  return t('options.summary', { name: doc.upload.file.originalFilename, service: serviceName(doc.opts.serviceId) ?? t('review.printing'), pages: which, copies: doc.opts.copies });
}

/** Step 2: how one document prints (its service's print, sides, orientation, copies, pages, binding). */
export function OptionsStep({ w, onContinue, catalogueLoading, serviceName }: { w: OrderWizard; onContinue: () => void; catalogueLoading: boolean; serviceName: (id: number) => string | undefined }) {
  const doc = w.current;
  const t = useOrdersText();
  const files = useFilesText();
  useWordsText();
  if (!doc || w.editing === null) return null;
  const index = w.editing;
  const pageCount = doc.upload.pdfInfo.pageCount;
  const pages = pagesOf(doc);
  const printed = pages.ok ? pages.pages.length : pageCount;
  const several = w.documents.length > 1;
  const next = w.documents[index + 1];
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
            {w.documents.map((d, i) => <option key={d.key} value={i}>{i + 1}. {d.upload.file.originalFilename}</option>)}
          </Select>
        </Field>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        {w.settled ? (
          <PrintChoiceFields services={w.offered} settled={w.settled} onChange={w.changePrint} />
        ) : (
          <p className="text-sm text-slate-600 sm:col-span-2 dark:text-slate-400">{catalogueLoading ? t('options.loading') : t('options.none')}</p>
        )}
        <Field id="orientation" label={t('options.orientation')}>
          <Select value={doc.opts.orientation} onChange={(ev) => w.changeOption('orientation', ev.target.value as 'portrait' | 'landscape')}>
            {ORIENTATIONS.map((o) => <option key={o} value={o}>{orientationLabel(o)}</option>)}
          </Select>
        </Field>
        <Field id="copies" label={t('options.copies')}>
          <Input
            id="copies"
            type="number"
            inputMode="numeric"
            min={1}
            max={1000}
            step={1}
            value={doc.copiesText}
            onChange={(ev) => {
              const n = Number(ev.target.value);
              w.updateDocument(index, { copiesText: ev.target.value, opts: { ...doc.opts, copies: Number.isInteger(n) && n >= 1 ? n : 1 } });
            }}
          />
        </Field>
        <Field
          id="pageRange"
          label={t('options.pages')}
          error={pages.ok ? undefined : pageRangeProblem(pages.issue)}
          hint={pages.ok && doc.pageRange.trim() ? describePagesText(pages.text, pages.pages.length, pageCount) : t('options.pagesHint', { count: pageCount })}
        >
          <Input placeholder={t('options.allPages')} autoComplete="off" inputMode="text" value={doc.pageRange} onChange={(ev) => w.updateDocument(index, { pageRange: ev.target.value })} />
        </Field>
      </div>
      <PageGrid key={doc.key} w={w} index={index} />
      {doc.opts.printingType === 'color' && <ColourChoice w={w} index={index} />}
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-slate-700 dark:text-slate-300">{t('options.binding')}</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {BINDINGS.map((b) => (
            <label key={b} className={cn('flex cursor-pointer items-center gap-2 rounded-md border p-3 text-sm', doc.opts.binding === b ? 'border-brand-600 bg-brand-50 dark:bg-slate-800' : 'border-slate-200 dark:border-slate-700')}>
              <input type="radio" name="binding" value={b} checked={doc.opts.binding === b} onChange={() => w.changeOption('binding', b)} />
              {bindingChoiceLabel(b)}
            </label>
          ))}
        </div>
        {doc.opts.binding === 'spiralBinding' && printed > 350 && (
          <p className="mt-2 text-sm text-amber-700 dark:text-amber-400">{t('options.splitNote', { books: Math.ceil(printed / 350) })}</p>
        )}
        {doc.opts.binding === 'spiralBinding' && printed <= 350 && <p className="mt-2 text-xs text-slate-500 dark:text-slate-400">{t('options.splitHint')}</p>}
      </fieldset>
      <label className="flex cursor-pointer items-start gap-3 rounded-md border border-slate-200 p-3 text-sm dark:border-slate-700">
        <input type="checkbox" className="mt-0.5 h-5 w-5 shrink-0" checked={Boolean(doc.sensitive)} onChange={(ev) => w.markSensitive(index, ev.target.checked)} />
        <span>
          <span className="font-medium">{files('sensitiveLabel')}</span>
          <span className="block text-slate-600 dark:text-slate-400">{files('sensitiveHint')}</span>
        </span>
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button onClick={onContinue} disabled={!w.settled} className="w-full sm:w-auto">{t('step.continue')}</Button>
        {next && (
          <Button variant="outline" onClick={() => w.editDocument(index + 1)} className="w-full min-w-0 sm:w-auto">
            <span className="truncate">{t('options.next', { name: next.upload.file.originalFilename })}</span>
          </Button>
        )}
      </div>
    </StepCard>
  );
}
