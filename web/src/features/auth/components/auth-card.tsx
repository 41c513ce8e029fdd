import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';

/** The frame every account screen shares: a centred card with an icon, a title and a subtitle. */
export function AuthCard({
  icon,
  title,
  subtitle,
  children,
  footer,
}: {
  icon?: ReactNode;
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <div className="flex justify-center px-4 py-8 sm:py-14">
      <Card className="w-full max-w-md">
        <div className="space-y-2 p-6 pb-2 text-center sm:p-8 sm:pb-2">
          {icon && (
            <div className="mx-auto flex h-12 w-12 items-center justify-center rounded-full bg-brand-50 text-brand-700 dark:bg-brand-700/20 dark:text-brand-100">
              {icon}
            </div>
          )}
          <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
          {subtitle && <p className="text-sm text-slate-600 dark:text-slate-400">{subtitle}</p>}
        </div>
        <div className="p-6 pt-4 sm:p-8 sm:pt-4">{children}</div>
        {footer && (
          <div className="border-t border-slate-200 px-6 py-4 text-center text-sm text-slate-600 sm:px-8 dark:border-slate-800 dark:text-slate-400">
            {footer}
          </div>
        )}
      </Card>
    </div>
  );
}

/** An account form's one button: the whole width, waiting (and saying so) while the request is under way. */
export function SubmitButton({
  pending,
  label,
  pendingLabel,
  disabled = false,
}: {
  pending: boolean;
  label: string;
  pendingLabel: string;
  disabled?: boolean;
}) {
  return (
    <Button type="submit" className="w-full" disabled={pending || disabled}>
      {pending ? pendingLabel : label}
    </Button>
  );
}
