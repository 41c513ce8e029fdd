import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { Outlet, useRoutes, type RouteObject } from 'react-router';
import { CustomerLayout } from '@/components/layout/customer-layout';
import { FullScreenSpinner } from '@/components/ui/card';
import { paths } from '@/config/paths';
// The landing page is in the first bundle (about 3.5 KB gzip): a visitor sees it on the first render, not after a spinner.
import HomePage from './routes/public/home';
import { AdminToDashboard, RedirectIfSignedIn, RequireAdmin, RequireStaff, RequireUser } from './guards';

/** Every screen is its own chunk: the back office never loads into a customer's first page. */
function page(load: () => Promise<{ default: ComponentType }>) {
  const Component = lazy(load);
  return (
    <Suspense fallback={<FullScreenSpinner />}>
      <Component />
    </Suspense>
  );
}
const guard = (G: ComponentType<{ children: ReactNode }>, el: ReactNode) => <G>{el}</G>;

const AdminLayout = lazy(() => import('./routes/admin/admin-layout'));

const routes: RouteObject[] = [
  {
    element: <CustomerLayout />,
    children: [
      { path: paths.home, element: guard(AdminToDashboard, <HomePage />) },
      {
        path: paths.login,
        element: guard(
          RedirectIfSignedIn,
          page(() => import('./routes/public/login')),
        ),
      },
      {
        path: paths.register,
        element: guard(
          RedirectIfSignedIn,
          page(() => import('./routes/public/register')),
        ),
      },
      {
        path: paths.forgotPassword,
        element: guard(
          RedirectIfSignedIn,
          page(() => import('./routes/public/forgot-password')),
        ),
      },
      { path: '/auth/reset-password', element: page(() => import('./routes/public/reset-password')) },
      { path: paths.resetPassword(), element: page(() => import('./routes/public/reset-password')) },
      { path: paths.terms, element: page(() => import('./routes/public/terms')) },
      { path: paths.privacy, element: page(() => import('./routes/public/privacy')) },
      { path: paths.refund, element: page(() => import('./routes/public/refund')) },
      {
        path: paths.profile,
        element: guard(
          RequireUser,
          page(() => import('./routes/customer/profile')),
        ),
      },
      {
        path: paths.profileEdit,
        element: guard(
          RequireUser,
          page(() => import('./routes/customer/profile')),
        ),
      },
      {
        path: paths.dashboard,
        element: guard(
          RequireUser,
          page(() => import('./routes/customer/dashboard')),
        ),
      },
      {
        path: paths.services,
        element: guard(
          RequireUser,
          page(() => import('./routes/customer/services')),
        ),
      },
      {
        path: paths.serviceCategory(),
        element: guard(
          RequireUser,
          page(() => import('./routes/customer/service-category')),
        ),
      },
      {
        path: paths.orderCreate(),
        element: guard(
          RequireUser,
          page(() => import('./routes/customer/order-create')),
        ),
      },
      {
        path: paths.delivery,
        element: guard(
          RequireUser,
          page(() => import('./routes/customer/delivery')),
        ),
      },
      {
        path: paths.order(),
        element: guard(
          RequireUser,
          page(() => import('./routes/customer/order-tracking')),
        ),
      },
      {
        path: paths.orderTracking(),
        element: guard(
          RequireUser,
          page(() => import('./routes/customer/order-tracking')),
        ),
      },
      {
        path: paths.orderConfirmation(),
        element: guard(
          RequireUser,
          page(() => import('./routes/customer/order-confirmation')),
        ),
      },
      {
        path: paths.orderHistory,
        element: guard(
          RequireUser,
          page(() => import('./routes/customer/order-history')),
        ),
      },
      { path: paths.storageTest, element: page(() => import('./routes/customer/storage-test')) },
      { path: paths.adminLogin, element: page(() => import('./routes/admin/admin-login')) },
      { path: '*', element: page(() => import('./routes/public/not-found')) },
    ],
  },
  {
    path: '/admin',
    element: guard(
      RequireAdmin,
      <Suspense fallback={<FullScreenSpinner />}>
        <AdminLayout />
      </Suspense>,
    ),
    children: [
      { index: true, element: page(() => import('./routes/admin/dashboard')) },
      { path: 'dashboard', element: page(() => import('./routes/admin/dashboard')) },
      { path: 'orders', element: page(() => import('./routes/admin/orders')) },
      { path: 'services', element: page(() => import('./routes/admin/services')) },
      { path: 'new-service', element: page(() => import('./routes/admin/service-form')) },
      { path: 'services/new', element: page(() => import('./routes/admin/service-form')) },
      { path: 'services/edit/:id', element: page(() => import('./routes/admin/service-form')) },
      { path: 'services/:id', element: page(() => import('./routes/admin/service-form')) },
      { path: 'file-manager', element: page(() => import('./routes/admin/file-manager')) },
      { path: 'staff', element: page(() => import('./routes/admin/staff')) },
      { path: 'printers', element: page(() => import('./routes/admin/printers')) },
      { path: 'reports', element: page(() => import('./routes/admin/reports')) },
      { path: 'walk-in', element: page(() => import('./routes/admin/walk-in')) },
    ],
  },
  { path: paths.staffLogin, element: page(() => import('./routes/staff/staff-login')) },
  {
    path: '/staff',
    element: <Outlet />,
    children: [
      {
        index: true,
        element: guard(
          RequireStaff,
          page(() => import('./routes/staff/staff-dashboard')),
        ),
      },
      {
        path: 'dashboard',
        element: guard(
          RequireStaff,
          page(() => import('./routes/staff/staff-dashboard')),
        ),
      },
      {
        path: 'walk-in',
        element: guard(
          RequireStaff,
          page(() => import('./routes/staff/walk-in')),
        ),
      },
      {
        path: '*',
        element: guard(
          RequireStaff,
          page(() => import('./routes/staff/staff-dashboard')),
        ),
      },
    ],
  },
];

/** Declarative routing (BrowserRouter + useRoutes): the data-router machinery is not needed and stays out of the first page. */
export function AppRoutes() {
  return useRoutes(routes);
}
