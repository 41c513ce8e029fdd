import { ORIENTATIONS } from '@shop/shared/common/options';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Input, Select } from '@/components/ui/input';
import { Field } from '@/components/ui/field';
import { PrintChoiceFields } from '../../components/print-choice-fields';
import { useFilesText } from '@/features/files/texts';
import { cn } from '@/lib/cn';
import { orientationLabel, useWordsText } from '@/lib/i18n/words';
import { describePagesText, pageRangeProblem, useOrdersText } from '../../texts';
import type { OrderWizard } from '../use-order-wizard';
import { bindingChoiceLabel, BINDINGS, pagesOf } from '../wizard-state';
import { ColourChoice } from './colour-choice';
import { PageGrid } from './page-grid';

/** Step 2: how one document prints (its service's print, sides, orientation, copies, pages, binding). */
export function OptionsStep({ w, calculating, onCalculate, catalogueLoading }: { w: OrderWizard; calculating: boolean; onCalculate: () => void; catalogueLoading: boolean }) {
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
  return (
    <Card id="wizard-step-2" className="mt-6 scroll-mt-20">
      <CardHeader>
        <CardTitle>{t('options.title')}</CardTitle>
        {several && <p className="truncate text-sm text-slate-600 dark:text-slate-400">{t('options.documentOf', { index: index + 1, count: w.documents.length, name: doc.upload.file.originalFilename })}</p>}
      </CardHeader>
      <CardContent className="space-y-4">
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
        <Button onClick={onCalculate} disabled={calculating || !w.settled} className="w-full sm:w-auto">
          {calculating ? t('options.calculating') : t('options.calculate')}
        </Button>
      </CardContent>
    </Card>
  );
}
