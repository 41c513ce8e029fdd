import { createStaff, placePaidOrder, signInStaff } from './support/back-office';
import {
  ADMIN,
  expect,
  expectIconsUnsqueezed,
  expectNoSidewaysScroll,
  expectThumbSizedTargets,
  loginAs,
  signedInCustomer,
  test,
} from './support/fixtures';
import { watchNetwork } from './support/quiet-network';

test('an unknown path shows Page Not Found', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
});

test('a signed-out visitor opening /profile is sent to sign in, keeping where they wanted to go', async ({ page }) => {
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/auth\/login\?redirectTo=%2Fprofile$/);
});

test('a visitor without a staff session is sent to /staff-login', async ({ page }) => {
  await page.goto('/staff/dashboard');
  await expect(page).toHaveURL(/\/staff-login$/);
});

test('a visitor opening the admin area is sent to /admin/login', async ({ page }) => {
  await page.goto('/admin/orders');
  await expect(page).toHaveURL(/\/admin\/login$/);
});

test('the customer screens fit the window, break no rule of the page security policy and, on a phone, every control is thumb-sized @phone', async ({
  page,
  isMobile,
  cspViolations,
}) => {
  // (Every journey also fails on a Content-Security-Policy violation: the cspViolations fixture.)
  const screens = ['/', '/auth/login', '/auth/register', '/auth/forgot-password', '/terms-conditions', '/no/such/page'];
  const signedIn = [
    '/?tab=services',
    '/?tab=about',
    '/?tab=contact',
    '/services',
    '/services/black_white_printing',
    '/order-history',
    '/profile',
    '/dashboard',
    '/storage-test',
  ];
  // 28 screens on the desktop (a tablet width too), each measured once quiet: over 30 s on a loaded 2-core machine.
  test.slow();
  const network = watchNetwork(page);
  const check = async (url: string) => {
    await page.goto(url);
    await expect(page.locator('main h1').first()).toBeVisible();
    // Measured once the page's data is in (a table filled with orders is wider than its loading text).
    await network.quiet();
    await expectNoSidewaysScroll(page);
    await expectIconsUnsqueezed(page);
    if (isMobile) await expectThumbSizedTargets(page);
  };
  for (const url of screens) await check(url);
  await signedInCustomer(page, 'Thumb Tester');
  // A real file name of the long kind students upload: it must wrap or be cut short, never widen the page.
  const { orderNumber } = await placePaidOrder(page.request, {
    deliveryType: 'delivery',
    fileName: 'Final_Year_Project_Report_Computer_Science_Department_Batch_2022_2026_v3.pdf',
  });
  // A pickup order of an ID card: its tracking holds the pickup code and the sensitive document's promise.
  const pickup = await placePaidOrder(page.request, { deliveryType: 'pickup', sensitive: true });
  const withOrder = [
    ...signedIn,
    `/order-tracking/${orderNumber}`,
    `/order-confirmation/${orderNumber}`,
    `/order-tracking/${pickup.orderNumber}`,
  ];
  for (const url of withOrder) await check(url);
  // A tablet in portrait: the desktop layout's first width, where tables and the top bar are tightest.
  if (!isMobile) {
    await page.setViewportSize({ width: 768, height: 1024 });
    for (const url of withOrder) await check(url);
  }
  expect(cspViolations).toEqual([]);
});

test('while payments are in test mode, every page says so: customer, admin and staff screens @phone', async ({
  page,
  browser,
  isMobile,
}, testInfo) => {
  const config = (await (await page.request.get('/api/config')).json()) as {
    payments: { provider: string; testMode: boolean };
  };
  expect(config.payments).toMatchObject({ provider: 'sandbox', testMode: true });
  const shot = async (name: string) =>
    page.screenshot({ path: testInfo.outputPath(`test-mode-${name}-${isMobile ? 390 : 1280}.png`) });
  const expectBand = async (url: string, heading: RegExp) => {
    await page.goto(url);
    await expect(page.getByRole('heading', { name: heading }).first()).toBeVisible();
    const band = page.getByRole('note').filter({ hasText: 'Test mode: no real payments' });
    await expect(band).toBeVisible();
    await expect(band).toBeInViewport();
    await expectNoSidewaysScroll(page);
  };

  await expectBand('/', /Sri Sai Xerox/);
  await shot('home');
  await expectBand('/staff-login', /Staff/);
  await signedInCustomer(page, 'Band Watcher');
  await expectBand('/services', /Services/);

  const clerk = await createStaff(browser, 'Band Clerk');
  await signInStaff(page, clerk);
  await expectBand('/staff/dashboard', /Orders|Counter|Dashboard/);
  await shot('staff');

  await page.request.post('/api/auth/logout');
  await loginAs(page, ADMIN.email, ADMIN.password);
  await expectBand('/admin/dashboard', /Dashboard/);
  await shot('admin');
});
