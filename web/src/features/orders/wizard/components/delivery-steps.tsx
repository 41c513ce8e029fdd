import { nextBusinessDayNotice } from '@shop/shared/orders/business-hours';
import { Home, Store } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { Field, Input } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import { formatDate, formatRupees } from '@/lib/format';
import { shopConfig } from '@/lib/shop-config';
import type { SavedAddress } from '@shop/shared/orders/saved-details';
import { BusinessBillFields, type BusinessBill } from '@/features/invoices';
import { WhatsAppOptIn } from '@/features/notify';
import { useSavedDetails } from '@/features/profile/api';
import type { DeliveryType, OrderWizard } from '../use-order-wizard';
import { StepCard } from './step-card';

interface Props {
  w: OrderWizard;
  whatsapp: { checked: boolean; onChange: (checked: boolean) => void };
  bill: { value: BusinessBill; onChange: (v: BusinessBill) => void; error: string | null };
  /** Pay pressed before the delivery was chosen, or with a wrong pickup number (use-checkout.ts). */
  pickupError: string | null;
  needChoice: boolean;
  /** Pay (from the price bar); Enter in a field of the address form does the same. */
  payNow: () => void;
}

/** Steps 4 and 5: home delivery or shop pickup and the details each needs; Pay is in the price bar. */
export function DeliverySteps({ w, whatsapp, bill, pickupError, needChoice, payNow }: Props) {
  const [notice] = useState(() => nextBusinessDayNotice(new Date()));
  const { data: saved } = useSavedDetails(w.step >= 4);
  const cost = w.cost;
  const form = w.deliveryForm;
  // A saved number is offered as typed already (pickup, and delivery with its confirmation): never typed twice.
  const { setPickupMobile, pickupMobile } = w;
  useEffect(() => {
    const mobile = saved?.mobileNumber;
    if (!mobile) return;
    if (!pickupMobile) setPickupMobile(mobile);
    if (!form.getValues('mobileNumber')) {
      form.setValue('mobileNumber', mobile);
      form.setValue('confirmMobileNumber', mobile);
    }
    // Only when the saved details arrive: later edits are the customer's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [saved]);
  const fillAddress = (a: SavedAddress) => {
    const opts = { shouldValidate: true, shouldDirty: true };
    form.setValue('address', a.landmark ? `${a.address}, ${a.landmark}` : a.address, opts);
    form.setValue('doorNumber', a.doorNumber, opts);
    form.setValue('pincode', a.pincode, opts);
    form.setValue('mobileNumber', a.mobileNumber, opts);
    form.setValue('confirmMobileNumber', a.mobileNumber, opts);
  };
  useEffect(() => {
    if (w.deliveryType === 'pickup') document.getElementById('pickup-details')?.scrollIntoView({ behavior: 'smooth', block: 'nearest' });
  }, [w.deliveryType]);
  // After the payment window closes, show why and the Retry button, wherever the page was left.
  useEffect(() => {
    if (w.cancelCount > 0 || w.failCount > 0) document.getElementById('payment-cancelled')?.scrollIntoView({ behavior: 'smooth', block: 'center' });
  }, [w.cancelCount, w.failCount]);
  if (!cost || w.step < 4) return null;

  const cancelNotice: ReactNode = (w.cancelCount > 0 || w.failCount > 0) && (
    <div id="payment-cancelled" role="status" className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100">
      {w.failCount > 0 && <p className="font-semibold">Payment failed {w.failCount} time(s). No money was taken.</p>}
      {w.cancelCount > 0 && <p className="font-semibold">Payment was cancelled {w.cancelCount} time(s)</p>}
      <p>You can retry the payment when you're ready. Your order is also kept under Awaiting payment on your dashboard.</p>
    </div>
  );
  const e = form.formState.errors;
  const choice = (type: DeliveryType) => cn('rounded-lg border p-4 text-left', w.deliveryType === type ? 'border-brand-600 bg-brand-50 dark:bg-slate-800' : 'border-slate-200 dark:border-slate-700');

  const choose = (type: DeliveryType) => {
    w.setDeliveryType(type);
    w.go(type === 'delivery' ? 5 : 4);
  };
  const address = form.getValues();
  return (
    <>
      <StepCard
        n={4}
        title="Choose Delivery Option"
        summary={w.deliveryType === 'pickup' ? `Shop pickup · ${w.pickupMobile || 'mobile number to give'}` : w.deliveryType === 'delivery' ? `Home delivery · ${cost.deliveryCharge === 0 ? 'FREE' : formatRupees(cost.deliveryCharge)}` : 'Not chosen yet'}
        expanded={w.open === 4}
        onEdit={() => w.go(4)}
        editLabel="Edit the delivery option"
      >
        {notice && (
          <p role="note" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100">
            Orders placed outside 9:00 AM – 10:00 PM IST or on Sunday will be processed on the next business day: <strong>{formatDate(notice)}</strong>.
          </p>
        )}
        <div className="grid gap-3 sm:grid-cols-2">
          <button type="button" onClick={() => choose('delivery')} className={choice('delivery')}>
            <Home className="h-6 w-6 text-brand-700 dark:text-brand-500" aria-hidden />
            <p className="mt-2 font-semibold">Home Delivery</p>
            <p className="text-sm text-slate-600 dark:text-slate-400">Delivered to your door in Guntur. Delivery: {cost.deliveryCharge === 0 ? 'FREE' : formatRupees(cost.deliveryCharge)}</p>
          </button>
          <button type="button" onClick={() => choose('pickup')} className={choice('pickup')}>
            <Store className="h-6 w-6 text-brand-700 dark:text-brand-500" aria-hidden />
            <p className="mt-2 font-semibold">Shop Pickup</p>
            <p className="text-sm text-slate-600 dark:text-slate-400">Collect at our shop in Guntur. Delivery: FREE</p>
          </button>
        </div>
        {needChoice && !w.deliveryType && <p role="alert" className="text-sm font-medium text-red-600 dark:text-red-400">Choose home delivery or shop pickup.</p>}
        <BusinessBillFields value={bill.value} onChange={bill.onChange} error={bill.error} />
        {w.deliveryType === 'pickup' && (
          <div id="pickup-details" className="scroll-mt-20 space-y-3">
            <Field id="pickupMobile" label="Mobile number" error={pickupError ?? undefined} hint="We will call this number when your order is ready.">
              <Input id="pickupMobile" inputMode="numeric" autoComplete="tel-national" maxLength={10} value={w.pickupMobile} aria-invalid={!!pickupError} onChange={(ev) => w.setPickupMobile(ev.target.value.replace(/\D/g, '').slice(0, 10))} />
            </Field>
            <WhatsAppOptIn id="whatsapp-pickup" {...whatsapp} />
            {cancelNotice}
          </div>
        )}
      </StepCard>

      {w.step >= 5 && w.deliveryType === 'delivery' && (
        <StepCard
          n={5}
          title="Delivery Details"
          summary={address.address ? `${address.doorNumber}, ${address.address}, ${address.pincode}` : 'Address to give'}
          expanded={w.open === 5}
          onEdit={() => w.go(5)}
          editLabel="Edit the delivery details"
        >
          <form
            onSubmit={(ev) => {
              ev.preventDefault();
              payNow();
            }}
            className="space-y-4"
            noValidate
          >
            {saved && saved.addresses.length > 0 && (
              <fieldset>
                <legend className="mb-2 text-sm font-medium">Your saved addresses</legend>
                <div className="grid gap-2">
                  {saved.addresses.map((a) => (
                    <button key={a.id} type="button" onClick={() => fillAddress(a)} className="rounded-md border border-slate-200 p-3 text-left text-sm hover:border-brand-600 dark:border-slate-700">
                      {a.doorNumber}, {a.address}{a.landmark ? `, ${a.landmark}` : ''}, {a.pincode}
                      <span className="block text-slate-500 dark:text-slate-400">{a.mobileNumber}</span>
                    </button>
                  ))}
                </div>
              </fieldset>
            )}
            <Field id="address" label="Address" error={e.address?.message}>
              <Input id="address" autoComplete="street-address" aria-invalid={!!e.address} {...form.register('address')} />
            </Field>
            <div className="grid gap-4 sm:grid-cols-2">
              <Field id="doorNumber" label="Door/Flat number" error={e.doorNumber?.message}>
                <Input id="doorNumber" aria-invalid={!!e.doorNumber} {...form.register('doorNumber')} />
              </Field>
              <Field id="pincode" label="Pincode" error={e.pincode?.message} hint={`We deliver in Guntur to pincodes ${shopConfig.deliveryPincodes.join(', ')}.`}>
                <Input id="pincode" inputMode="numeric" maxLength={6} autoComplete="postal-code" list="pincode-options" aria-invalid={!!e.pincode} {...form.register('pincode')} />
                <datalist id="pincode-options">
                  {shopConfig.deliveryPincodes.map((p) => <option key={p} value={p} />)}
                </datalist>
              </Field>
              <Field id="mobileNumber" label="Mobile number" error={e.mobileNumber?.message}>
                <Input id="mobileNumber" inputMode="numeric" maxLength={10} autoComplete="tel-national" aria-invalid={!!e.mobileNumber} {...form.register('mobileNumber')} />
              </Field>
              <Field id="confirmMobileNumber" label="Confirm mobile number" error={e.confirmMobileNumber?.message}>
                <Input id="confirmMobileNumber" inputMode="numeric" maxLength={10} aria-invalid={!!e.confirmMobileNumber} {...form.register('confirmMobileNumber')} />
              </Field>
            </div>
            <WhatsAppOptIn id="whatsapp-delivery" {...whatsapp} />
            {cancelNotice}
            {/* Enter in a field pays, as the Pay button in the price bar does. */}
            <button type="submit" className="sr-only" tabIndex={-1} aria-hidden>
              Pay
            </button>
          </form>
        </StepCard>
      )}
    </>
  );
}
