import { businessBillSchema } from '@shop/shared/gst/schemas';
import { useState } from 'react';
import { Input } from '@/components/ui/input';
import { Field } from '@/components/ui/field';
import { localizeMessage } from '@/lib/i18n/messages';
import { invoicesText, useInvoicesText } from '../texts';

export interface BusinessBill { customerGstin: string; billingName: string }
export const EMPTY_BUSINESS_BILL: BusinessBill = { customerGstin: '', billingName: '' };

/** The first problem with the business-bill fields, or null when they are fine (or both empty). */
export function businessBillError(bill: BusinessBill): string | null {
  const parsed = businessBillSchema.safeParse(bill);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? invoicesText('checkGstin'));
}

/** "Add GSTIN for a business bill": optional, folded away until asked for, on the delivery step. */
export function BusinessBillFields({ value, onChange, error }: { value: BusinessBill; onChange: (v: BusinessBill) => void; error?: string | null }) {
  const [open, setOpen] = useState(Boolean(value.customerGstin || value.billingName));
  const t = useInvoicesText();
  return (
    <details open={open} onToggle={(e) => setOpen(e.currentTarget.open)} className="rounded-lg border border-slate-200 p-3 dark:border-slate-700">
      <summary className="cursor-pointer text-sm font-medium">{t('add')}</summary>
      <div className="mt-3 grid gap-3 sm:grid-cols-2">
        <Field id="customerGstin" label={t('gstin')} error={error ? localizeMessage(error) : undefined} hint={t('gstinHint')}>
          <Input autoCapitalize="characters" autoComplete="off" maxLength={15} value={value.customerGstin} onChange={(e) => onChange({ ...value, customerGstin: e.target.value.toUpperCase() })} />
        </Field>
        <Field id="billingName" label={t('businessName')}>
          <Input autoComplete="organization" maxLength={120} value={value.billingName} onChange={(e) => onChange({ ...value, billingName: e.target.value })} />
        </Field>
      </div>
    </details>
  );
}
