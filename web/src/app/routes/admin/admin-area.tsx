import { paths } from '@/config/paths';
import { notFound, screen, Screens } from '../../screens';
import AdminLayout from './admin-layout';

/** The admin's screens, in the admin layout (the admin's sign-in page, '/admin/login', is a customer-layout page). */
export const screens = [
  screen('/admin', () => import('./dashboard')),
  screen(paths.adminDashboard, () => import('./dashboard')),
  screen(paths.adminOrders, () => import('./orders')),
  screen(paths.adminServices, () => import('./services')),
  screen(paths.adminNewService, () => import('./service-form')),
  screen(paths.adminServicesNew, () => import('./service-form')),
  screen(paths.adminServiceEdit(), () => import('./service-form')),
  screen(paths.adminServiceEditShort(), () => import('./service-form')),
  screen(paths.adminFileManager, () => import('./file-manager')),
  screen(paths.adminStaff, () => import('./staff')),
  screen(paths.adminPrinters, () => import('./printers')),
  screen(paths.adminReports, () => import('./reports')),
  screen(paths.adminWalkIn, () => import('./walk-in')),
];

/** '/admin' and below: the back office's own chunk, with its route table (app/router.tsx guards it). */
export default function AdminArea() {
  return (
    <AdminLayout>
      <Screens screens={screens} fallback={notFound.element} />
    </AdminLayout>
  );
}
