import { Pencil } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation } from '@/lib/router';
import { Avatar } from '@/components/layout/avatar';
import { Button, buttonClass } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { useMyOrders } from '@/features/orders/api';
import { StatusBadge } from '@/features/orders/components/status-badge';
import { EditProfile } from '@/features/profile/components/edit-profile';
import { SavedDetailsCard } from '@/features/profile/components/saved-details';
import { useUser } from '@/lib/auth';
import { useAccountText } from '../../i18n/account';
import { documentNameText, useWordsText } from '@/lib/i18n/words';
import { formatDate, formatRupees } from '@/lib/format';

/** /profile (and /profile/edit): the account and the three most recent orders. */
export default function ProfilePage() {
  const { data: user } = useUser();
  const t = useAccountText();
  useWordsText();
  const location = useLocation();
  const [editing, setEditing] = useState(location.pathname === paths.profileEdit);
  const { data, isPending } = useMyOrders({ limit: 3 });
  if (!user) return null;
  const recent = data?.items ?? [];
  const more = Math.max(0, (data?.total ?? 0) - recent.length);

  return (
    <div className="mx-auto max-w-4xl space-y-6 px-4 py-8">
      <Card>
        <CardContent className="flex flex-col gap-4 pt-5 sm:flex-row sm:items-center">
          <Avatar name={user.name} className="h-16 w-16 text-xl" />
          <div className="flex-1">
            {editing ? (
              <EditProfile name={user.name} onDone={() => setEditing(false)} />
            ) : (
              <>
                <h1 className="text-2xl font-bold">{user.name}</h1>
                <p className="text-slate-600 dark:text-slate-400">{user.email}</p>
                <p className="text-sm text-slate-500 dark:text-slate-400">
                  {t('profile.memberSince', { date: formatDate(user.created_at) })}
                </p>
              </>
            )}
          </div>
          {!editing && (
            <Button variant="outline" onClick={() => setEditing(true)}>
              <Pencil className="h-4 w-4" aria-hidden /> {t('profile.edit')}
            </Button>
          )}
        </CardContent>
      </Card>

      <SavedDetailsCard />
      <Card>
        <CardHeader className="flex-row items-center justify-between">
          <CardTitle>{t('profile.recent')}</CardTitle>
        </CardHeader>
        <CardContent>
          {isPending ? (
            <p className="text-slate-500 dark:text-slate-400">{t('profile.loading')}</p>
          ) : recent.length === 0 ? (
            <div className="py-6 text-center">
              <p className="text-slate-500 dark:text-slate-400">{t('profile.none')}</p>
              <Link to={paths.services} className={buttonClass('default', 'default', 'mt-3')}>
                {t('profile.start')}
              </Link>
            </div>
          ) : (
            <ul className="divide-y divide-slate-100 dark:divide-slate-800">
              {recent.map((o) => (
                <li key={o.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
                  <div className="min-w-0">
                    <Link
                      to={paths.orderTracking(o.order_number)}
                      className="inline-block py-2 -my-1 font-mono text-sm font-medium text-brand-700 hover:underline dark:text-brand-500"
                    >
                      {o.order_number}
                    </Link>
                    <p className="truncate text-sm text-slate-600 dark:text-slate-400">
                      {o.documents.map((d) => documentNameText(d)).join(', ')} · {formatDate(o.created_at)}
                    </p>
                  </div>
                  <div className="flex items-center gap-3">
                    <span className="text-sm font-semibold">{formatRupees(o.total_amount)}</span>
                    <StatusBadge status={o.status} deliveryType={o.delivery_type} />
                  </div>
                </li>
              ))}
            </ul>
          )}
          <div className="mt-4 flex flex-wrap items-center gap-3">
            {more > 0 && (
              <Link
                to={paths.orderHistory}
                className="inline-block py-2 text-sm font-medium text-brand-700 hover:underline dark:text-brand-500"
              >
                {t('profile.more', { count: more })}
              </Link>
            )}
            <Link to={paths.orderHistory} className={buttonClass('outline', 'sm')}>
              {t('profile.all')}
            </Link>
          </div>
        </CardContent>
      </Card>
    </div>
  );
}
