import type { PublicUser } from '@shop/shared/auth/schemas';
import { paths } from '@/config/paths';

export interface NavLinkItem {
  to: string;
  label: string;
}

/** The top bar's links for who is looking: customers, the admin, or nobody (those get the sign-in buttons). */
export function navLinksFor(user: PublicUser | null | undefined): NavLinkItem[] {
  if (!user) return [];
  if (user.role === 'admin') {
    return [
      { to: paths.adminDashboard, label: 'Dashboard' },
      { to: paths.adminOrders, label: 'Orders' },
      { to: paths.adminServices, label: 'Services' },
    ];
  }
  return [
    { to: paths.services, label: 'Services' },
    { to: paths.profile, label: 'My Orders' },
    { to: paths.orderHistory, label: 'Order History' },
  ];
}

export const roleLabel = (user: PublicUser) => (user.role === 'admin' ? 'Administrator' : 'Customer');
