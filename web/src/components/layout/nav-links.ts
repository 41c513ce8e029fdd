import type { PublicUser } from '@shop/shared/auth/schemas';
import { paths } from '@/config/paths';
import { commonText } from '@/lib/i18n/common';

export interface NavLinkItem {
  to: string;
  label: string;
}

/** The top bar's links (in the language on screen: callers render with useCommonText) for who is looking: customers, the admin, or nobody (those get the sign-in buttons). */
export function navLinksFor(user: PublicUser | null | undefined): NavLinkItem[] {
  if (!user) return [];
  if (user.role === 'admin') {
    return [
      { to: paths.adminDashboard, label: commonText('nav.dashboard') },
      { to: paths.adminOrders, label: commonText('nav.orders') },
      { to: paths.adminServices, label: commonText('nav.services') },
    ];
  }
  return [
    { to: paths.services, label: commonText('nav.services') },
    { to: paths.profile, label: commonText('nav.myOrders') },
    { to: paths.orderHistory, label: commonText('nav.history') },
  ];
}

export const roleLabel = (user: PublicUser) => commonText(user.role === 'admin' ? 'role.admin' : 'role.customer');
