import { businessBillSchema } from '@shop/shared/gst/schemas';
import { b2cParticularsNeeded, recipientProblem } from '@shop/shared/gst/recipient';
import { BILLING_STATE_CODES, GST_STATES } from '@shop/shared/gst/states';
import { useState } from 'react';
import { Input, Select, Textarea } from '@/components/ui/input';
import { Field } from '@/components/ui/field';
import { localizeMessage } from '@/lib/i18n/messages';
import { shopConfig } from '@/lib/shop-config';
import { invoicesText, useInvoicesText } from '../texts';

export interface BusinessBill {
  customerGstin: string;
  billingName: string;
  billingAddress: string;
  stateCode: string;
}
export const EMPTY_BUSINESS_BILL: BusinessBill = {
  customerGstin: '',
  billingName: '',
  billingAddress: '',
  stateCode: '',
};

/** What the order is, for the rules on what a bill needs (decision 037). */
export interface BillOrder {
  grossPaise: number;
  delivered: boolean;
}

/** Whether the shop issues bills with a GSTIN at all (an unregistered shop's receipts carry none: no offer). */
export const offersGstBill = () => shopConfig.gst.status !== 'unregistered';

/** Whether this order's bill must carry the customer's name, address and state (₹50,000 of taxable value or more, not delivered). */
export const particularsNeeded = (order: BillOrder | null) =>
  !!order && !order.delivered && b2cParticularsNeeded(shopConfig.gst.status, shopConfig.gst.rateBp, order.grossPaise);

/** The first problem with the bill's fields (as the server would say it), or null when they are fine. */
export function businessBillError(bill: BusinessBill, order: BillOrder | null = null): string | null {
  const parsed = businessBillSchema.safeParse(bill);
  if (!parsed.success) return parsed.error.issues[0]?.message ?? invoicesText('checkGstin');
  if (!order) return null;
  return recipientProblem(shopConfig.gst, parsed.data, order)?.message ?? null;
}

/**
 * "Add GSTIN for a GST bill" (with the business's registered name and address), folded away until asked for; at a
 * regular shop a bill of ₹50,000 or more picked up asks for the customer's name, address and state. Nothing at a shop
 * outside GST (decision 037).
 */
export function BusinessBillFields({
  value,
  onChange,
  error,
  order = null,
  idPrefix = '',
}: {
  value: BusinessBill;
  onChange: (v: BusinessBill) => void;
  error?: string | null;
  order?: BillOrder | null;
  idPrefix?: string;
}) {
  const [open, setOpen] = useState(Boolean(value.customerGstin || value.billingName));
  const t = useInvoicesText();
  if (!offersGstBill()) return null;
  const required = particularsNeeded(order);
  const set = (patch: Partial<BusinessBill>) => onChange({ ...value, ...patch });
  const hasGstin = value.customerGstin.trim().length > 0;
  return (
    <details
      open={open || required}
      onToggle={(e) => setOpen(e.currentTarget.open)}
      className="rounded-lg border border-slate-200 p-3 dark:border-slate-700"
    >
      <summary className="cursor-pointer text-sm font-medium">{required ? t('particularsTitle') : t('add')}</summary>
      {required && <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{t('particularsHint')}</p>}
      {error && (
        <p role="alert" className="mt-2 text-sm font-medium text-red-600 dark:text-red-400">
          {localizeMessage(error)}
        </p>
      )}
      <div className="mt-3 grid gap-3 sm:grid-cols-2">
        <Field id={`${idPrefix}customerGstin`} label={t('gstin')} hint={t('gstinHint')}>
          <Input
            autoCapitalize="characters"
            autoComplete="off"
            maxLength={15}
            value={value.customerGstin}
            onChange={(e) => set({ customerGstin: e.target.value.toUpperCase() })}
          />
        </Field>
        <Field id={`${idPrefix}billingName`} label={hasGstin ? t('businessName') : t('name')}>
          <Input
            autoComplete="organization"
            maxLength={120}
            value={value.billingName}
            onChange={(e) => set({ billingName: e.target.value })}
          />
        </Field>
        <div className="sm:col-span-2">
          <Field id={`${idPrefix}billingAddress`} label={hasGstin ? t('businessAddress') : t('address')}>
            <Textarea
              rows={2}
              maxLength={300}
              autoComplete="street-address"
              value={value.billingAddress}
              onChange={(e) => set({ billingAddress: e.target.value })}
            />
          </Field>
        </div>
        {!hasGstin && (
          <Field id={`${idPrefix}stateCode`} label={t('state')}>
            <Select value={value.stateCode} onChange={(e) => set({ stateCode: e.target.value })}>
              <option value="">—</option>
              {BILLING_STATE_CODES.map((code) => (
                <option key={code} value={code}>{`${GST_STATES[code]} (${code})`}</option>
              ))}
            </Select>
          </Field>
        )}
      </div>
    </details>
  );
}
