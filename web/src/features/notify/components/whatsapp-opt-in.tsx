import { useState } from 'react';
import { useNotifyText } from '../texts';

/** The checkout's WhatsApp consent: unticked until the customer ticks it (an opt-in is asked for, never assumed). */
export function useWhatsAppOptIn() {
  const [checked, setChecked] = useState(false);
  return { checked, onChange: setChecked };
}

/**
 * "Send me order updates on WhatsApp", beside the mobile number it applies to. The server records the tick with the
 * order, the number and the time (docs/decisions/022-whatsapp-notifications.md).
 */
export function WhatsAppOptIn({
  id,
  checked,
  onChange,
}: {
  id: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const t = useNotifyText();
  return (
    // The whole row is the label, so a thumb anywhere on it ticks the box.
    <label
      htmlFor={id}
      className="flex cursor-pointer items-start gap-3 rounded-md border border-slate-200 p-3 text-sm text-slate-700 dark:border-slate-800 dark:text-slate-300"
    >
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        className="mt-0.5 h-5 w-5 shrink-0 rounded border-slate-300 accent-brand-700"
      />
      <span>
        <span className="font-medium">{t('optIn')}</span>
        <span className="block text-slate-600 dark:text-slate-400">{t('optInText')}</span>
      </span>
    </label>
  );
}
