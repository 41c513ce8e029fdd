import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useQuery } from '@tanstack/react-query';
import { ChevronDown, LogOut, Printer } from 'lucide-react';
import { NavLink, Outlet, useNavigate } from 'react-router';
import { Avatar } from '@/components/layout/avatar';
import { ScrollToTop } from '@/components/layout/scroll-to-top';
import { menuContentClass, menuItemClass, ThemeMenu } from '@/components/layout/theme-menu';
import { paths } from '@/config/paths';
import { useLiveOrders } from '@/features/live/use-live-orders';
import { currentUserQueryOptions, useSignOut } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { shopConfig } from '@/lib/shop-config';

const YEAR = new Date().getFullYear();
const USER_POLL_MS = 30_000;
const LINKS = [
  { to: paths.adminDashboard, label: 'Dashboard' },
  { to: paths.adminOrders, label: 'Orders' },
  { to: paths.adminServices, label: 'Services' },
  { to: paths.adminStaff, label: 'Staff' },
  { to: paths.adminFileManager, label: 'Files' },
];

/** The admin area's own layout (no customer wrapper), with the live stream open for every admin screen. */
export default function AdminLayout() {
  // Spec §7: the signed-in user is checked every 30 s; a session ended elsewhere lands on the admin sign-in.
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
          <nav className="order-3 -mx-1 flex w-full gap-0.5 overflow-x-auto md:order-none md:mx-0 md:w-auto md:flex-1 md:gap-1" aria-label="Admin">
            {LINKS.map((l) => (
              <NavLink
                key={l.to}
                to={l.to}
                className={({ isActive }) =>
                  cn(
                    'flex h-10 items-center whitespace-nowrap rounded-md px-2.5 text-sm font-medium md:h-9 md:px-3',
                    isActive ? 'bg-brand-50 text-brand-800 dark:bg-slate-800 dark:text-white' : 'text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800',
                  )
                }
              >
                {l.label}
              </NavLink>
            ))}
          </nav>
          <div className="ml-auto flex items-center gap-1">
            <ThemeMenu />
            {user && (
              <DropdownMenu.Root modal={false}>
                <DropdownMenu.Trigger
                  aria-label={`Account menu for ${user.name}`}
                  className="flex items-center gap-2 rounded-full py-1 pl-1 pr-2 hover:bg-slate-100 dark:hover:bg-slate-800"
                >
                  <Avatar name={user.name} className="h-8 w-8 text-xs" />
                  <span className="hidden text-left leading-tight lg:block">
                    <span className="block max-w-40 truncate text-sm font-medium">{user.name}</span>
                    <span className="block max-w-48 truncate text-xs text-slate-500 dark:text-slate-400">{user.email}</span>
                  </span>
                  <ChevronDown className="h-4 w-4 text-slate-500" aria-hidden />
                </DropdownMenu.Trigger>
                <DropdownMenu.Portal>
                  <DropdownMenu.Content align="end" sideOffset={6} className={menuContentClass}>
                    <div className="px-2.5 py-2">
                      <p className="truncate font-medium">{user.name}</p>
                      <p className="truncate text-xs text-slate-500 dark:text-slate-400">{user.email}</p>
                    </div>
                    <DropdownMenu.Separator className="my-1 h-px bg-slate-200 dark:bg-slate-800" />
                    <DropdownMenu.Item className={`${menuItemClass} text-red-600 dark:text-red-400`} onSelect={() => void onSignOut()}>
                      <LogOut className="h-4 w-4" aria-hidden />
                      Sign out
                    </DropdownMenu.Item>
                  </DropdownMenu.Content>
                </DropdownMenu.Portal>
              </DropdownMenu.Root>
            )}
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
