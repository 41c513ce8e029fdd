import { LogIn, LogOut, Menu, Printer, User, UserPlus, X } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import type { Language } from '@shop/shared/i18n/language';
import { lazy, Suspense, useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from '@/lib/router';
import { buttonClass } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { currentUserQueryOptions, useSignOut, useUser } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { saveUserLanguage, useFollowAccountLanguage } from '@/lib/i18n/account-language';
import { useCommonText } from '@/lib/i18n/common';
import { useMediaQuery } from '@/lib/use-media-query';
import { shopText } from '@/lib/shop-config';
import { toast } from '@/lib/toast';
import { navLinksFor, roleLabel } from './nav-links';
import { Avatar, USER_CHIP_CLASS, UserChipFace } from './avatar';
import { LanguageSwitch } from './language-switch';
import { ThemeButtons } from './theme-buttons';

// The drop-down menus (Radix, with its positioning engine) load after the first paint: the first page stays light.
const ThemeMenu = lazy(() => import('./theme-menu').then((m) => ({ default: m.ThemeMenu })));
const UserMenu = lazy(() => import('./user-menu').then((m) => ({ default: m.UserMenu })));

const navClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium transition-colors',
    isActive
      ? 'bg-brand-50 text-brand-700 dark:bg-brand-700/20 dark:text-brand-100'
      : 'text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800',
  );

export function SiteHeader() {
  const { data: user } = useUser();
  const t = useCommonText();
  const qc = useQueryClient();
  const keepOnAccount = (lang: Language) =>
    user ? saveUserLanguage(lang).then((u) => qc.setQueryData(currentUserQueryOptions.queryKey, u)) : Promise.resolve();
  useFollowAccountLanguage(user, keepOnAccount);
  // The desktop menus are hidden below md: a phone never downloads them (the phone menu has its own theme buttons).
  const isWide = useMediaQuery('(min-width: 768px)');
  const signOut = useSignOut();
  const navigate = useNavigate();
  // The mobile menu belongs to the visit of the page it was opened on (the location's key, new on every
  // navigation), so it closes when the page changes and stays closed on coming back to the same path.
  const { key: visit } = useLocation();
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === visit;
  const setOpen = (next: boolean | ((o: boolean) => boolean)) =>
    setOpenOn((typeof next === 'function' ? next(open) : next) ? visit : null);
  const links = navLinksFor(user);

  const onSignOut = async () => {
    setOpen(false);
    await signOut();
    toast({ title: t('signedOut') });
    await navigate(paths.home, { replace: true });
  };
  const onProfile = () => void navigate(paths.profile);

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/90 backdrop-blur supports-[backdrop-filter]:bg-white/75 dark:border-slate-800 dark:bg-slate-900/90">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-4">
        <Link to={paths.home} className="flex min-w-0 items-center gap-3">
          <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-lg bg-brand-700 text-white">
            <Printer className="h-5 w-5" aria-hidden />
          </span>
          <span className="min-w-0 leading-tight">
            <span className="block truncate font-semibold">{shopText('name')}</span>
            <span className="block truncate text-xs text-slate-500 dark:text-slate-400">{shopText('tagline')}</span>
          </span>
        </Link>

        <nav aria-label={t('nav.main')} className="ml-auto hidden items-center gap-1 md:flex">
          {links.map((l) => (
            <NavLink key={l.to} to={l.to} className={navClass}>
              {l.label}
            </NavLink>
          ))}
        </nav>

        <div className="ml-auto hidden items-center gap-2 md:ml-2 md:flex">
          {isWide && (
            <Suspense fallback={<span className="h-9 w-9" />}>
              <ThemeMenu />
            </Suspense>
          )}
          {user ? (
            isWide ? (
              <Suspense
                fallback={
                  <span className={USER_CHIP_CLASS} aria-hidden>
                    <UserChipFace name={user.name} detail={roleLabel(user)} />
                  </span>
                }
              >
                <UserMenu user={user} onProfile={onProfile} onSignOut={() => void onSignOut()} />
              </Suspense>
            ) : (
              <Avatar name={user.name} />
            )
          ) : (
            <>
              <Link to={paths.login} className={buttonClass('ghost', 'sm')}>
                {t('header.signIn')}
              </Link>
              <Link to={paths.register} className={buttonClass('default', 'sm')}>
                {t('header.getStarted')}
              </Link>
            </>
          )}
        </div>

        <LanguageSwitch
          className="ml-auto md:ml-0"
          onChosen={(lang) =>
            void keepOnAccount(lang).catch((err: unknown) => console.warn('language not saved on the account', err))
          }
        />

        <button
          type="button"
          className="flex h-10 w-10 shrink-0 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 md:hidden dark:text-slate-200 dark:hover:bg-slate-800"
          aria-label={open ? t('menu.close') : t('menu.open')}
          aria-expanded={open}
          aria-controls="mobile-menu"
          onClick={() => setOpen((o) => !o)}
        >
          {open ? <X className="h-5 w-5" aria-hidden /> : <Menu className="h-5 w-5" aria-hidden />}
        </button>
      </div>

      {open && (
        <div
          id="mobile-menu"
          className="border-t border-slate-200 bg-white px-4 pb-4 pt-3 md:hidden dark:border-slate-800 dark:bg-slate-900"
        >
          {user && (
            <div className="mb-3 flex items-center gap-3 rounded-lg bg-slate-50 p-3 dark:bg-slate-800/60">
              <Avatar name={user.name} className="h-10 w-10 text-sm" />
              <div className="min-w-0">
                <p className="truncate font-medium">{user.name}</p>
                <p className="text-xs text-slate-500 dark:text-slate-400">{roleLabel(user)}</p>
              </div>
            </div>
          )}
          <nav aria-label={t('nav.mobile')} className="grid gap-1">
            {links.map((l) => (
              <NavLink key={l.to} to={l.to} className={navClass}>
                {l.label}
              </NavLink>
            ))}
            {user ? (
              <>
                <NavLink to={paths.profile} end className={navClass}>
                  <span className="flex items-center gap-2">
                    <User className="h-4 w-4" aria-hidden /> {t('menu.profile')}
                  </span>
                </NavLink>
                <button
                  type="button"
                  onClick={() => void onSignOut()}
                  className={cn(
                    navClass({ isActive: false }),
                    'flex items-center gap-2 text-left text-red-600 dark:text-red-400',
                  )}
                >
                  <LogOut className="h-4 w-4" aria-hidden /> {t('menu.signOut')}
                </button>
              </>
            ) : (
              <div className="grid grid-cols-2 gap-2">
                <Link to={paths.login} className={buttonClass('outline', 'default')}>
                  <LogIn className="h-4 w-4" aria-hidden /> {t('header.signIn')}
                </Link>
                <Link to={paths.register} className={buttonClass('default', 'default')}>
                  <UserPlus className="h-4 w-4" aria-hidden /> {t('header.getStarted')}
                </Link>
              </div>
            )}
          </nav>
          <div className="mt-4">
            <ThemeButtons />
          </div>
        </div>
      )}
    </header>
  );
}
