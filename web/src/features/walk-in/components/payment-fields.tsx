import { formatPaise } from '@shop/shared/common/money';
import { Input } from '@/components/ui/input';
import { Field } from '@/components/ui/field';
import { cn } from '@/lib/cn';
import { useWalkInTexts } from '../texts';
import type { WalkInForm } from '../use-walk-in';

const choice = (on: boolean) =>
  cn(
    'flex min-h-12 cursor-pointer items-center justify-center gap-2 rounded-md border px-2 text-center text-base font-medium leading-tight has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600',
    on
      ? 'border-brand-600 bg-brand-50 text-brand-900 dark:bg-slate-800 dark:text-white'
      : 'border-slate-300 dark:border-slate-700',
  );

function Choices<V extends string>({
  name,
  legend,
  value,
  options,
  onChange,
}: {
  name: string;
  legend: string;
  value: V;
  options: Array<[V, string]>;
  onChange: (v: V) => void;
}) {
  return (
    <fieldset>
      <legend className="mb-1 text-sm font-medium text-slate-700 dark:text-slate-300">{legend}</legend>
      <div className="grid grid-cols-2 gap-2">
        {options.map(([v, label]) => (
          <label key={v} className={choice(value === v)}>
            <input
              type="radio"
              name={name}
              value={v}
              checked={value === v}
              onChange={() => onChange(v)}
              className="sr-only"
            />
            {label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** Cash or UPI, pickup now or later, WhatsApp updates, and the clerk's word that the money is in hand. */
export function PaymentFields({ f }: { f: WalkInForm }) {
  const T = useWalkInTexts();
  const total = f.price ? formatPaise(f.price.totalAmount) : null;
  return (
    <section className="space-y-3" aria-labelledby="walkin-payment">
      <h2 id="walkin-payment" className="text-base font-semibold">
        {T.payment}
      </h2>
      <Choices
        name="walkin-method"
        legend={T.paidWith}
        value={f.method}
        options={[
          ['cash', T.cash],
          ['upi_counter', T.upi],
        ]}
        onChange={f.setMethod}
      />
      {f.method === 'upi_counter' && (
        <Field
          id="walkin-reference"
          label={T.upiReference}
          hint={T.upiReferenceHint}
          error={f.errors['payment.reference']}
        >
          <Input
            inputMode="numeric"
            autoComplete="off"
            maxLength={40}
            value={f.reference}
            onChange={(e) => f.setReference(e.target.value)}
          />
        </Field>
      )}
      <Choices
        name="walkin-pickup"
        legend={T.pickup}
        value={f.pickup}
        options={[
          ['now', T.pickupNow],
          ['later', T.pickupLater],
        ]}
        onChange={f.setPickup}
      />
      <label className="flex items-start gap-3 text-sm">
        <input
          type="checkbox"
          className="mt-0.5 h-5 w-5 shrink-0"
          checked={f.whatsapp}
          onChange={(e) => f.setWhatsapp(e.target.checked)}
        />
        {T.whatsapp}
      </label>
      {total && (
        <label
          className={cn(
            'flex items-start gap-3 rounded-md border p-3 text-base font-medium',
            f.errors['payment.received'] ? 'border-red-500' : 'border-slate-300 dark:border-slate-700',
          )}
        >
          <input
            type="checkbox"
            className="mt-0.5 h-6 w-6 shrink-0"
            checked={f.received}
            onChange={(e) => f.setReceived(e.target.checked)}
          />
          {T.received(total, f.method)}
        </label>
      )}
      {f.errors['payment.received'] && (
        <p role="alert" className="text-sm text-red-600">
          {f.errors['payment.received']}
        </p>
      )}
    </section>
  );
}
