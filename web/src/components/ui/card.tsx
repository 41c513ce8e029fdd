import type { HTMLAttributes } from 'react';
import { cn } from '@/lib/cn';
import { useCommonText } from '@/lib/i18n/common';

export function Card({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div
      className={cn(
        'rounded-xl border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900',
        className,
      )}
      {...props}
    />
  );
}
export function CardHeader({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn('space-y-1 p-5 pb-3', className)} {...props} />;
}
export function CardTitle({ className, ...props }: HTMLAttributes<HTMLHeadingElement>) {
  return <h2 className={cn('text-lg font-semibold leading-tight', className)} {...props} />;
}
export function CardContent({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn('p-5 pt-0', className)} {...props} />;
}
export function Badge({
  className,
  variant = 'default',
  ...props
}: HTMLAttributes<HTMLSpanElement> & { variant?: 'default' | 'secondary' | 'outline' | 'destructive' }) {
  const v = {
    default: 'bg-brand-700 text-white',
    secondary: 'bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-200',
    outline: 'border border-slate-300 text-slate-700 dark:border-slate-600 dark:text-slate-200',
    destructive: 'bg-red-600 text-white',
  }[variant];
  return (
    <span
      className={cn('inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold', v, className)}
      {...props}
    />
  );
}
export function Skeleton({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div
      data-testid="skeleton"
      className={cn('animate-pulse rounded-md bg-slate-200 dark:bg-slate-800', className)}
      {...props}
    />
  );
}
export function Spinner({ className, label }: { className?: string; label?: string }) {
  const t = useCommonText();
  return (
    <span
      role="status"
      aria-label={label ?? t('loading')}
      className={cn(
        'inline-block h-6 w-6 animate-spin rounded-full border-2 border-brand-600 border-t-transparent',
        className,
      )}
    />
  );
}
export function FullScreenSpinner() {
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-white/80 dark:bg-slate-950/80">
      <Spinner className="h-10 w-10" />
    </div>
  );
}
