import { Link } from 'react-router';
import { buttonClass } from '@/components/ui/button';
import { Card, Skeleton } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { useStats } from '@/features/admin/api';

/** Admin dashboard: counts from aggregate queries, quick links. */
export default function AdminDashboardPage() {
  const { data, isPending } = useStats();
  const cards: Array<[string, number | string | undefined]> = [
    ['Total orders', data?.total],
    ['Home delivery', data?.delivery],
    ['Shop pickup', data?.pickup],
    ['Processing', data?.processing],
    ['Completed', data?.completed],
    ['Active services', data ? `${data.services.active} / ${data.services.total}` : undefined],
  ];
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold">Dashboard</h1>
      <div className="grid grid-cols-2 gap-4 md:grid-cols-3">
        {cards.map(([label, value]) => (
          <Card key={label} className="p-5">
            <p className="text-sm text-slate-500">{label}</p>
            {isPending ? <Skeleton className="mt-2 h-8 w-16" /> : <p className="mt-1 text-3xl font-bold" data-testid={`stat-${label}`}>{value ?? 0}</p>}
          </Card>
        ))}
      </div>
      <div className="flex flex-wrap gap-3">
        <Link to={`${paths.adminOrders}?filter=delivery`} className={buttonClass()}>Home delivery orders</Link>
        <Link to={`${paths.adminOrders}?filter=pickup`} className={buttonClass()}>Pickup orders</Link>
        <Link to={paths.adminServices} className={buttonClass('outline')}>Manage services</Link>
        <Link to={paths.adminStaff} className={buttonClass('outline')}>Manage staff</Link>
      </div>
    </div>
  );
}
