/** Every route path of the web app, in one table. */
export const paths = {
  home: '/',
  login: '/auth/login',
  register: '/auth/register',
  forgotPassword: '/auth/forgot-password',
  resetPassword: (token = ':token') => `/auth/reset-password/${token}`,
  terms: '/terms-conditions',
  privacy: '/privacy-policy',
  refund: '/cancellation-refund',
  profile: '/profile',
  profileEdit: '/profile/edit',
  dashboard: '/dashboard',
  services: '/services',
  serviceCategory: (category = ':category') => `/services/${category}`,
  orderCreate: (id: string | number = ':id') => `/order-create/${id}`,
  delivery: '/delivery',
  order: (orderNumber = ':orderNumber') => `/order/${orderNumber}`,
  orderTracking: (orderNumber = ':orderNumber') => `/order-tracking/${orderNumber}`,
  orderConfirmation: (orderNumber = ':orderNumber') => `/order-confirmation/${orderNumber}`,
  orderHistory: '/order-history',
  storageTest: '/storage-test',
  adminLogin: '/admin/login',
  adminDashboard: '/admin/dashboard',
  adminOrders: '/admin/orders',
  adminServices: '/admin/services',
  adminNewService: '/admin/new-service',
  adminServicesNew: '/admin/services/new',
  adminServiceEdit: (id: string | number = ':id') => `/admin/services/edit/${id}`,
  adminServiceEditShort: (id: string | number = ':id') => `/admin/services/${id}`,
  adminFileManager: '/admin/file-manager',
  adminStaff: '/admin/staff',
  adminPrinters: '/admin/printers',
  adminReports: '/admin/reports',
  adminWalkIn: '/admin/walk-in',
  staffLogin: '/staff-login',
  staffDashboard: '/staff/dashboard',
  staffWalkIn: '/staff/walk-in',
} as const;

/** Where to send someone to sign in, keeping where they wanted to go. */
export function loginWithRedirect(target: string): string {
  return `${paths.login}?redirectTo=${encodeURIComponent(target)}`;
}

/** Only same-site paths are followed after sign-in (no open redirect). */
export function safeRedirect(target: string | null | undefined, fallback = '/'): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.includes('\\')) return fallback;
  return target;
}
