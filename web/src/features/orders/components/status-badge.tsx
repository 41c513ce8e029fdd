import { statusColor } from '@shop/shared/common/status';
import { CheckCircle2, Clock, Eye, Loader, Package, PackageCheck, Truck } from 'lucide-react';
import { cn } from '@/lib/cn';
import { customerStatusLabel, useWordsText } from '@/lib/i18n/words';

export const COLOR_CLASSES: Record<string, string> = {
  blue: 'bg-blue-100 text-blue-800 dark:bg-blue-950 dark:text-blue-200',
  yellow: 'bg-yellow-100 text-yellow-900 dark:bg-yellow-950 dark:text-yellow-200',
  orange: 'bg-orange-100 text-orange-900 dark:bg-orange-950 dark:text-orange-200',
  green: 'bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-200',
  purple: 'bg-purple-100 text-purple-800 dark:bg-purple-950 dark:text-purple-200',
  indigo: 'bg-indigo-100 text-indigo-800 dark:bg-indigo-950 dark:text-indigo-200',
  gray: 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200',
};
export const BAR_CLASSES: Record<string, string> = {
  blue: 'bg-blue-500',
  yellow: 'bg-yellow-400',
  orange: 'bg-orange-500',
  green: 'bg-green-500',
  purple: 'bg-purple-500',
  indigo: 'bg-indigo-500',
  gray: 'bg-slate-400',
};

const ICONS: Record<string, typeof Clock> = {
  unvisited: Clock,
  visited: Eye,
  processing: Loader,
  completed: CheckCircle2,
  delivered: Truck,
  collected: PackageCheck,
};

/** Colour plus an icon and a word: colour is never the only signal. */
export function StatusBadge({
  status,
  deliveryType,
  label,
  className,
}: {
  status: string;
  deliveryType?: string;
  label?: string;
  className?: string;
}) {
  const Icon = ICONS[status] ?? Package;
  useWordsText();
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold',
        COLOR_CLASSES[statusColor(status)],
        className,
      )}
    >
      <Icon className="h-3.5 w-3.5" aria-hidden />
      {label ?? customerStatusLabel(status, deliveryType)}
    </span>
  );
}
