import { dueTimeText, minutesOverdue, OPEN_STATUSES } from '@shop/shared/orders/due-time';
import { Clock } from 'lucide-react';
import { cn } from '@/lib/cn';
import { useNow } from '@/lib/use-now';
import { useLanguage } from '@/lib/i18n/language';
import { useCounterText } from '../texts';

/**
 * The due time on a counter card (decisions 025, 039): the time promised to the customer, for orders still to be done;
 * red with how late once it has passed. It never wraps.
 */
export function DueTime({ readyBy, status }: { readyBy: string | null; status: string }) {
  const now = useNow();
  const t = useCounterText();
  const lang = useLanguage();
  if (!readyBy || !OPEN_STATUSES.includes(status)) return null;
  const due = new Date(readyBy);
  if (Number.isNaN(due.getTime())) return null;
  const late = minutesOverdue(due, now);
  const when = dueTimeText(due, now, lang, t('due.tomorrow'));
  const hours = Math.floor(late / 60);
  const lateText =
    late < 60
      ? t('due.lateMinutes', { minutes: late })
      : late < 24 * 60
        ? t('due.lateHours', { hours, minutes: late % 60 })
        : t('due.lateDays', { days: Math.floor(late / (24 * 60)) });
  return (
    <p
      data-testid="due-time"
      data-overdue={late > 0 || undefined}
      title={t('due.title')}
      className={cn(
        'inline-flex max-w-full items-center gap-1.5 whitespace-nowrap rounded-md px-2 py-1 text-sm font-semibold',
        late > 0
          ? 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200'
          : 'bg-sky-50 text-sky-900 dark:bg-sky-950 dark:text-sky-100',
      )}
    >
      <Clock className="h-4 w-4 shrink-0" aria-hidden />
      <time dateTime={readyBy} className="truncate">
        {late > 0 ? t('due.overdue', { late: lateText, when }) : t('due.at', { when })}
      </time>
    </p>
  );
}
