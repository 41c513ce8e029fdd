import { nextBusinessDayNotice } from '@shop/shared/orders/business-hours';
import { Home, Store } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { Link } from '@/lib/router';
import { paths } from '@/config/paths';
import { Input } from '@/components/ui/input';
import { PhoneInput, PincodeInput } from '@/components/ui/phone-input';
import { groupIndianMobile } from '@shop/shared/common/mobile';
import { Field } from '@/components/ui/field';
import { cn } from '@/lib/cn';
import { formatDate, formatRupees } from '@/lib/format';
import { shopConfig } from '@/lib/shop-config';
import type { SavedAddress } from '@shop/shared/orders/saved-details';
import { BusinessBillFields, type BillOrder, type BusinessBill } from '@/features/invoices';
import { WhatsAppOptIn } from '@/features/notify';
import { useSavedDetails } from '@/features/profile/api';
import type { DeliveryType, OrderWizard } from '../use-order-wizard';
import { ordersRich, useOrdersText } from '../../texts';
import { StepCard } from './step-card';

interface Props {
  w: OrderWizard;
  whatsapp: { checked: boolean; onChange: (checked: boolean) => void };
  bill: { value: BusinessBill; onChange: (v: BusinessBill) => void; error: string | null; order: BillOrder | null };
  /** Pay pressed before the delivery was chosen, or a wrong pickup number left or paid with (use-checkout.ts). */
  pickupError: string | null;
  /** The pickup number was left: say now what is wrong with it (an empty field waits for Pay). */
  checkPickup: (text: string, whenEmpty: boolean) => boolean;
  needChoice: boolean;
  /** Pay (from the price bar); Enter in a field of the address form does the same. */
  payNow: () => void;
}

/** Steps 4 and 5: home delivery or shop pickup and the details each needs; Pay is in the price bar. */
export function DeliverySteps({ w, whatsapp, bill, pickupError, checkPickup, needChoice, payNow }: Props) {
  const [notice] = useState(() => nextBusinessDayNotice(new Date()));
  const t = useOrdersText();
  const { data: saved } = useSavedDetails(w.step >= 4);
  const cost = w.cost;
  const form = w.deliveryForm;
  // A saved number is offered as typed already (pickup, and delivery with its confirmation): never typed twice.
  const { setPickupMobile, pickupMobile } = w;
  useEffect(() => {
    const mobile = saved?.mobileNumber;
    if (!mobile) return;
    if (!pickupMobile) setPickupMobile(groupIndianMobile(mobile));
    if (!form.getValues('mobileNumber')) {
      form.setValue('mobileNumber', groupIndianMobile(mobile));
      form.setValue('confirmMobileNumber', groupIndianMobile(mobile));
    }
    // Only when the saved details arrive: later edits are the customer's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [saved]);
  const fillAddress = (a: SavedAddress) => {
    const opts = { shouldValidate: true, shouldDirty: true };
    form.setValue('address', a.landmark ? `${a.address}, ${a.landmark}` : a.address, opts);
    form.setValue('doorNumber', a.doorNumber, opts);
    form.setValue('pincode', a.pincode, opts);
    form.setValue('mobileNumber', groupIndianMobile(a.mobileNumber), opts);
    form.setValue('confirmMobileNumber', groupIndianMobile(a.mobileNumber), opts);
  };
  useEffect(() => {
    if (w.deliveryType === 'pickup')
      document.getElementById('pickup-details')?.scrollIntoView({ behavior: 'smooth', block: 'nearest' });
  }, [w.deliveryType]);
  // After the payment window closes, show why and the Retry button, wherever the page was left.
  useEffect(() => {
    if (w.cancelCount > 0 || w.failCount > 0)
      document.getElementById('payment-cancelled')?.scrollIntoView({ behavior: 'smooth', block: 'center' });
  }, [w.cancelCount, w.failCount]);
  if (!cost || w.step < 4) return null;

  const cancelNotice: ReactNode = (w.cancelCount > 0 || w.failCount > 0) && (
    <div
      id="payment-cancelled"
      role="status"
      className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
    >
      {w.failCount > 0 && <p className="font-semibold">{t('pay.failedTimes', { count: w.failCount })}</p>}
      {w.cancelCount > 0 && <p className="font-semibold">{t('pay.cancelledTimes', { count: w.cancelCount })}</p>}
      <p>{ordersRich('pay.retryHint', { link: <Link to={paths.orderHistory} className="font-medium underline" /> })}</p>
    </div>
  );
  const e = form.formState.errors;
  const choice = (type: DeliveryType) =>
    cn(
      'rounded-lg border p-4 text-left',
      w.deliveryType === type
        ? 'border-brand-600 bg-brand-50 dark:bg-slate-800'
        : 'border-slate-200 dark:border-slate-700',
    );

  const choose = (type: DeliveryType) => {
    w.setDeliveryType(type);
    w.go(type === 'delivery' ? 5 : 4);
  };
  const charge = cost.deliveryCharge === 0 ? t('cost.free') : formatRupees(cost.deliveryCharge);
  const chosen =
    w.deliveryType === 'pickup'
      ? w.pickupMobile
        ? t('delivery.summaryPickup', { mobile: groupIndianMobile(w.pickupMobile) })
        : t('delivery.summaryPickupNoMobile')
      : w.deliveryType === 'delivery'
        ? t('delivery.summaryHome', { charge })
        : t('delivery.summaryNone');
  const address = form.getValues();
  return (
    <>
      <StepCard
        n={4}
        title={t('delivery.title')}
        summary={chosen}
        expanded={w.open === 4}
        onEdit={() => w.go(4)}
        editLabel={t('delivery.edit')}
      >
        {notice && (
          <p
            role="note"
            className="rounded-md bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100"
          >
            {ordersRich('delivery.lateNotice', { b: <strong /> }, { date: formatDate(notice) })}
          </p>
        )}
        <div className="grid gap-3 sm:grid-cols-2">
          <button type="button" onClick={() => choose('delivery')} className={choice('delivery')}>
            <Home className="h-6 w-6 text-brand-700 dark:text-brand-500" aria-hidden />
            <p className="mt-2 font-semibold">{t('delivery.home')}</p>
            <p className="text-sm text-slate-600 dark:text-slate-400">{t('delivery.homeText', { charge })}</p>
          </button>
          <button type="button" onClick={() => choose('pickup')} className={choice('pickup')}>
            <Store className="h-6 w-6 text-brand-700 dark:text-brand-500" aria-hidden />
            <p className="mt-2 font-semibold">{t('delivery.pickup')}</p>
            <p className="text-sm text-slate-600 dark:text-slate-400">{t('delivery.pickupText')}</p>
          </button>
        </div>
        {needChoice && !w.deliveryType && (
          <p role="alert" className="text-sm font-medium text-red-600 dark:text-red-400">
            {t('delivery.choose')}
          </p>
        )}
        <BusinessBillFields value={bill.value} onChange={bill.onChange} error={bill.error} order={bill.order} />
        {w.deliveryType === 'pickup' && (
          <div id="pickup-details" className="scroll-mt-20 space-y-3">
            <Field
              id="pickupMobile"
              label={t('delivery.mobile')}
              error={pickupError ?? undefined}
              hint={t('delivery.mobileHint')}
            >
              <PhoneInput
                value={w.pickupMobile}
                onChange={(ev) => {
                  w.setPickupMobile(ev.target.value);
                  // Once said wrong, the message goes as soon as the number is right.
                  if (pickupError) checkPickup(ev.target.value, true);
                }}
                onBlur={(ev) => checkPickup(ev.target.value, false)}
              />
            </Field>
            <WhatsAppOptIn id="whatsapp-pickup" {...whatsapp} />
            {cancelNotice}
          </div>
        )}
      </StepCard>

      {w.step >= 5 && w.deliveryType === 'delivery' && (
        <StepCard
          n={5}
          title={t('delivery.detailsTitle')}
          summary={
            address.address
              ? `${address.doorNumber}, ${address.address}, ${address.pincode}`
              : t('delivery.detailsNone')
          }
          expanded={w.open === 5}
          onEdit={() => w.go(5)}
          editLabel={t('delivery.detailsEdit')}
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
                <legend className="mb-2 text-sm font-medium">{t('delivery.saved')}</legend>
                <div className="grid gap-2">
                  {saved.addresses.map((a) => (
                    <button
                      key={a.id}
                      type="button"
                      onClick={() => fillAddress(a)}
                      className="rounded-md border border-slate-200 p-3 text-left text-sm hover:border-brand-600 dark:border-slate-700"
                    >
                      {a.doorNumber}, {a.address}
                      {a.landmark ? `, ${a.landmark}` : ''}, {a.pincode}
                      <span className="block text-slate-500 dark:text-slate-400">
                        {groupIndianMobile(a.mobileNumber)}
                      </span>
                    </button>
                  ))}
                </div>
              </fieldset>
            )}
            <Field id="address" label={t('delivery.address')} error={e.address?.message}>
              <Input autoComplete="street-address" {...form.register('address')} />
            </Field>
            <div className="grid gap-4 sm:grid-cols-2">
              <Field id="doorNumber" label={t('delivery.door')} error={e.doorNumber?.message}>
                <Input {...form.register('doorNumber')} />
              </Field>
              <Field
                id="pincode"
                label={t('delivery.pincode')}
                error={e.pincode?.message}
                hint={t('delivery.pincodeHint', { pincodes: shopConfig.deliveryPincodes.join(', ') })}
              >
                <PincodeInput list="pincode-options" {...form.register('pincode')} />
              </Field>
              <datalist id="pincode-options">
                {shopConfig.deliveryPincodes.map((p) => (
                  <option key={p} value={p} />
                ))}
              </datalist>
              <Field id="mobileNumber" label={t('delivery.mobile')} error={e.mobileNumber?.message}>
                <PhoneInput {...form.register('mobileNumber')} />
              </Field>
              <Field
                id="confirmMobileNumber"
                label={t('delivery.confirmMobile')}
                error={e.confirmMobileNumber?.message}
              >
                <PhoneInput autoComplete="off" {...form.register('confirmMobileNumber')} />
              </Field>
            </div>
            <WhatsAppOptIn id="whatsapp-delivery" {...whatsapp} />
            {cancelNotice}
            {/* Enter in a field pays, as the Pay button in the price bar does. */}
            <button type="submit" className="sr-only" tabIndex={-1} aria-hidden>
              {t('pay.pay', { amount: '' })}
            </button>
          </form>
        </StepCard>
      )}
    </>
  );
}
