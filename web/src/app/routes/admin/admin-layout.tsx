import { LogOut, Printer } from 'lucide-react';
import { NavLink, Outlet, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useLiveOrders } from '@/features/live/use-live-orders';
import { useSignOut, useUser } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { shopConfig } from '@/lib/shop-config';

const YEAR = new Date().getFullYear();
const LINKS = [
  { to: paths.adminDashboard, label: 'Dashboard' },
  { to: paths.adminOrders, label: 'Orders' },
  { to: paths.adminServices, label: 'Services' },
  { to: paths.adminStaff, label: 'Staff' },
  { to: paths.adminFileManager, label: 'Files' },
];

/** The admin area's own layout (no customer wrapper), with the live stream open for every admin screen. */
export default function AdminLayout() {
  const { data: user } = useUser();
  const signOut = useSignOut();
  const navigate = useNavigate();
  useLiveOrders();
  return (
    <div className="flex min-h-screen flex-col bg-slate-50 dark:bg-slate-950">
      <header className="sticky top-0 z-40 border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-3 px-4 py-2">
          <span className="flex items-center gap-2 font-bold">
            <Printer className="h-5 w-5 text-brand-700" aria-hidden /> {shopConfig.name} <span className="text-xs font-normal text-slate-500">Admin</span>
          </span>
          <nav className="order-3 flex w-full gap-1 overflow-x-auto sm:order-none sm:w-auto sm:flex-1" aria-label="Admin">
            {LINKS.map((l) => (
              <NavLink key={l.to} to={l.to} className={({ isActive }) => cn('whitespace-nowrap rounded-md px-3 py-1.5 text-sm font-medium', isActive ? 'bg-brand-50 text-brand-800 dark:bg-slate-800 dark:text-white' : 'text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800')}>
                {l.label}
              </NavLink>
            ))}
          </nav>
          <div className="ml-auto flex items-center gap-3 text-right text-sm">
            <div className="hidden sm:block">
              <p className="font-medium leading-tight">{user?.name}</p>
              <p className="text-xs text-slate-500">{user?.email}</p>
            </div>
            <Button
              variant="outline"
              size="sm"
              onClick={async () => {
                await signOut();
                navigate(paths.home);
              }}
            >
              <LogOut className="h-4 w-4" aria-hidden /> Sign out
            </Button>
          </div>
        </div>
      </header>
      <main className="mx-auto w-full max-w-7xl flex-1 px-4 py-6">
        <Outlet />
      </main>
      <footer className="border-t border-slate-200 py-4 text-center text-xs text-slate-500 dark:border-slate-800">
        © {YEAR} {shopConfig.name} · Back office
      </footer>
    </div>
  );
}
