import { lazy, Suspense } from 'react';
import { CustomerLayout } from '@/components/layout/customer-layout';
import { FullScreenSpinner } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { useLocation, usePathMatcher } from '@/lib/router';
// The landing page is in the first bundle (about 3.5 KB gzip): a visitor sees it on the first render, not after a spinner.
import HomePage from './routes/public/home';
import { AdminToDashboard, RedirectIfSignedIn, RequireAdmin, RequireStaff, RequireUser } from './guards';
import { notFound, screen, Screens, type Screen } from './screens';

const customerScreens: Screen[] = [
  {
    path: paths.home,
    element: (
      <AdminToDashboard>
        <HomePage />
      </AdminToDashboard>
    ),
  },
  screen(paths.login, () => import('./routes/public/login'), RedirectIfSignedIn),
  screen(paths.register, () => import('./routes/public/register'), RedirectIfSignedIn),
  screen(paths.forgotPassword, () => import('./routes/public/forgot-password'), RedirectIfSignedIn),
  screen('/auth/reset-password', () => import('./routes/public/reset-password')),
  screen(paths.resetPassword(), () => import('./routes/public/reset-password')),
  screen(paths.terms, () => import('./routes/public/terms')),
  screen(paths.privacy, () => import('./routes/public/privacy')),
  screen(paths.refund, () => import('./routes/public/refund')),
  screen(paths.profile, () => import('./routes/customer/profile'), RequireUser),
  screen(paths.profileEdit, () => import('./routes/customer/profile'), RequireUser),
  screen(paths.dashboard, () => import('./routes/customer/dashboard'), RequireUser),
  screen(paths.services, () => import('./routes/customer/services'), RequireUser),
  screen(paths.serviceCategory(), () => import('./routes/customer/service-category'), RequireUser),
  screen(paths.orderCreate(), () => import('./routes/customer/order-create'), RequireUser),
  screen(paths.delivery, () => import('./routes/customer/delivery'), RequireUser),
  screen(paths.order(), () => import('./routes/customer/order-tracking'), RequireUser),
  screen(paths.orderTracking(), () => import('./routes/customer/order-tracking'), RequireUser),
  screen(paths.orderConfirmation(), () => import('./routes/customer/order-confirmation'), RequireUser),
  screen(paths.orderHistory, () => import('./routes/customer/order-history'), RequireUser),
  screen(paths.storageTest, () => import('./routes/customer/storage-test')),
  screen(paths.adminLogin, () => import('./routes/admin/admin-login')),
];
/** The counter's sign-in page has no customer header or footer. */
const staffLogin = screen(paths.staffLogin, () => import('./routes/staff/staff-login'));

/** The back office and the counter bring their own route tables: a customer's first page carries neither. */
const loadAdminArea = () => import('./routes/admin/admin-area');
const loadStaffArea = () => import('./routes/staff/staff-area');
const AdminArea = lazy(loadAdminArea);
const StaffArea = lazy(loadStaffArea);

/**
 * An area's chunk and, as soon as it is in, the chunk of the screen the address shows: both while the guard still
 * asks who is signed in, rather than the screen's after the answer (a counter PC opening its queue waited for both).
 */
function fetchArea(
  load: () => Promise<{ screens: Screen[] }>,
  pathname: string,
  matches: (pattern: string, pathname: string) => boolean,
) {
  void load()
    .then((area) => area.screens.find((s) => matches(s.path, pathname))?.load?.())
    .catch(() => {});
}

const customerArea = (
  <CustomerLayout>
    <Screens screens={customerScreens} fallback={notFound.element} />
  </CustomerLayout>
);
const adminArea = (
  <RequireAdmin>
    <Suspense fallback={<FullScreenSpinner />}>
      <AdminArea />
    </Suspense>
  </RequireAdmin>
);
const staffArea = (
  <RequireStaff>
    <Suspense fallback={<FullScreenSpinner />}>
      <StaffArea />
    </Suspense>
  </RequireStaff>
);

/**
 * The app's screens by address, in three areas: the admin's ('/admin' and below, but its sign-in page), the counter's
 * ('/staff-login', '/staff' and below) and the customer's (everything else, with the not-found page). The chunk of what the address
 * shows is fetched at once, in parallel with the sign-in check of its guard.
 */
export function AppRoutes() {
  const { pathname } = useLocation();
  const matches = usePathMatcher();
  if (matches('/admin/*?', pathname) && !matches(paths.adminLogin, pathname)) {
    fetchArea(loadAdminArea, pathname, matches);
    return adminArea;
  }
  if (matches(paths.staffLogin, pathname)) {
    void staffLogin.load?.().catch(() => {});
    return staffLogin.element;
  }
  if (matches('/staff/*?', pathname)) {
    fetchArea(loadStaffArea, pathname, matches);
    return staffArea;
  }
  void customerScreens
    .find((s) => matches(s.path, pathname))
    ?.load?.()
    .catch(() => {});
  return customerArea;
}
