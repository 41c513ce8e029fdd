import { useQuery } from '@tanstack/react-query';
import { Printer } from 'lucide-react';
import { NavLink, Outlet, useNavigate } from 'react-router';
import { ScrollToTop } from '@/components/layout/scroll-to-top';
import { ThemeMenu } from '@/components/layout/theme-menu';
import { UserMenu } from '@/components/layout/user-menu';
import { paths } from '@/config/paths';
import { useLiveOrders } from '@/features/live/use-live-orders';
import { currentUserQueryOptions, useSignOut } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { useEnglishHere } from '@/lib/i18n/language';
import { shopConfig } from '@/lib/shop-config';

const YEAR = new Date().getFullYear();
const USER_POLL_MS = 30_000;
const LINKS = [
  { to: paths.adminDashboard, label: 'Dashboard' },
  { to: paths.adminOrders, label: 'Orders' },
  { to: paths.adminReports, label: 'Reports' },
  { to: paths.adminServices, label: 'Services' },
  { to: paths.adminStaff, label: 'Staff' },
  { to: paths.adminFileManager, label: 'Files' },
  { to: paths.adminPrinters, label: 'Printers' },
];

/** The admin area's own layout (no customer wrapper), with the live stream open for every admin screen. */
export default function AdminLayout() {
  useEnglishHere();
  // The signed-in user is checked every 30 s; a session ended elsewhere lands on the admin sign-in.
  const { data: user } = useQuery({ ...currentUserQueryOptions, refetchInterval: USER_POLL_MS });
  const signOut = useSignOut();
  const navigate = useNavigate();
  useLiveOrders();
  const onSignOut = async () => {
    await signOut();
    navigate(paths.home);
  };
  return (
    <div className="flex min-h-screen flex-col bg-slate-50 dark:bg-slate-950">
      <ScrollToTop />
      <header className="sticky top-0 z-40 border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-3 gap-y-1 px-4 py-2">
          <span className="flex min-w-0 flex-1 items-center gap-2 font-bold md:flex-none">
            <Printer className="h-5 w-5 shrink-0 text-brand-700 dark:text-brand-500" aria-hidden />
            <span className="truncate">{shopConfig.name}</span>
            <span className="shrink-0 text-xs font-normal text-slate-500 dark:text-slate-400">Admin</span>
          </span>
          {/* Every page within reach on a phone: two rows of four, not a row that hid Files and Printers off-screen. */}
          <nav
            className="order-3 grid w-full grid-cols-4 gap-0.5 md:order-none md:flex md:w-auto md:flex-1 md:gap-1"
            aria-label="Admin"
          >
            {LINKS.map((l) => (
              <NavLink
                key={l.to}
                to={l.to}
                className={({ isActive }) =>
                  cn(
                    'flex h-10 min-w-0 items-center justify-center whitespace-nowrap rounded-md px-1 text-sm font-medium md:h-9 md:justify-start md:px-3',
                    isActive
                      ? 'bg-brand-50 text-brand-800 dark:bg-slate-800 dark:text-white'
                      : 'text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800',
                  )
                }
              >
                {l.label}
              </NavLink>
            ))}
          </nav>
          <div className="ml-auto flex items-center gap-1">
            <ThemeMenu />
            {/* The user menu: name, e-mail and a Sign out action. */}
            {user && <UserMenu user={user} detail="email" signOutLabel="Sign out" onSignOut={() => void onSignOut()} />}
          </div>
        </div>
      </header>
      <main className="mx-auto w-full min-w-0 max-w-7xl flex-1 px-4 py-6">
        <Outlet />
      </main>
      <footer className="border-t border-slate-200 py-4 text-center text-xs text-slate-500 dark:border-slate-800 dark:text-slate-400">
        © {YEAR} {shopConfig.name} · Back office
      </footer>
    </div>
  );
}
