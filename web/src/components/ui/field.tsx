import { cloneElement, type ReactElement, type ReactNode } from 'react';
import { useLanguage } from '@/lib/i18n/language';
import { localizeMessage } from '@/lib/i18n/messages';
import { Label } from './input';

/** What Field sets on its control. */
interface ControlProps {
  id?: string;
  'aria-invalid'?: boolean | 'true' | 'false';
  'aria-describedby'?: string;
}

/**
 * A form field: its label, its control, and a hint or an error, wired for screen readers by id. The control (the
 * one child) gets the field's `id` (the label points at it), `aria-invalid` while there is an error, and
 * `aria-describedby` naming the hint or the error, so a screen reader reads them with the control. The error is shown
 * in the reader's language.
 */
export function Field({
  id,
  label,
  error,
  hint,
  className,
  children,
}: {
  id: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  className?: string;
  children: ReactElement<ControlProps>;
}) {
  useLanguage();
  const hintId = hint && !error ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const own = children.props;
  const control = cloneElement(children, {
    id,
    'aria-invalid': error ? true : own['aria-invalid'],
    'aria-describedby': [own['aria-describedby'], errorId, hintId].filter(Boolean).join(' ') || undefined,
  });
  return (
    <div className={className ? `space-y-1 ${className}` : 'space-y-1'}>
      <Label htmlFor={id}>{label}</Label>
      {control}
      {hintId && (
        <p id={hintId} className="text-xs text-slate-500 dark:text-slate-400">
          {hint}
        </p>
      )}
      {errorId && (
        <p id={errorId} role="alert" className="text-sm text-red-600 dark:text-red-400">
          {localizeMessage(error)}
        </p>
      )}
    </div>
  );
}
