import fs from 'node:fs';
import path from 'node:path';
import {
  ADMIN,
  e2eDataDir,
  expect,
  expectNoSidewaysScroll,
  registerCustomer,
  signOut,
  test,
  uniqueEmail,
} from './support/fixtures';

/** The reset link in the newest mail of the e2e server's outbox addressed to `email`. */
async function resetLinkFor(email: string): Promise<string> {
  const dir = path.join(e2eDataDir(), 'outbox');
  let link: string | undefined;
  await expect
    .poll(() => {
      if (!fs.existsSync(dir)) return undefined;
      const newestFirst = fs
        .readdirSync(dir)
        .filter((f) => f.endsWith('.eml'))
        .sort()
        .reverse();
      for (const f of newestFirst) {
        const mail = fs.readFileSync(path.join(dir, f), 'utf8');
        if (!mail.includes(`To: ${email}`)) continue;
        link = mail.match(/https?:\/\/[^\s]+\/auth\/reset-password\/[A-Za-z0-9_-]+/)?.[0];
        if (link) return link;
      }
      return undefined;
    })
    .toBeTruthy();
  return new URL(link!).pathname;
}

test('a customer registers, signs out, resets a forgotten password and signs in with the new one @phone', async ({
  page,
  isMobile,
}) => {
  const email = uniqueEmail('journey');
  const password = 'Str0ng!Pass';
  const newPassword = 'N3w!Passw0rd';

  await page.goto('/');
  // On a phone the top bar's links sit behind the menu button.
  if (isMobile) await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('link', { name: 'Get Started' }).click();
  await expect(page.getByRole('heading', { name: 'Create an account' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.getByLabel('Full Name').fill('Padma Latha');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('weak');
  const meter = page.getByTestId('password-strength');
  await expect(meter).toContainText('Weak');
  await page.getByLabel('Password', { exact: true }).fill(password);
  await expect(meter).toContainText('Strong');
  await page.getByLabel('Confirm Password').fill(password);

  // Without the three policies, no account.
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Policy Acceptance Required')).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/register$/);

  await page.getByLabel('I accept the Terms & Conditions').check();
  await page.getByLabel('I accept the Privacy Policy').check();
  await page.getByLabel('I accept the Cancellation & Refund Policy').check();
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Your account has been created successfully.')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  // The chip (the phone menu's card) shows who is signed in, as a customer; sign out from there.
  if (isMobile) {
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.locator('#mobile-menu')).toContainText('Padma Latha');
    await expect(page.locator('#mobile-menu')).toContainText('Customer');
    await page.getByRole('button', { name: 'Close menu' }).click();
  } else {
    const chip = page.getByRole('button', { name: /Account menu for Padma Latha/ });
    await expect(chip).toBeVisible();
    await expect(chip).toContainText('Customer');
  }
  await signOut(page, isMobile);
  await expect(page.getByRole('status').filter({ hasText: 'Signed out' })).toBeVisible();
  if (isMobile) await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('link', { name: 'Sign In', exact: true })).toBeVisible();

  // Forgot password.
  await page.goto('/auth/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { name: 'Forgot Password' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByRole('heading', { name: 'Email Sent' })).toBeVisible();
  await expect(page.getByText('Check your spam or junk folder.')).toBeVisible();

  // The link from the mail sets a new password, then the page goes to sign in by itself.
  await page.goto(await resetLinkFor(email));
  await expect(page.getByRole('heading', { name: 'Reset Password' })).toBeVisible();
  await page.getByLabel('New Password').fill(newPassword);
  await page.getByLabel('Confirm Password').fill(newPassword);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByRole('heading', { name: 'Password Reset Successful' })).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/login$/);
  await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();

  // The old password is refused with the server's message, the new one works.
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByText('Login failed')).toBeVisible();
  await expect(page.getByText('Invalid email or password')).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Welcome, Padma Latha', exact: true })).toBeVisible();
});

test('signing in returns to the page the visitor wanted', async ({ page, request }) => {
  const c = await registerCustomer(request, 'Redirect Person');
  await page.goto('/order-history');
  await expect(page).toHaveURL(/\/auth\/login\?redirectTo=%2Forder-history$/);
  await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
  await page.getByLabel('Email').fill(c.email);
  await page.getByLabel('Password', { exact: true }).fill(c.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/order-history$/);
});

test('a reset page without a valid link offers a new one', async ({ page }) => {
  await page.goto('/auth/reset-password');
  await expect(page.getByRole('heading', { name: 'Invalid or Expired Link' })).toBeVisible();
  await page.getByRole('link', { name: 'Request New Link' }).click();
  await expect(page).toHaveURL(/\/auth\/forgot-password$/);
});

test('the admin types the e-mail once on a new device; this browser then keeps it prefilled and locked', async ({
  page,
  request,
}) => {
  // The shop never publishes the admin's e-mail: not in the page, not in its configuration.
  expect(await (await request.get('/admin/login')).text()).not.toContain(ADMIN.email);
  expect(await (await request.get('/api/config')).text()).not.toContain(ADMIN.email);

  await page.goto('/admin/login');
  const email = page.getByLabel('Email');
  const password = page.getByLabel('Password', { exact: true });
  const submit = page.getByRole('button', { name: 'Sign In', exact: true });
  await expect(email).toHaveValue('');
  await expect(email).toBeEditable();
  await expect(page.getByText('This browser remembers it after you sign in.')).toBeVisible();
  await expect(submit).toBeDisabled();
  await email.fill(ADMIN.email);
  await password.fill('Wrong!Admin1');
  await submit.click();
  await expect(page.getByText('Invalid email or password')).toBeVisible();
  await password.fill(ADMIN.password);
  await submit.click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);

  // Signed out, the same browser: the e-mail is there and locked; only the password is typed.
  expect((await page.request.post('/api/auth/logout')).ok()).toBeTruthy();
  await page.goto('/admin/login');
  await expect(email).toHaveValue(ADMIN.email);
  await expect(email).not.toBeEditable();
  await expect(submit).toBeDisabled();
  await password.fill(ADMIN.password);
  await expect(submit).toBeEnabled();
  await submit.click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);

  // A different admin e-mail can still be typed on this browser.
  expect((await page.request.post('/api/auth/logout')).ok()).toBeTruthy();
  await page.goto('/admin/login');
  await page.getByRole('button', { name: 'Use a different e-mail' }).click();
  await expect(email).toBeEditable();
  await expect(email).toHaveValue('');
  await expect(email).toBeFocused();
  await email.fill('not-an-email');
  await password.fill(ADMIN.password);
  await submit.click();
  await expect(page.getByText('Invalid email format')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/login$/);
});

test('staff sign-in explains a short mobile number', async ({ page }) => {
  await page.goto('/staff-login');
  await page.getByLabel('Mobile Number').fill('98765');
  await page.getByLabel('Password', { exact: true }).fill('anything');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByText('Mobile number must be at least 10 digits')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Are you a customer? Sign in here' })).toHaveAttribute(
    'href',
    '/auth/login',
  );
});

test('policy pages lead back to registration', async ({ page }) => {
  for (const [url, title] of [
    ['/terms-conditions', 'Terms & Conditions'],
    ['/privacy-policy', 'Privacy Policy'],
    ['/cancellation-refund', 'Cancellation & Refund Policy'],
  ] as const) {
    await page.goto(url);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByText('Effective 20 May 2025')).toBeVisible();
  }
  await page.getByRole('link', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/auth\/register$/);
});
