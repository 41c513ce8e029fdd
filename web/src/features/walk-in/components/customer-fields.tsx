import { Input } from '@/components/ui/input';
import { Field } from '@/components/ui/field';
import { PhoneInput } from '@/components/ui/phone-input';
import { useWalkInTexts } from '../texts';
import type { WalkInForm } from '../use-walk-in';

/**
 * Name, mobile as people say it, and an optional e-mail for the receipt. A customer who waits while the order is
 * printed needs none of them (decision 039): at rush hour a ₹12 photocopy is called by its walk-in number.
 */
export function CustomerFields({ f }: { f: WalkInForm }) {
  const T = useWalkInTexts();
  const e = f.errors;
  const optional = f.pickup === 'now';
  return (
    <fieldset className="grid gap-3 sm:grid-cols-2" aria-describedby={optional ? 'walkin-contact-note' : undefined}>
      <legend className="mb-2 text-base font-semibold">{T.customer}</legend>
      {optional && (
        <p id="walkin-contact-note" className="-mt-1 text-sm text-slate-600 sm:col-span-2 dark:text-slate-400">
          {T.waitingNoContact}
        </p>
      )}
      <Field id="walkin-name" label={optional ? T.nameOptional : T.name} error={e['customer.name']}>
        <Input autoComplete="off" value={f.customer.name} onChange={(ev) => f.setCustomer({ name: ev.target.value })} />
      </Field>
      <Field
        id="walkin-mobile"
        label={optional && !f.whatsapp ? T.mobileOptional : T.mobile}
        error={e['customer.mobile']}
        hint={T.mobileHint}
      >
        <PhoneInput
          autoComplete="off"
          value={f.customer.mobile}
          onChange={(ev) => f.setCustomer({ mobile: ev.target.value })}
        />
      </Field>
      <div className="sm:col-span-2">
        <Field id="walkin-email" label={T.email} error={e['customer.email']}>
          <Input
            type="email"
            inputMode="email"
            autoComplete="off"
            value={f.customer.email}
            onChange={(ev) => f.setCustomer({ email: ev.target.value })}
          />
        </Field>
      </div>
    </fieldset>
  );
}
