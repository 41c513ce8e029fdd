import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, useLocation } from '@/lib/router';
import { FullScreenSpinner } from '@/components/ui/card';
import { loginWithRedirect, paths } from '@/config/paths';
import { isAdmin, useStaff, useUser } from '@/lib/auth';

/** A signed-in customer's pages follow their own orders live (its code loads with the first such page). */
const MyOrdersLive = lazy(() =>
  import('@/features/live/use-my-orders-live').then(({ useMyOrdersLive }) => ({
    default: function MyOrdersLive() {
      useMyOrdersLive(true);
      return null;
    },
  })),
);

/** Signed-in customers (and the admin); signed-out visitors go to /auth/login?redirectTo=… */
export function RequireUser({ children }: { children: ReactNode }) {
  const { data: user, isPending } = useUser();
  const location = useLocation();
  if (isPending) return <FullScreenSpinner />;
  if (!user) return <Navigate to={loginWithRedirect(location.pathname + location.search)} replace />;
  return (
    <>
      {/* Tracking, history and the dashboard follow the customer's own orders as they change (not the admin's view). */}
      {!isAdmin(user) && (
        <Suspense fallback={null}>
          <MyOrdersLive />
        </Suspense>
      )}
      {children}
    </>
  );
}

/** Login, register and forgot-password: signed-in users go home (the admin to the admin dashboard). */
export function RedirectIfSignedIn({ children }: { children: ReactNode }) {
  const { data: user, isPending } = useUser();
  if (isPending) return <FullScreenSpinner />;
  if (user) return <Navigate to={isAdmin(user) ? paths.adminDashboard : paths.home} replace />;
  return <>{children}</>;
}

/** The home page sends the admin to the admin dashboard. */
export function AdminToDashboard({ children }: { children: ReactNode }) {
  const { data: user, isPending } = useUser();
  if (isPending) return <FullScreenSpinner />;
  if (isAdmin(user)) return <Navigate to={paths.adminDashboard} replace />;
  return <>{children}</>;
}

/** The admin area: no session goes to /admin/login, anyone else who is signed in goes to /. */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { data: user, isPending } = useUser();
  if (isPending) return <FullScreenSpinner />;
  if (!user) return <Navigate to={paths.adminLogin} replace />;
  if (!isAdmin(user)) return <Navigate to={paths.home} replace />;
  return <>{children}</>;
}

/** The staff area: no staff session goes to /staff-login. */
export function RequireStaff({ children }: { children: ReactNode }) {
  const { data: staff, isPending } = useStaff();
  if (isPending) return <FullScreenSpinner />;
  if (!staff) return <Navigate to={paths.staffLogin} replace />;
  return <>{children}</>;
}
