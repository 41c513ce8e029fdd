import { paths } from '@/config/paths';
import { useWalkInTexts, WalkInScreen } from '@/features/walk-in';

/** The admin takes a walk-in order too (the counter's form, inside the admin layout). */
export default function AdminWalkInPage() {
  const T = useWalkInTexts();
  return (
    <div className="space-y-4">
      <div>
        <h1 className="text-2xl font-bold">{T.title}</h1>
        <p className="text-sm text-slate-600 dark:text-slate-400">{T.subtitle}</p>
      </div>
      <WalkInScreen queuePath={paths.adminOrders} />
    </div>
  );
}
