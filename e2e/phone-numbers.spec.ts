import type { Locator, Page } from '@playwright/test';
import { createStaff } from './support/back-office';
import { expect, expectNoSidewaysScroll, registerCustomer, signedInCustomer, test } from './support/fixtures';
import { testPdf } from './support/pdfs';
import { continueToDelivery, continueToReview, expectUploaded } from './support/wizard';

/**
 * Phone numbers and pincodes (decision 039) as people in India type, paste and dictate them. Every such field
 * takes spaces, dashes, +91 and a leading 0, shows the number grouped ("93900 11223") and the shop keeps the digits.
 */

/** Pastes text into a field as a person does (the clipboard and Ctrl+V), not typed a key at a time. */
async function paste(page: Page, field: Locator, text: string) {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.evaluate((t) => navigator.clipboard.writeText(t), text);
  await field.click();
  await field.press('ControlOrMeta+a');
  await field.press('ControlOrMeta+v');
}

async function openWizard(page: Page, serviceName = 'Black & White Printing A4') {
  const services = (await (await page.request.get('/api/services')).json()) as Array<{ id: number; name: string }>;
  await page.goto(`/order-create/${services.find((s) => s.name === serviceName)!.id}`);
  await page.locator('#pdf').setInputFiles(testPdf('notes-a4-38p.pdf'));
  await expectUploaded(page, 'notes-a4-38p.pdf · 38 pages');
  await continueToReview(page);
  await continueToDelivery(page);
}

test('checkout takes the mobile and pincode as typed or pasted, groups them, and the order keeps the digits', async ({
  page,
}, testInfo) => {
  await signedInCustomer(page, 'Kalyani');
  await openWizard(page);

  // Pickup: a number typed as it is said stays whole and reads back grouped; a pasted +91 number loses its +91.
  await page.getByRole('button', { name: /Shop Pickup/ }).click();
  const pickup = page.getByLabel('Mobile number');
  await pickup.click();
  await pickup.pressSequentially('93900 11223');
  await expect(pickup).toHaveValue('93900 11223');
  await paste(page, pickup, '+91 70135 44444');
  await expect(pickup).toHaveValue('70135 44444');
  await expect(page.locator('#pickupMobile-error')).toHaveCount(0);
  // A number cut short is said when the field is left, not while it is typed.
  await pickup.fill('70135 4444');
  await expect(page.locator('#pickupMobile-error')).toHaveCount(0);
  await pickup.blur();
  await expect(page.locator('#pickupMobile-error')).toHaveText(
    'Please enter a valid 10-digit mobile number for self pickup',
  );
  await pickup.fill('070135-44444');
  await expect(page.locator('#pickupMobile-error')).toHaveCount(0);
  await pickup.blur();
  await expect(pickup).toHaveValue('70135 44444');

  // Home delivery: the pincode "522 002", the number with +91, its confirmation with a 0 and a dash.
  await page.getByRole('button', { name: /Home Delivery/ }).click();
  await expect(page.getByRole('heading', { name: '5. Delivery Details' })).toBeVisible();
  const address = page.getByLabel('Address');
  const mobile = page.getByLabel('Mobile number', { exact: true });
  // An empty field being typed in says nothing; leaving it empty says what it needs.
  await address.focus();
  await expect(page.locator('#address-error')).toHaveCount(0);
  await page.getByLabel('Door/Flat number').focus();
  await expect(page.locator('#address-error')).toHaveText('Address must be at least 5 characters');
  await expect(page.locator('#doorNumber-error')).toHaveCount(0);
  await address.fill('12 Lakshmipuram Main Road');
  await expect(page.locator('#address-error')).toHaveCount(0);
  await page.getByLabel('Door/Flat number').fill('4-5-6');
  const pincode = page.getByLabel('Pincode');
  await pincode.click();
  await pincode.pressSequentially('522 002');
  await expect(pincode).toHaveValue('522 002');
  await pincode.blur();
  await expect(pincode).toHaveValue('522002');
  await expect(page.locator('#pincode-error')).toHaveCount(0);
  await paste(page, mobile, '+91 93900 11223');
  await expect(mobile).toHaveValue('93900 11223');
  await page.getByLabel('Confirm mobile number').fill('093900-11223');
  await page.getByLabel('Confirm mobile number').blur();
  await expect(page.getByLabel('Confirm mobile number')).toHaveValue('93900 11223');
  await expect(page.locator('#confirmMobileNumber-error')).toHaveCount(0);
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: testInfo.outputPath('delivery-details.png'), fullPage: true, scale: 'css' });

  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page.getByTestId('sandbox-checkout')).toBeVisible();
  await page.getByTestId('sandbox-checkout').getByRole('button', { name: /^Pay / }).click();
  await expect(page).toHaveURL(/\/order-tracking\/PS-/);
  const orderNumber = decodeURIComponent(page.url().split('/').pop()!);
  const order = (await (await page.request.get(`/api/orders/${encodeURIComponent(orderNumber)}`)).json()) as {
    mobile_number: string;
    pincode: string;
  };
  expect(order).toMatchObject({ mobile_number: '9390011223', pincode: '522002' });

  // The number is remembered and offered grouped in the profile; a pasted one is saved as its digits.
  await page.goto('/profile');
  const saved = page.getByLabel('Mobile number');
  await expect(saved).toHaveValue('93900 11223');
  await paste(page, saved, '+91 98480 22222');
  await expect(saved).toHaveValue('98480 22222');
  await page.getByRole('button', { name: 'Save number' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Mobile number saved' })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Mobile number')).toHaveValue('98480 22222');
  const details = (await (await page.request.get('/api/profile/saved-details')).json()) as { mobileNumber: string };
  expect(details.mobileNumber).toBe('9848022222');
});

test('the server takes the same forms: a +91 pickup number and a spaced pincode are stored as digits, a short one is refused', async ({
  request,
}) => {
  const c = await registerCustomer(request, 'Bhavani');
  await request.post('/api/auth/login', { data: { email: c.email, password: c.password } });
  const res = await request.post('/api/razorpay/create-order', {
    data: {
      amount: 100,
      currency: 'INR',
      fileId: 'nope',
      options: {},
      deliveryType: 'pickup',
      deliveryDetails: { mobileNumber: '+91 9848' },
    },
  });
  expect(res.status()).toBe(400);
  expect(JSON.stringify(await res.json())).toContain('Please enter a valid 10-digit mobile number for self pickup');
});

test('a clerk signs in with the number as people say it', async ({ page, browser }) => {
  const clerk = await createStaff(browser, 'Suresh');
  await page.goto('/staff-login');
  const field = page.getByLabel('Mobile Number');
  await field.focus();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await paste(page, field, `+91 ${clerk.mobile.slice(0, 5)}-${clerk.mobile.slice(5)}`);
  await expect(field).toHaveValue(`${clerk.mobile.slice(0, 5)} ${clerk.mobile.slice(5)}`);
  await page.getByLabel('Password', { exact: true }).fill(clerk.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/staff\/dashboard/);
});
