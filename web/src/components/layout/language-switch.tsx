import { LANGUAGE_NAMES, LOCALES, type Language } from '@shop/shared/i18n/language';
import { Languages } from 'lucide-react';
import { useState } from 'react';
import { cn } from '@/lib/cn';
import { commonText } from '@/lib/i18n/common';
import { showLanguage, useLanguage } from '@/lib/i18n/language';
import { toast } from '@/lib/toast';

/** Said in the language it leads to: a reader who cannot read the page's language can still find their own. */
const READ_IN: Record<Language, string> = { en: 'Read this site in English', te: 'ఈ సైట్‌ను తెలుగులో చదవండి' };

/**
 * English ⇄ తెలుగు, one tap, in the header of every customer and counter screen (decision 027). The choice is
 * remembered by this browser at once; `onChosen` keeps it on the signed-in account too.
 */
export function LanguageSwitch({ onChosen, className }: { onChosen?: (lang: Language) => void; className?: string }) {
  const language = useLanguage();
  const other: Language = language === 'te' ? 'en' : 'te';
  const [busy, setBusy] = useState(false);
  const choose = async () => {
    setBusy(true);
    try {
      await showLanguage(other, { remember: true });
      onChosen?.(other);
    } catch {
      toast({
        title: commonText('language.failed'),
        description: commonText('language.failedDetail'),
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      lang={LOCALES[other]}
      title={READ_IN[other]}
      data-testid="language-switch"
      disabled={busy}
      onClick={() => void choose()}
      className={cn(
        language === 'en' && 'font-system',
        'inline-flex h-10 shrink-0 items-center gap-1.5 rounded-md border border-slate-300 px-2.5 text-sm font-medium text-slate-800 hover:bg-slate-100 disabled:opacity-60 dark:border-slate-700 dark:text-slate-100 dark:hover:bg-slate-800',
        className,
      )}
    >
      <Languages className="h-4 w-4 shrink-0" aria-hidden />
      {LANGUAGE_NAMES[other]}
    </button>
  );
}
