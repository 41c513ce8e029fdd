import {
  CalendarDays,
  ClipboardList,
  IndianRupee,
  Layers,
  Loader,
  PackageCheck,
  Store,
  Truck,
  Users,
} from 'lucide-react';
import { formatRupees } from '@/lib/format';
import { useDayReport } from '@/features/reports/api';
import { Link } from 'react-router';
import { buttonClass } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { useStats } from '@/features/admin/api';
import { CustomerAccounts } from '@/features/admin/components/customer-accounts';
import { BackupCard } from '@/features/backups/components/backup-card';
import { shopDay } from '@shop/shared/common/shop-clock';

/** Admin dashboard: counts from aggregate queries; every count opens the matching list. */
/** Today in India (the day report's days are IST calendar days). */
const istToday = () => shopDay(Date.now());

export default function AdminDashboardPage() {
  const { data, isPending, isError } = useStats();
  // Today's takings and orders beside the counts (decision 039): the owner's first question of the day.
  const today = useDayReport(istToday());
  const day = today.data;
  const cards = [
    { label: 'Total orders', value: data?.total, to: paths.adminOrders, Icon: ClipboardList },
    { label: 'Home delivery', value: data?.delivery, to: `${paths.adminOrders}?filter=delivery`, Icon: Truck },
    { label: 'Shop pickup', value: data?.pickup, to: `${paths.adminOrders}?filter=pickup`, Icon: Store },
    { label: 'Processing', value: data?.processing, to: `${paths.adminOrders}?status=processing`, Icon: Loader },
    { label: 'Completed', value: data?.completed, to: `${paths.adminOrders}?status=completed`, Icon: PackageCheck },
    {
      label: 'Active services',
      value: data ? `${data.services.active} / ${data.services.total}` : undefined,
      to: paths.adminServices,
      Icon: Layers,
    },
  ];
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-bold">Dashboard</h1>
        {data && data.new > 0 && (
          <Link
            to={`${paths.adminOrders}?status=new`}
            className="rounded-full bg-red-600 px-3 py-1 text-sm font-medium text-white hover:bg-red-700"
          >
            {data.new} new {data.new === 1 ? 'order' : 'orders'} waiting
          </Link>
        )}
      </div>
      {isError && <p className="text-sm text-red-600">Could not load the counts; retrying every 5 seconds.</p>}
      <div className="grid grid-cols-2 gap-3 sm:gap-4" data-testid="today">
        <Link
          to={paths.adminReports}
          className="rounded-xl border border-brand-100 bg-brand-50 p-4 shadow-sm hover:border-brand-500 sm:p-5 dark:border-slate-700 dark:bg-slate-900"
        >
          <p className="flex items-center gap-1.5 text-sm text-slate-600 dark:text-slate-400">
            <IndianRupee className="h-4 w-4 shrink-0" aria-hidden /> Revenue today
          </p>
          {day ? (
            <p className="mt-1 text-2xl font-bold sm:text-3xl" data-testid="today-revenue">
              {formatRupees(day.revenue)}
            </p>
          ) : (
            <Skeleton className="mt-2 h-8 w-24" />
          )}
          {day && day.refunds.count > 0 && (
            <p className="text-xs text-slate-600 dark:text-slate-400">
              {formatRupees(day.refunds.amount)} refunded today
            </p>
          )}
        </Link>
        <Link
          to={paths.adminReports}
          className="rounded-xl border border-brand-100 bg-brand-50 p-4 shadow-sm hover:border-brand-500 sm:p-5 dark:border-slate-700 dark:bg-slate-900"
        >
          <p className="flex items-center gap-1.5 text-sm text-slate-600 dark:text-slate-400">
            <CalendarDays className="h-4 w-4 shrink-0" aria-hidden /> Orders today
          </p>
          {day ? (
            <p className="mt-1 text-2xl font-bold sm:text-3xl" data-testid="today-orders">
              {day.orders.toLocaleString('en-IN')}
            </p>
          ) : (
            <Skeleton className="mt-2 h-8 w-16" />
          )}
          {day && day.stillOpen > 0 && (
            <p className="text-xs text-slate-600 dark:text-slate-400">{day.stillOpen} still to hand over</p>
          )}
        </Link>
      </div>
      <div className="grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3">
        {cards.map(({ label, value, to, Icon }) => (
          <Link
            key={label}
            to={to}
            className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm transition-colors hover:border-brand-500 hover:bg-brand-50/40 sm:p-5 dark:border-slate-800 dark:bg-slate-900 dark:hover:border-slate-600 dark:hover:bg-slate-800"
          >
            <p className="flex items-center gap-1.5 text-sm text-slate-500 dark:text-slate-400">
              <Icon className="h-4 w-4 shrink-0" aria-hidden /> {label}
            </p>
            {isPending ? (
              <Skeleton className="mt-2 h-8 w-16" />
            ) : (
              <p className="mt-1 text-2xl font-bold sm:text-3xl" data-testid={`stat-${label}`}>
                {value ?? 0}
              </p>
            )}
          </Link>
        ))}
      </div>
      <div className="grid grid-cols-2 gap-3 sm:flex sm:flex-wrap">
        <Link to={`${paths.adminOrders}?filter=delivery`} className={buttonClass('default', 'default', 'h-11 sm:h-10')}>
          <Truck className="h-4 w-4" aria-hidden /> Delivery orders
        </Link>
        <Link to={`${paths.adminOrders}?filter=pickup`} className={buttonClass('default', 'default', 'h-11 sm:h-10')}>
          <Store className="h-4 w-4" aria-hidden /> Pickup orders
        </Link>
        <Link to={paths.adminServices} className={buttonClass('outline', 'default', 'h-11 sm:h-10')}>
          <Layers className="h-4 w-4" aria-hidden /> Services
        </Link>
        <Link to={paths.adminStaff} className={buttonClass('outline', 'default', 'h-11 sm:h-10')}>
          <Users className="h-4 w-4" aria-hidden /> Staff
        </Link>
      </div>
      <BackupCard />
      <CustomerAccounts />
    </div>
  );
}
