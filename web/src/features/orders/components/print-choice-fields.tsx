import { printMenu } from '@shop/shared/catalog/print-offer';
import type { Service } from '@shop/shared/catalog/schemas';
import { PAPER_TYPE_LABELS, PRINTING_TYPE_LABELS, paperSizeLabel, type PaperType, type PrintingType } from '@shop/shared/common/options';
import { Select } from '@/components/ui/input';
import { Field } from '@/components/ui/field';
import { formatRupees } from '@/lib/format';
import type { PrintSelection, SettledSelection } from '../print-selection';

/**
 * Printing type, paper size, paper type (and the service, when several print the same) and sides: only what active
 * services print is offered, and each choice shows the service and the prices it is charged at.
 */
export function PrintChoiceFields({
  services,
  settled,
  onChange,
}: {
  services: readonly Service[];
  settled: SettledSelection;
  onChange: (patch: Partial<PrintSelection>) => void;
}) {
  const { selection: value, service, alternatives } = settled;
  const menu = printMenu(services, value);
  return (
    <>
      <Field id="printingType" label="Printing type">
        <Select value={value.printingType} onChange={(ev) => onChange({ printingType: ev.target.value })}>
          {menu.printingTypes.map((t) => <option key={t} value={t}>{PRINTING_TYPE_LABELS[t as PrintingType] ?? t}</option>)}
        </Select>
      </Field>
      <Field id="paperSize" label="Paper size">
        <Select value={value.paperSize} onChange={(ev) => onChange({ paperSize: ev.target.value })}>
          {menu.paperSizes.map((t) => <option key={t} value={t}>{paperSizeLabel(t)}</option>)}
        </Select>
      </Field>
      <Field id="paperType" label="Paper type">
        <Select value={value.paperType} onChange={(ev) => onChange({ paperType: ev.target.value })}>
          {menu.paperTypes.map((t) => <option key={t} value={t}>{PAPER_TYPE_LABELS[t as PaperType] ?? t}</option>)}
        </Select>
      </Field>
      {alternatives.length > 1 && (
        <Field id="pricedService" label="Service">
          <Select value={value.serviceId} onChange={(ev) => onChange({ serviceId: Number(ev.target.value) })}>
            {alternatives.map((s) => <option key={s.id} value={s.id}>{s.name} ({formatRupees(s.price_single_side)} a page)</option>)}
          </Select>
        </Field>
      )}
      <Field id="sides" label="Sides">
        <Select value={value.sides} onChange={(ev) => onChange({ sides: ev.target.value as 'single' | 'double' })}>
          {service.supports_single_side && <option value="single">Single-sided</option>}
          {service.supports_double_side && <option value="double">Double-sided</option>}
        </Select>
      </Field>
      <p data-testid="priced-service" aria-live="polite" className="rounded-md bg-slate-50 p-3 text-sm text-slate-700 sm:col-span-2 dark:bg-slate-800 dark:text-slate-300">
        Priced as <strong>{service.name}</strong>: {formatRupees(service.price_single_side)} per page single-sided · {formatRupees(service.price_double_side)} per sheet double-sided
      </p>
    </>
  );
}
