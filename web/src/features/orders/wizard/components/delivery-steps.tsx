import { nextBusinessDayNotice } from '@shop/shared/orders/business-hours';
import { Home, Store } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Field } from '@/components/ui/field';
import { CostBreakdown } from '../../components/cost-breakdown';
import { cn } from '@/lib/cn';
import { formatDate, formatRupees } from '@/lib/format';
import { shopConfig } from '@/lib/shop-config';
import type { SavedAddress } from '@shop/shared/orders/saved-details';
import { BusinessBillFields, type BusinessBill } from '@/features/invoices';
import { WhatsAppOptIn } from '@/features/notify';
import { useSavedDetails } from '@/features/profile/api';
import type { DeliveryType, OrderWizard } from '../use-order-wizard';

interface Props {
  w: OrderWizard;
  paying: boolean;
  whatsapp: { checked: boolean; onChange: (checked: boolean) => void };
  bill: { value: BusinessBill; onChange: (v: BusinessBill) => void; error: string | null };
  pay: (type: DeliveryType, details: Record<string, string>) => void;
}

/** Steps 4 and 5: home delivery or shop pickup, the details each needs, and the Pay button. */
export function DeliverySteps({ w, paying, pay, whatsapp, bill }: Props) {
  const [notice] = useState(() => nextBusinessDayNotice(new Date()));
  const [pickupError, setPickupError] = useState<string | null>(null);
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
  const retrying = w.cancelCount > 0 || w.failCount > 0;
  const payLabel = (amount: number) => (paying ? 'Opening payment…' : `${retrying ? 'Retry Payment' : 'Pay'} ${formatRupees(amount)}`);
  const submitPickup = () => {
    if (!/^\d{10}$/.test(w.pickupMobile)) {
      setPickupError('Please enter a valid 10-digit mobile number for self pickup');
      return;
    }
    setPickupError(null);
    pay('pickup', { mobileNumber: w.pickupMobile });
  };
  const submitDelivery = form.handleSubmit((v) =>
    pay('delivery', { address: v.address, doorNumber: v.doorNumber, pincode: v.pincode, mobileNumber: v.mobileNumber, confirmMobileNumber: v.confirmMobileNumber }),
  );
  const e = form.formState.errors;
  const choice = (type: DeliveryType) => cn('rounded-lg border p-4 text-left', w.deliveryType === type ? 'border-brand-600 bg-brand-50 dark:bg-slate-800' : 'border-slate-200 dark:border-slate-700');

  return (
    <>
      <Card id="wizard-step-4" className="mt-6 scroll-mt-20">
        <CardHeader>
          <CardTitle>4. Choose Delivery Option</CardTitle>
        </CardHeader>
        <CardContent className="space-y-4">
          {notice && (
            <p role="note" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100">
              Orders placed outside 9:00 AM – 10:00 PM IST or on Sunday will be processed on the next business day: <strong>{formatDate(notice)}</strong>.
            </p>
          )}
          <div className="grid gap-3 sm:grid-cols-2">
            <button type="button" onClick={() => { w.setDeliveryType('delivery'); w.setStep(5); }} className={choice('delivery')}>
              <Home className="h-6 w-6 text-brand-700 dark:text-brand-500" aria-hidden />
              <p className="mt-2 font-semibold">Home Delivery</p>
              <p className="text-sm text-slate-600 dark:text-slate-400">Delivered to your door in Guntur. Delivery: {cost.deliveryCharge === 0 ? 'FREE' : formatRupees(cost.deliveryCharge)}</p>
            </button>
            <button type="button" onClick={() => { w.setDeliveryType('pickup'); w.setStep(4); }} className={choice('pickup')}>
              <Store className="h-6 w-6 text-brand-700 dark:text-brand-500" aria-hidden />
              <p className="mt-2 font-semibold">Shop Pickup</p>
              <p className="text-sm text-slate-600 dark:text-slate-400">Collect at our shop in Guntur. Delivery: FREE</p>
            </button>
          </div>
          <BusinessBillFields value={bill.value} onChange={bill.onChange} error={bill.error} />
          {w.deliveryType === 'pickup' && (
            <div id="pickup-details" className="scroll-mt-20 space-y-3">
              <Field id="pickupMobile" label="Mobile number" error={pickupError ?? undefined} hint="We will call this number when your order is ready.">
                <Input inputMode="numeric" autoComplete="tel-national" maxLength={10} value={w.pickupMobile} onChange={(ev) => w.setPickupMobile(ev.target.value.replace(/\D/g, '').slice(0, 10))} />
              </Field>
              <WhatsAppOptIn id="whatsapp-pickup" {...whatsapp} />
              <CostBreakdown cost={cost} deliveryCharge={0} />
              {cancelNotice}
              <Button onClick={submitPickup} disabled={paying} size="lg" className="w-full">{payLabel(cost.totalCost)}</Button>
            </div>
          )}
        </CardContent>
      </Card>

      {w.step >= 5 && w.deliveryType === 'delivery' && (
        <Card id="wizard-step-5" className="mt-6 scroll-mt-20">
          <CardHeader>
            <CardTitle>5. Delivery Details</CardTitle>
          </CardHeader>
          <CardContent>
            <form onSubmit={submitDelivery} className="space-y-4" noValidate>
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
                <Input autoComplete="street-address" {...form.register('address')} />
              </Field>
              <div className="grid gap-4 sm:grid-cols-2">
                <Field id="doorNumber" label="Door/Flat number" error={e.doorNumber?.message}>
                  <Input {...form.register('doorNumber')} />
                </Field>
                <Field id="pincode" label="Pincode" error={e.pincode?.message} hint={`We deliver in Guntur to pincodes ${shopConfig.deliveryPincodes.join(', ')}.`}>
                  <Input inputMode="numeric" maxLength={6} autoComplete="postal-code" list="pincode-options" {...form.register('pincode')} />
                </Field>
                <datalist id="pincode-options">
                  {shopConfig.deliveryPincodes.map((p) => <option key={p} value={p} />)}
                </datalist>
                <Field id="mobileNumber" label="Mobile number" error={e.mobileNumber?.message}>
                  <Input inputMode="numeric" maxLength={10} autoComplete="tel-national" {...form.register('mobileNumber')} />
                </Field>
                <Field id="confirmMobileNumber" label="Confirm mobile number" error={e.confirmMobileNumber?.message}>
                  <Input inputMode="numeric" maxLength={10} {...form.register('confirmMobileNumber')} />
                </Field>
              </div>
              <WhatsAppOptIn id="whatsapp-delivery" {...whatsapp} />
              <CostBreakdown cost={cost} deliveryCharge={cost.deliveryCharge} />
              {cancelNotice}
              <Button type="submit" disabled={paying} size="lg" className="w-full">{payLabel(cost.totalCost + cost.deliveryCharge)}</Button>
            </form>
          </CardContent>
        </Card>
      )}
    </>
  );
}
