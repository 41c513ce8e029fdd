import { Monitor, Moon, Sun } from 'lucide-react';
import { cn } from '@/lib/cn';
import { useCommonText } from '@/lib/i18n/common';
import { useTheme, type Theme } from '@/lib/theme';

export const THEMES: Array<{ value: Theme; label: 'theme.light' | 'theme.dark' | 'theme.system'; Icon: typeof Sun }> = [
  { value: 'light', label: 'theme.light', Icon: Sun },
  { value: 'dark', label: 'theme.dark', Icon: Moon },
  { value: 'system', label: 'theme.system', Icon: Monitor },
];

/** The same choice as three buttons, for the mobile menu. */
export function ThemeButtons() {
  const { theme, setTheme } = useTheme();
  const t = useCommonText();
  return (
    <div
      role="group"
      aria-label={t('theme.label')}
      className="grid grid-cols-3 gap-1 rounded-lg bg-slate-100 p-1 dark:bg-slate-800"
    >
      {THEMES.map(({ value, label, Icon }) => (
        <button
          key={value}
          type="button"
          aria-pressed={theme === value}
          onClick={() => setTheme(value)}
          className={cn(
            'flex items-center justify-center gap-1.5 rounded-md py-1.5 text-sm',
            theme === value ? 'bg-white font-medium shadow-sm dark:bg-slate-900' : 'text-slate-600 dark:text-slate-300',
          )}
        >
          <Icon className="h-4 w-4" aria-hidden />
          {t(label)}
        </button>
      ))}
    </div>
  );
}
