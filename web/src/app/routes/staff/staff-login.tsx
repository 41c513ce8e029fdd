import { Printer } from 'lucide-react';
import { Link } from '@/lib/router';
import { paths } from '@/config/paths';
import { StaffLoginForm } from '@/features/auth/components/staff-login-form';
import { LanguageSwitch } from '@/components/layout/language-switch';
import { useAuthText } from '@/features/auth/texts';
import { shopText } from '@/lib/shop-config';

/** Staff sign in, outside the customer layout: the shop's name on top, the form below. */
export default function StaffLoginPage() {
  const t = useAuthText();
  return (
    <div className="flex min-h-screen flex-col bg-slate-50 dark:bg-slate-950">
      <header className="border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
        <div className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-4">
          <Link to={paths.home} className="flex items-center gap-3">
            <span className="flex h-9 w-9 items-center justify-center rounded-lg bg-brand-700 text-white">
              <Printer className="h-5 w-5" aria-hidden />
            </span>
            <span className="font-semibold">{shopText('name')}</span>
          </Link>
          <span className="ml-auto rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-600 dark:bg-slate-800 dark:text-slate-300">
            {t('staff.badge')}
          </span>
          <LanguageSwitch />
        </div>
      </header>
      <main className="flex-1">
        <StaffLoginForm />
      </main>
    </div>
  );
}
