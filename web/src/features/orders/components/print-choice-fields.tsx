import { serviceNameIn } from '@shop/shared/catalog/service-text';
import { currentLanguage } from '@/lib/i18n/i18n';
import { printMenu } from '@shop/shared/catalog/print-offer';
import type { Service } from '@shop/shared/catalog/schemas';
import { Select } from '@/components/ui/input';
import { Field } from '@/components/ui/field';
import { Segmented } from '@/components/ui/segmented';
import { formatRupees } from '@/lib/format';
import { paperSizeLabel, paperTypeLabel, printingTypeLabel, sidesLabel, useWordsText } from '@/lib/i18n/words';
import { ordersRich, useOrdersText } from '../texts';
import type { PrintSelection, SettledSelection } from '../print-selection';

/**
 * Printing type, paper size, paper type (and the service, when several print the same) and sides: only what active
 * services print is offered, and each choice shows the service and the prices it is charged at. `compact` (the
 * customer's wizard on a phone, decision 039): in a two-column grid, printing type and paper size side by side,
 * sides as two buttons to tap.
 */
export function PrintChoiceFields({
  services,
  settled,
  onChange,
  compact = false,
}: {
  services: readonly Service[];
  settled: SettledSelection;
  onChange: (patch: Partial<PrintSelection>) => void;
  compact?: boolean;
}) {
  const { selection: value, service, alternatives } = settled;
  const t = useOrdersText();
  useWordsText();
  const menu = printMenu(services, value);
  return (
    <>
      <Field id="printingType" label={t('choice.printingType')}>
        <Select value={value.printingType} onChange={(ev) => onChange({ printingType: ev.target.value })}>
          {menu.printingTypes.map((v) => (
            <option key={v} value={v}>
              {printingTypeLabel(v)}
            </option>
          ))}
        </Select>
      </Field>
      <Field id="paperSize" label={t('choice.paperSize')}>
        <Select value={value.paperSize} onChange={(ev) => onChange({ paperSize: ev.target.value })}>
          {menu.paperSizes.map((v) => (
            <option key={v} value={v}>
              {paperSizeLabel(v)}
            </option>
          ))}
        </Select>
      </Field>
      <Field id="paperType" label={t('choice.paperType')} className={compact ? 'col-span-2 sm:col-span-1' : undefined}>
        <Select value={value.paperType} onChange={(ev) => onChange({ paperType: ev.target.value })}>
          {menu.paperTypes.map((v) => (
            <option key={v} value={v}>
              {paperTypeLabel(v)}
            </option>
          ))}
        </Select>
      </Field>
      {alternatives.length > 1 && (
        <Field id="pricedService" label={t('choice.service')} className={compact ? 'col-span-2' : undefined}>
          <Select value={value.serviceId} onChange={(ev) => onChange({ serviceId: Number(ev.target.value) })}>
            {alternatives.map((s) => (
              <option key={s.id} value={s.id}>
                {t('choice.serviceOption', {
                  name: serviceNameIn(currentLanguage(), s),
                  price: formatRupees(s.price_single_side),
                })}
              </option>
            ))}
          </Select>
        </Field>
      )}
      {compact ? (
        <Segmented
          name="sides"
          legend={t('choice.sides')}
          className="col-span-2 sm:col-span-1"
          value={value.sides as 'single' | 'double'}
          options={(['single', 'double'] as const)
            .filter((s) => (s === 'single' ? service.supports_single_side : service.supports_double_side))
            .map((s) => ({ value: s, label: sidesLabel(s) }))}
          onChange={(sides) => onChange({ sides })}
        />
      ) : (
        <Field id="sides" label={t('choice.sides')}>
          <Select value={value.sides} onChange={(ev) => onChange({ sides: ev.target.value as 'single' | 'double' })}>
            {service.supports_single_side && <option value="single">{sidesLabel('single')}</option>}
            {service.supports_double_side && <option value="double">{sidesLabel('double')}</option>}
          </Select>
        </Field>
      )}
      <p
        data-testid="priced-service"
        aria-live="polite"
        className={
          compact
            ? 'col-span-2 rounded-md bg-slate-50 px-3 py-2 text-xs text-slate-700 dark:bg-slate-800 dark:text-slate-300'
            : 'rounded-md bg-slate-50 p-3 text-sm text-slate-700 sm:col-span-2 dark:bg-slate-800 dark:text-slate-300'
        }
      >
        {ordersRich(
          'choice.pricedAs',
          { b: <strong /> },
          {
            name: serviceNameIn(currentLanguage(), service),
            single: formatRupees(service.price_single_side),
            double: formatRupees(service.price_double_side),
          },
        )}
      </p>
    </>
  );
}
