import { expect, test } from './support/fixtures';

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
