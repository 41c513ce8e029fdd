import { Input } from '@/components/ui/input';
import { PhoneInput } from '@/components/ui/phone-input';
import { Field } from '@/components/ui/field';
import { useWalkInTexts } from '../texts';
import type { WalkInForm } from '../use-walk-in';

/** Name, mobile as people say it, and an optional e-mail for the receipt. */
export function CustomerFields({ f }: { f: WalkInForm }) {
  const T = useWalkInTexts();
  const e = f.errors;
  return (
    <fieldset className="grid gap-3 sm:grid-cols-2">
      <legend className="mb-2 text-base font-semibold">{T.customer}</legend>
      <Field id="walkin-name" label={T.name} error={e['customer.name']}>
        <Input autoComplete="off" value={f.customer.name} onChange={(ev) => f.setCustomer({ name: ev.target.value })} />
      </Field>
      <Field id="walkin-mobile" label={T.mobile} error={e['customer.mobile']} hint={T.mobileHint}>
        <PhoneInput autoComplete="off" value={f.customer.mobile} onChange={(ev) => f.setCustomer({ mobile: ev.target.value })} />
      </Field>
      <div className="sm:col-span-2">
        <Field id="walkin-email" label={T.email} error={e['customer.email']}>
          <Input type="email" inputMode="email" autoComplete="off" value={f.customer.email} onChange={(ev) => f.setCustomer({ email: ev.target.value })} />
        </Field>
      </div>
    </fieldset>
  );
}
