import type { Browser } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { createStaff, openCounter } from './support/back-office';

/**
 * At the counter the language belongs to the device (decision 039). A clerk switching his phone to Telugu must
 * not turn the counter PC Telugu at its next load; his account only suggests Telugu to a device that has no choice yet.
 */
async function counterOn(browser: Browser, clerk: { mobile: string; password: string }) {
  const ctx = await browser.newContext({ locale: 'en-IN' });
  const page = await ctx.newPage();
  await openCounter(page, clerk);
  return { ctx, page };
}

test('a clerk’s Telugu phone leaves the counter PC in English; a new device takes the clerk’s Telugu', async ({
  browser,
}) => {
  const clerk = await createStaff(browser, 'Srinu');
  const pc = await counterOn(browser, clerk);
  await expect(pc.page.getByRole('heading', { name: 'Staff Dashboard' })).toBeVisible();

  // On his phone he reads the counter in Telugu.
  const phone = await counterOn(browser, clerk);
  await expect(phone.page.getByRole('heading', { name: 'Staff Dashboard' })).toBeVisible();
  await phone.page.getByTestId('language-switch').click();
  await expect(phone.page.getByRole('heading', { name: 'స్టాఫ్ డాష్‌బోర్డ్' })).toBeVisible();
  await expect
    .poll(
      async () =>
        ((await (await phone.page.request.get('/api/auth/staff/me')).json()) as { language: string | null }).language,
    )
    .toBe('te');

  // The counter PC, next load (and its next refresh of who is signed in), stays as it was.
  await pc.page.reload();
  await expect(pc.page.getByRole('heading', { name: 'Staff Dashboard' })).toBeVisible();
  await expect(pc.page.locator('html')).toHaveAttribute('lang', 'en-IN');
  await pc.page.reload();
  await expect(pc.page.getByRole('heading', { name: 'Staff Dashboard' })).toBeVisible();

  // His phone keeps Telugu; a counter PC he signs in on for the first time takes it as a suggestion, and keeps it.
  await phone.page.reload();
  await expect(phone.page.getByRole('heading', { name: 'స్టాఫ్ డాష్‌బోర్డ్' })).toBeVisible();
  const fresh = await counterOn(browser, clerk);
  await expect(fresh.page.getByRole('heading', { name: 'స్టాఫ్ డాష్‌బోర్డ్' })).toBeVisible();
  // The PC goes back to English by its own switch: the phone is not touched.
  await pc.page.getByTestId('language-switch').click();
  await expect(pc.page.locator('html')).toHaveAttribute('lang', 'te-IN');
  await pc.page.getByTestId('language-switch').click();
  await expect(pc.page.locator('html')).toHaveAttribute('lang', 'en-IN');
  await phone.page.reload();
  await expect(phone.page.getByRole('heading', { name: 'స్టాఫ్ డాష్‌బోర్డ్' })).toBeVisible();
  await expect(phone.page.locator('html')).toHaveAttribute('lang', 'te-IN');
  for (const c of [pc, phone, fresh]) await c.ctx.close();
});
