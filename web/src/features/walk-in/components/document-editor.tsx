import { MAX_PAPER_PAGES } from '@shop/shared/walk-in/schemas';
import { Button } from '@/components/ui/button';
import { Input, Select } from '@/components/ui/input';
import { Field } from '@/components/ui/field';
import { PrintChoiceFields } from '@/features/orders';
import { BINDING_CHOICE_KEYS, bindingChoice, useWalkInTexts, type BindingChoice } from '../texts';
import type { WalkInForm } from '../use-walk-in';
import { describePagesText } from '@/features/orders/texts';
import { printedPages, type WalkInDoc } from '../walk-in-state';
import { WalkInColourChoice } from './colour-choice';

/** One document's options, as the customer's wizard offers them: the service's print, sides, copies, pages, binding. */
export function DocumentEditor({ f, doc, index }: { f: WalkInForm; doc: WalkInDoc; index: number }) {
  const T = useWalkInTexts();
  const settled = f.settledFor(doc);
  const pages = printedPages(doc);
  const err = (k: string) => f.errors[`documents.${index}.${k}`];
  return (
    <div className="space-y-4 rounded-lg border border-brand-600 p-3" data-testid="document-editor">
      <div className="grid gap-4 sm:grid-cols-2">
        {doc.source === 'paper' ? (
          <>
            <Field id="walkin-label" label={T.paperLabel} hint={T.paperLabelHint} error={err('label')}>
              <Input
                autoComplete="off"
                maxLength={80}
                value={doc.label}
                onChange={(e) => f.update(doc.key, { label: e.target.value })}
              />
            </Field>
            <Field
              id="walkin-pages"
              label={T.paperPages}
              error={doc.pagesText && !pages.ok ? pages.message : err('pages')}
            >
              <Input
                type="number"
                inputMode="numeric"
                min={1}
                max={MAX_PAPER_PAGES}
                step={1}
                value={doc.pagesText}
                onChange={(e) => f.update(doc.key, { pagesText: e.target.value })}
              />
            </Field>
          </>
        ) : (
          <div className="sm:col-span-2">
            <Field
              id="walkin-range"
              label={T.pageRange}
              error={pages.ok ? err('pageRange') : pages.message}
              hint={
                pages.ok && doc.pageRange.trim()
                  ? describePagesText(pages.text, pages.pages, doc.pageCount)
                  : T.pageRangeHint(doc.pageCount)
              }
            >
              <Input
                placeholder={T.allPages}
                autoComplete="off"
                value={doc.pageRange}
                onChange={(e) => f.update(doc.key, { pageRange: e.target.value })}
              />
            </Field>
          </div>
        )}
        {settled ? (
          <PrintChoiceFields services={f.services} settled={settled} onChange={(patch) => f.changePrint(doc, patch)} />
        ) : (
          <p className="text-sm text-red-700 sm:col-span-2">{T.noServices}</p>
        )}
        {doc.source === 'upload' && doc.opts.printingType === 'color' && <WalkInColourChoice f={f} doc={doc} />}
        <Field id="walkin-copies" label={T.copies} error={err('options.copies')}>
          <Input
            type="number"
            inputMode="numeric"
            min={1}
            max={1000}
            step={1}
            value={doc.opts.copiesText}
            onChange={(e) => f.changeOptions(doc.key, { copiesText: e.target.value })}
          />
        </Field>
        <Field id="walkin-orientation" label={T.orientation}>
          <Select
            value={doc.opts.orientation}
            onChange={(e) => f.changeOptions(doc.key, { orientation: e.target.value as 'portrait' | 'landscape' })}
          >
            <option value="portrait">{T.portrait}</option>
            <option value="landscape">{T.landscape}</option>
          </Select>
        </Field>
        <div className="sm:col-span-2">
          <Field id="walkin-binding" label={T.binding} error={err('options.spiralBinding')}>
            <Select
              value={doc.opts.binding}
              onChange={(e) => f.changeOptions(doc.key, { binding: e.target.value as BindingChoice })}
            >
              {BINDING_CHOICE_KEYS.map((b) => (
                <option key={b} value={b}>
                  {bindingChoice(b)}
                </option>
              ))}
            </Select>
          </Field>
        </div>
      </div>
      {doc.source === 'upload' && (
        <label className="flex items-start gap-3 text-sm">
          <input
            type="checkbox"
            className="mt-0.5 h-5 w-5 shrink-0"
            checked={doc.sensitive}
            onChange={(e) => f.update(doc.key, { sensitive: e.target.checked })}
          />
          <span>
            <span className="block font-medium">{T.sensitive}</span>
            <span className="block text-slate-600 dark:text-slate-400">{T.sensitiveHint}</span>
          </span>
        </label>
      )}
      <div className="flex flex-wrap gap-2">
        <Button className="h-11 lg:h-10" onClick={() => f.setEditing(null)}>
          {T.done}
        </Button>
        <Button variant="outline" className="h-11 lg:h-10" onClick={() => f.remove(doc.key)}>
          {T.remove}
        </Button>
      </div>
    </div>
  );
}
