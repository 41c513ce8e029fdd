import { ORIENTATIONS } from '@shop/shared/common/options';
import { describePages } from '@shop/shared/orders/page-range';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Input, Select } from '@/components/ui/input';
import { Field } from '@/components/ui/field';
import { PrintChoiceFields } from '../../components/print-choice-fields';
import { cn } from '@/lib/cn';
import type { OrderWizard } from '../use-order-wizard';
import { BINDING_LABELS, pagesOf, type Binding } from '../wizard-state';
import { ColourChoice } from './colour-choice';
import { PageGrid } from './page-grid';

/** Step 2: how one document prints (its service's print, sides, orientation, copies, pages, binding). */
export function OptionsStep({ w, calculating, onCalculate, catalogueLoading }: { w: OrderWizard; calculating: boolean; onCalculate: () => void; catalogueLoading: boolean }) {
  const doc = w.current;
  if (!doc || w.editing === null) return null;
  const index = w.editing;
  const pageCount = doc.upload.pdfInfo.pageCount;
  const pages = pagesOf(doc);
  const printed = pages.ok ? pages.pages.length : pageCount;
  const several = w.documents.length > 1;
  return (
    <Card id="wizard-step-2" className="mt-6 scroll-mt-20">
      <CardHeader>
        <CardTitle>2. Print options</CardTitle>
        {several && <p className="truncate text-sm text-slate-600 dark:text-slate-400">Document {index + 1} of {w.documents.length}: {doc.upload.file.originalFilename}</p>}
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          {w.settled ? (
            <PrintChoiceFields services={w.offered} settled={w.settled} onChange={w.changePrint} />
          ) : (
            <p className="text-sm text-slate-600 sm:col-span-2 dark:text-slate-400">{catalogueLoading ? 'Loading printing options…' : 'No printing options are available right now. Please try again later.'}</p>
          )}
          <Field id="orientation" label="Orientation">
            <Select value={doc.opts.orientation} onChange={(ev) => w.changeOption('orientation', ev.target.value as 'portrait' | 'landscape')}>
              {ORIENTATIONS.map((o) => <option key={o} value={o}>{o === 'portrait' ? 'Portrait' : 'Landscape'}</option>)}
            </Select>
          </Field>
          <Field id="copies" label="Copies">
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
            label="Pages to print"
            error={pages.ok ? undefined : pages.message}
            hint={pages.ok && doc.pageRange.trim() ? describePages(pages.text, pages.pages.length, pageCount) : `All ${pageCount} pages, or pages such as 1-5, 8, 10-12.`}
          >
            <Input placeholder="All pages" autoComplete="off" inputMode="text" value={doc.pageRange} onChange={(ev) => w.updateDocument(index, { pageRange: ev.target.value })} />
          </Field>
        </div>
        <PageGrid key={doc.key} w={w} index={index} />
        {doc.opts.printingType === 'color' && <ColourChoice w={w} index={index} />}
        <fieldset>
          <legend className="mb-2 text-sm font-medium text-slate-700 dark:text-slate-300">Binding (choose one)</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {(Object.keys(BINDING_LABELS) as Binding[]).map((b) => (
              <label key={b} className={cn('flex cursor-pointer items-center gap-2 rounded-md border p-3 text-sm', doc.opts.binding === b ? 'border-brand-600 bg-brand-50 dark:bg-slate-800' : 'border-slate-200 dark:border-slate-700')}>
                <input type="radio" name="binding" value={b} checked={doc.opts.binding === b} onChange={() => w.changeOption('binding', b)} />
                {BINDING_LABELS[b]}
              </label>
            ))}
          </div>
          {doc.opts.binding === 'spiralBinding' && printed > 350 && (
            <p className="mt-2 text-sm text-amber-700 dark:text-amber-400">Note: a spiral-bound document over 350 pages is split into {Math.ceil(printed / 350)} books.</p>
          )}
          {doc.opts.binding === 'spiralBinding' && printed <= 350 && <p className="mt-2 text-xs text-slate-500 dark:text-slate-400">Spiral-bound documents over 350 pages are split into two books.</p>}
        </fieldset>
        <Button onClick={onCalculate} disabled={calculating || !w.settled} className="w-full sm:w-auto">
          {calculating ? 'Calculating…' : 'Calculate Cost'}
        </Button>
      </CardContent>
    </Card>
  );
}
