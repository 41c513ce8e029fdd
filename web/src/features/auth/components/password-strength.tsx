import { PASSWORD_CRITERIA, passwordStrength } from '@shop/shared/auth/schemas';
import { useLanguage } from '@/lib/i18n/language';
import { Check, X } from 'lucide-react';
import { cn } from '@/lib/cn';
import { useAuthText } from '../texts';

const tone = {
  Weak: { bar: 'bg-red-500', text: 'text-red-600 dark:text-red-400' },
  Medium: { bar: 'bg-amber-500', text: 'text-amber-600 dark:text-amber-400' },
  Strong: { bar: 'bg-green-600', text: 'text-green-700 dark:text-green-400' },
} as const;

/** The live five-criteria meter: Strong with all 5, Medium with 3 or more, otherwise Weak; what is missing is listed. */
export function PasswordStrengthMeter({ password, id }: { password: string; id?: string }) {
  const t = useAuthText();
  const lang = useLanguage();
  const { strength, met, missing } = passwordStrength(password);
  const look = tone[strength];
  const label = (c: (typeof PASSWORD_CRITERIA)[number]) => t(`criteria.${c.key}`);
  const stillNeeded = PASSWORD_CRITERIA.filter((c) => missing.includes(c.label))
    .map(label)
    .join(', ');
  return (
    <div id={id} className="space-y-2" aria-live="polite" data-testid="password-strength">
      <div className="flex items-center justify-between text-xs">
        <span className="text-slate-600 dark:text-slate-400">{t('strength.label')}</span>
        <span className={cn('font-semibold', look.text)}>{t(`strength.${strength}`)}</span>
      </div>
      <div className="grid grid-cols-5 gap-1" aria-hidden>
        {PASSWORD_CRITERIA.map((c, i) => (
          <span
            key={c.key}
            className={cn('h-1.5 rounded-full', i < met ? look.bar : 'bg-slate-200 dark:bg-slate-700')}
          />
        ))}
      </div>
      <ul className="grid gap-x-4 gap-y-1 text-xs sm:grid-cols-2">
        {PASSWORD_CRITERIA.map((c) => {
          const ok = !missing.includes(c.label);
          return (
            <li
              key={c.key}
              className={cn(
                'flex items-center gap-1.5',
                ok ? 'text-green-700 dark:text-green-400' : 'text-slate-500 dark:text-slate-400',
              )}
            >
              {ok ? (
                <Check className="h-3.5 w-3.5 shrink-0" aria-hidden />
              ) : (
                <X className="h-3.5 w-3.5 shrink-0" aria-hidden />
              )}
              <span>
                {label(c)}
                <span className="sr-only"> {ok ? t('strength.done') : t('strength.missing')}</span>
              </span>
            </li>
          );
        })}
      </ul>
      {missing.length > 0 && password.length > 0 && (
        <p className="text-xs text-slate-600 dark:text-slate-400">
          {t('strength.stillNeeded', { list: lang === 'en' ? stillNeeded.toLowerCase() : stillNeeded })}
        </p>
      )}
    </div>
  );
}
