import { Check } from 'lucide-react';
import { cn } from '@/lib/cn';

export const WIZARD_STEPS = ['Upload', 'Options', 'Review', 'Delivery', 'Details'] as const;

export function WizardSteps({ step }: { step: number }) {
  return (
    <ol className="flex items-center gap-1 sm:gap-2" aria-label="Order steps">
      {WIZARD_STEPS.map((label, i) => {
        const n = i + 1;
        const done = n < step;
        const current = n === step;
        return (
          <li key={label} className="flex flex-1 items-center gap-1 sm:gap-2" aria-current={current ? 'step' : undefined}>
            <span
              className={cn(
                'flex h-8 w-8 shrink-0 items-center justify-center rounded-full text-sm font-semibold',
                done ? 'bg-green-600 text-white' : current ? 'bg-brand-700 text-white' : 'bg-slate-200 text-slate-600 dark:bg-slate-800 dark:text-slate-300',
              )}
            >
              {done ? <Check className="h-4 w-4" aria-hidden /> : n}
            </span>
            <span className={cn('hidden text-sm sm:inline', current ? 'font-semibold' : 'text-slate-500')}>{label}</span>
            {n < WIZARD_STEPS.length && <span className="h-px flex-1 bg-slate-200 dark:bg-slate-700" aria-hidden />}
          </li>
        );
      })}
    </ol>
  );
}
