import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Check, Sun } from 'lucide-react';
import { useCommonText } from '@/lib/i18n/common';
import { useTheme, type Theme } from '@/lib/theme';
import { THEMES } from './theme-buttons';

export const menuContentClass =
  'z-50 min-w-44 rounded-lg border border-slate-200 bg-white p-1 text-sm text-slate-900 shadow-lg dark:border-slate-800 dark:bg-slate-900 dark:text-slate-100';
export const menuItemClass =
  'flex cursor-pointer select-none items-center gap-2 rounded-md px-2.5 py-2 outline-none data-[highlighted]:bg-slate-100 dark:data-[highlighted]:bg-slate-800';

/** Light, dark or system, from an icon button. */
export function ThemeMenu() {
  const { theme, setTheme } = useTheme();
  const t = useCommonText();
  const Current = THEMES.find((t) => t.value === theme)?.Icon ?? Sun;
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        aria-label={t('theme.label')}
        className="flex h-9 w-9 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
      >
        <Current className="h-4.5 w-4.5" aria-hidden />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={6} className={menuContentClass}>
          <DropdownMenu.Label className="px-2.5 py-1.5 text-xs font-medium text-slate-500 dark:text-slate-400">
            {t('theme.label')}
          </DropdownMenu.Label>
          <DropdownMenu.RadioGroup value={theme} onValueChange={(v) => setTheme(v as Theme)}>
            {THEMES.map(({ value, label, Icon }) => (
              <DropdownMenu.RadioItem key={value} value={value} className={menuItemClass}>
                <Icon className="h-4 w-4" aria-hidden />
                <span className="flex-1">{t(label)}</span>
                <DropdownMenu.ItemIndicator>
                  <Check className="h-4 w-4" aria-hidden />
                </DropdownMenu.ItemIndicator>
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
