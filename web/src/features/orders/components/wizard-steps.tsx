import { Check } from 'lucide-react';
import { cn } from '@/lib/cn';
import { useOrdersText } from '../texts';

export const WIZARD_STEPS = [
  'steps.upload',
  'steps.options',
  'steps.review',
  'steps.delivery',
  'steps.details',
] as const;

/** `step`: the furthest step reached; `open`: the one shown in full (the current one). */
export function WizardSteps({ step, open = step }: { step: number; open?: number }) {
  const t = useOrdersText();
  return (
    <div>
      <ol className="flex items-center gap-1 sm:gap-2" aria-label={t('steps.label')}>
        {WIZARD_STEPS.map((label, i) => {
          const n = i + 1;
          const current = n === open;
          const done = n < step && !current;
          return (
            <li
              key={label}
              className="flex flex-1 items-center gap-1 last:flex-none sm:gap-2"
              aria-current={current ? 'step' : undefined}
            >
              <span
                className={cn(
                  'flex h-8 w-8 shrink-0 items-center justify-center rounded-full text-sm font-semibold',
                  done
                    ? 'bg-green-600 text-white'
                    : current
                      ? 'bg-brand-700 text-white'
                      : 'bg-slate-200 text-slate-600 dark:bg-slate-800 dark:text-slate-300',
                )}
              >
                {done ? <Check className="h-4 w-4" aria-hidden /> : n}
              </span>
              {/* Five labels do not fit a phone: there they are read out only, and the current one is written below. */}
              <span
                className={cn(
                  'sr-only text-sm sm:not-sr-only',
                  current ? 'font-semibold' : 'text-slate-500 dark:text-slate-400',
                )}
              >
                {t(label)}
                <span className="sr-only">{done ? ` ${t('steps.done')}` : ''}</span>
              </span>
              {n < WIZARD_STEPS.length && <span className="h-px flex-1 bg-slate-200 dark:bg-slate-700" aria-hidden />}
            </li>
          );
        })}
      </ol>
      <p className="mt-2 text-sm font-medium sm:hidden" aria-hidden>
        {t('steps.current', {
          step: open,
          count: WIZARD_STEPS.length,
          name: t(WIZARD_STEPS[open - 1] ?? 'steps.upload'),
        })}
      </p>
    </div>
  );
}
