import type { Page } from '@playwright/test';
import {
  ADMIN,
  expect,
  expectNoOverlap,
  expectNoSidewaysScroll,
  loginAs,
  navigate,
  signedInCustomer,
  test,
  uniqueEmail,
} from './support/fixtures';
import { testPdf } from './support/pdfs';
import {
  continueToDelivery,
  continueToReview,
  expectPagesShown,
  expectTotal,
  expectUploaded,
  startOrder,
} from './support/wizard';

/** The five tracking steps are all readable: none runs into another, nothing sticks out sideways. */
async function expectReadableTracking(page: Page) {
  const steps = page.getByRole('list', { name: 'Order steps' });
  await expect(
    steps.getByText(/^(Order Placed|Viewed|Printing|Ready for pickup|Out for delivery|Delivered|Collected)$/),
  ).toHaveCount(5);
  await expectNoOverlap(
    steps.getByText(/^(Order Placed|Viewed|Printing|Ready for pickup|Out for delivery|Delivered|Collected)$/),
  );
  await expectNoSidewaysScroll(page);
}

test('a customer uploads a PDF, sees the price, picks up at the shop, cancels the payment once, pays and follows the order @phone', async ({
  page,
  isMobile,
}) => {
  await signedInCustomer(page, 'Lakshmi Devi');

  await page.goto('/services');
  await startOrder(page, /Black & White Printing/, 'Black & White Printing A4');
  await expectNoSidewaysScroll(page);

  await page.locator('#pdf').setInputFiles(testPdf('notes-a4-38p.pdf'));
  await expectUploaded(page, 'notes-a4-38p.pdf · 38 pages');
  await expectPagesShown(page, 'notes-a4-38p.pdf');

  // The price follows the options at once, shown once: at the bottom, with Pay.
  await page.getByLabel('Copies').fill('2');
  // 38 pages × 2 copies × ₹2 a page (the demo B/W A4 service), no binding, no discount.
  await expectTotal(page, '₹152.00');
  await expect(page.getByRole('button', { name: 'Pay ₹152.00' })).toBeInViewport();
  await continueToReview(page);
  const breakdown = page.getByTestId('cost-breakdown');
  await expect(breakdown).toContainText('₹152.00');
  await expect(breakdown).toContainText('76');
  // The options fold to one line; changing one re-prices in place and the review stays where it was.
  await expect(page.getByTestId('step-2-summary')).toContainText(
    'notes-a4-38p.pdf: Black & White Printing A4, All 38 pages, 2 copies',
  );
  await page.getByRole('button', { name: 'Edit the print options' }).click();
  await page.getByLabel('Copies').fill('1');
  await expectTotal(page, '₹76.00');
  await expect(page.getByTestId('step-3-summary')).toContainText('38 pages');
  await continueToReview(page);
  await expect(page.getByTestId('cost-breakdown')).toContainText('₹76.00');
  await continueToDelivery(page);

  await page.getByRole('button', { name: /Shop Pickup/ }).click();
  await page.getByLabel('Mobile number').fill('98765');
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page.getByText('Please enter a valid 10-digit mobile number for self pickup')).toBeVisible();
  await page.getByLabel('Mobile number').fill('9876543210');

  // First the customer closes the payment window: the order is not placed, and they can try again.
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page.getByTestId('sandbox-checkout')).toBeVisible();
  await page.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByTestId('sandbox-checkout')).toHaveCount(0);
  await expect(page.getByText('Payment was cancelled once')).toBeVisible();
  await expect(page.getByTestId('toast')).toContainText('Payment Cancelled');
  await expectNoSidewaysScroll(page);

  // The notice and the retry are on screen, wherever the page was when the window closed.
  await expect(page.getByRole('button', { name: 'Retry Payment ₹76.00' })).toBeInViewport();
  await page.getByRole('button', { name: 'Retry Payment ₹76.00' }).click();
  await expect(page.getByTestId('sandbox-checkout')).toBeVisible();
  await page.getByRole('button', { name: /Pay ₹76.00/ }).click();

  await expect(page).toHaveURL(/\/order-tracking\/PS-/);
  const orderNumber = decodeURIComponent(page.url().split('/').pop()!);
  await expect(page.getByText('Payment Completed')).toBeVisible();
  await expect(page.getByText('Order placed and paid')).toBeVisible();
  await expect(page.getByText('Self Pickup at our shop')).toBeVisible();
  // The customers' words (not the counter's): a pickup order is ready for pickup, then collected.
  await expect(page.getByRole('list', { name: 'Order steps' })).toContainText('Ready for pickup');
  await expect(page.getByRole('list', { name: 'Order steps' })).toContainText('Collected');
  await expectReadableTracking(page);
  await page.getByRole('link', { name: 'Need Help? Contact Support' }).click();
  await expect(page).toHaveURL(/\/\?tab=contact$/);
  await expect(page.getByRole('tab', { name: 'Contact & Location' })).toHaveAttribute('aria-selected', 'true');

  await navigate(page, isMobile, 'Order History');
  await expect(page.getByRole('heading', { name: 'Order History' })).toBeVisible();
  // Only pickup orders: the history opens on them (decision 039).
  await expect(page.getByRole('tab', { name: /Shop Pickup \(1\)/ })).toHaveAttribute('aria-selected', 'true');
  const row = page.getByTestId('history-row').filter({ hasText: orderNumber });
  await expect(row.getByRole('cell', { name: /notes-a4-38p\.pdf/ })).toBeVisible();
  // Just paid: "Order Placed", never "Pending" under "Payment Completed".
  await expect(row.getByText('Order Placed')).toBeVisible();
  await expect(row.getByText('Pending')).toHaveCount(0);
  await expectNoSidewaysScroll(page);
  // A phone shows the short label; the whole button is on screen, not cut off.
  const track = row.getByRole('link', { name: isMobile ? 'Track' : 'Track Order', exact: true });
  await expect(track).toBeInViewport();
  await track.click();
  await expect(page).toHaveURL(new RegExp(`/order-tracking/${orderNumber}$`));
  await expect(page.getByText('Order placed and paid')).toBeVisible();

  // The shop's server stops answering for this order: the page shows the copy saved when the payment went
  // through, as processing, says so, and returns to the live order once the server answers again.
  const orderApi = `**/api/orders/${encodeURIComponent(orderNumber)}`;
  await page.route(orderApi, (route) =>
    route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"Service unavailable"}' }),
  );
  await page.reload();
  const notice = page.getByRole('status').filter({ hasText: 'saved on this device' });
  await expect(notice).toBeVisible();
  await expect(page.getByRole('heading', { name: `Order ${orderNumber}` })).toBeVisible();
  await expect(page.getByText('notes-a4-38p.pdf')).toBeVisible();
  await expect(page.getByText('Payment Completed')).toBeVisible();
  await expect(page.getByTestId('order-total')).toHaveText('₹76.00');
  await expect(page.getByRole('list', { name: 'Order steps' }).locator('[aria-current="step"]')).toContainText(
    'Printing',
  );
  await expectNoSidewaysScroll(page);
  await page.unroute(orderApi);
  await notice.getByRole('button', { name: 'Try Again' }).click();
  await expect(page.getByText('Order placed and paid')).toBeVisible();
  await expect(notice).toHaveCount(0);
});

test('a new customer signs up, orders home delivery, corrects the address form, pays and finds the order under Home Delivery @phone', async ({
  page,
  isMobile,
}) => {
  const email = uniqueEmail('delivery');
  const password = 'Str0ng!Pass';

  // Sign-up from the home page, as a first-time customer would.
  await page.goto('/');
  await page.getByRole('link', { name: 'Sign Up', exact: true }).click();
  await page.getByLabel('Full Name').fill('Srinivas Rao');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('I accept the Terms & Conditions').check();
  // Reading a policy and coming Back keeps what was typed and ticked.
  await page.getByRole('group', { name: 'Policies' }).getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page).toHaveURL(/\/privacy-policy$/);
  await page.goBack();
  await expect(page.getByLabel('Full Name')).toHaveValue('Srinivas Rao');
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await expect(page.getByLabel('I accept the Terms & Conditions')).toBeChecked();
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm Password').fill(password);
  await page.getByLabel('I accept the Terms & Conditions').check();
  await page.getByLabel('I accept the Privacy Policy').check();
  await page.getByLabel('I accept the Cancellation & Refund Policy').check();
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome, Srinivas Rao', exact: true })).toBeVisible();

  await page.getByRole('link', { name: 'Order Now' }).first().click();
  await expect(page).toHaveURL(/\/services$/);
  await startOrder(page, /Color Printing/, 'Color Printing A4');

  await page.locator('#pdf').setInputFiles(testPdf('report-a4-26p.pdf'));
  await expectUploaded(page, 'report-a4-26p.pdf · 26 pages');

  await page.getByRole('radio', { name: 'Double-sided' }).check();
  await page.getByLabel('Copies').fill('2');
  await page.getByRole('button', { name: /^More options/ }).click();
  await page.getByLabel('Spiral binding').check();
  await expect(page.getByText('Spiral-bound documents over 350 pages are split into two books.')).toBeVisible();
  // 13 sheets × 2 copies × ₹18 a double-sided sheet = ₹468; spiral ₹20 × 2 copies; 2% off ₹508.
  await expectTotal(page, '₹497.84');
  await continueToReview(page);
  const review = page.getByTestId('cost-breakdown');
  await expect(review).toContainText('₹468.00');
  await expect(review).toContainText('₹40.00');
  await expect(review).toContainText('₹508.00');
  await expect(review).toContainText('Discount (2%)');
  await expect(review).toContainText('₹10.16');
  await continueToDelivery(page);

  // Under ₹2000 home delivery costs ₹30.
  const homeDelivery = page.getByRole('button', { name: /Home Delivery/ });
  await expect(homeDelivery).toContainText('Delivery: ₹30.00');
  await homeDelivery.click();
  await expect(page.getByRole('heading', { name: '5. Delivery Details' })).toBeInViewport();
  await expectNoSidewaysScroll(page);

  // Nothing filled in: every field says what is wrong.
  const payButton = page.getByRole('button', { name: 'Pay ₹527.84' });
  await payButton.click();
  await expect(page.getByText('Address must be at least 5 characters')).toBeVisible();
  await expect(page.getByText('Door/Flat number is required')).toBeVisible();
  await expect(page.getByText('Mobile number must be 10 digits')).toBeVisible();

  await page.getByLabel('Address').fill('12 Lakshmipuram Main Road');
  await page.getByLabel('Door/Flat number').fill('4-5-6');
  await page.getByLabel('Pincode').fill('52200');
  await page.getByLabel('Mobile number', { exact: true }).fill('9876543210');
  await page.getByLabel('Confirm mobile number').fill('9876543201');
  await payButton.click();
  await expect(page.getByText('Pincode must be 6 digits')).toBeVisible();
  await expect(page.getByText('Mobile numbers must match')).toBeVisible();
  await expect(page.getByTestId('sandbox-checkout')).toHaveCount(0);

  // A Hyderabad pincode is outside the service area.
  await page.getByLabel('Pincode').fill('500001');
  await page.getByLabel('Confirm mobile number').fill('9876543210');
  await payButton.click();
  await expect(page.getByText('Sorry, our service is not available at your location.')).toBeVisible();
  await expect(page.getByText('Mobile numbers must match')).toHaveCount(0);

  await page.getByLabel('Pincode').fill('522001');

  // The phone drops the tab (or the customer reloads): the wizard comes back where it was.
  await page.reload();
  await expect(page.getByRole('heading', { name: '5. Delivery Details' })).toBeVisible();
  await expectUploaded(page, 'report-a4-26p.pdf · 26 pages');
  await expect(page.getByTestId('step-2-summary')).toContainText('2 copies');
  await expect(page.getByLabel('Address')).toHaveValue('12 Lakshmipuram Main Road');
  await expect(page.getByLabel('Pincode')).toHaveValue('522001');
  // The total with delivery, once, in the bar with Pay.
  await expectTotal(page, '₹527.84');
  await expect(page.getByTestId('price-bar')).toContainText('Includes ₹30.00 home delivery');
  await payButton.click();

  // The card is declined once; the window stays open and the second try goes through.
  const checkout = page.getByTestId('sandbox-checkout');
  await expect(checkout).toBeVisible();
  await expect(checkout).toContainText('₹527.84');
  await checkout.getByRole('button', { name: 'Simulate failure' }).click();
  await expect(page.getByTestId('toast')).toContainText('Payment failed');
  await checkout.getByRole('button', { name: 'Pay ₹527.84' }).click();

  await expect(page).toHaveURL(/\/order-tracking\/PS-/);
  const orderNumber = decodeURIComponent(page.url().split('/').pop()!);
  await expect(page.getByRole('heading', { name: `Order ${orderNumber}` })).toBeVisible();
  await expect(page.getByText('Payment Completed')).toBeVisible();
  const address = page.getByRole('heading', { name: 'Home delivery' }).locator('xpath=../..');
  await expect(address).toContainText('Srinivas Rao');
  await expect(address).toContainText('4-5-6, 12 Lakshmipuram Main Road');
  await expect(address).toContainText('Pincode 522001');
  await expect(address).toContainText('Mobile: 9876543210');
  await expect(page.getByText('Total amount').locator('xpath=following-sibling::dd[1]')).toHaveText('₹527.84');
  await expect(page.getByText('Delivery', { exact: true }).locator('xpath=following-sibling::dd[1]')).toHaveText(
    '₹30.00',
  );
  await expect(page.getByRole('list', { name: 'Order steps' })).toContainText('Delivered');
  await expectReadableTracking(page);

  await navigate(page, isMobile, 'Order History');
  await expect(page.getByRole('tab', { name: 'Home Delivery (1)' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tab', { name: 'Shop Pickup (0)' })).toBeVisible();
  const row = page.getByTestId('history-row').filter({ hasText: orderNumber });
  await expect(row).toContainText('report-a4-26p.pdf');
  // One line per document, as every screen says it, with its paper and sides.
  await expect(row).toContainText('26 pages · colour · 2 copies · A4 · Double-sided');
  await expect(row).toContainText('Color');
  await expectNoSidewaysScroll(page);
  await expect(row.getByRole('link', { name: isMobile ? 'Track' : 'Track Order', exact: true })).toBeInViewport();

  // The search finds it by file name, and a status it does not have hides it.
  await page.getByLabel('Search orders').fill('notes-a4');
  await expect(page.getByText('No home delivery orders found')).toBeVisible();
  await page.getByLabel('Search orders').fill('REPORT-A4');
  await expect(row).toBeVisible();
  await page.getByLabel('Filter by status').selectOption('completed');
  await expect(page.getByText('No home delivery orders found')).toBeVisible();
});

test('a file that is not a PDF is refused with a clear message', async ({ page }) => {
  await signedInCustomer(page);
  await page.goto('/services/color_printing');
  await page.getByRole('link', { name: 'Select & Continue' }).first().click();
  await page.locator('#pdf').setInputFiles({
    name: 'photo.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('\x89PNG\r\n\x1a\n not really a pdf'),
  });
  await expect(page.getByTestId('toast')).toContainText('Upload Failed');
  await expect(page.getByTestId('toast')).toContainText('PDF');
  // Nothing moves on: still at the upload step, no page count, no options.
  await expect(page.getByTestId('page-count')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: '2. Print options' })).toHaveCount(0);
  await expect(page.getByTestId('price-bar')).toHaveCount(0);
  await expect(page.getByText('Choose a PDF, a photo or a document')).toBeVisible();
});

test('the wizard offers only what a service prints: changing printing type, size or paper switches the service and its price, and the counter sees it', async ({
  page,
  browser,
}) => {
  await signedInCustomer(page, 'Kiran Babu');
  await page.goto('/services');
  await startOrder(page, /Black & White Printing/, 'Black & White Printing A4');
  await page.locator('#pdf').setInputFiles(testPdf('notes-a4-38p.pdf'));
  await expectUploaded(page, 'notes-a4-38p.pdf · 38 pages');

  const printingType = page.getByLabel('Printing type');
  const paperSize = page.getByLabel('Paper size');
  const paperType = page.getByLabel('Paper type');
  const priced = page.getByTestId('priced-service');
  // Black & white is printed on A4 and Legal only, A4 on this service's White 70 GSM (and any paper another active
  // B&W A4 service uses, e.g. one the admin journeys added): no A3, no photo paper to pick.
  await expect(printingType).toHaveValue('bw');
  await expect(paperSize.locator('option')).toHaveText(['A4', 'Legal']);
  await expect(paperType).toHaveValue('white_70gsm');
  await expect(paperType.locator('option', { hasText: 'Photo Paper' })).toHaveCount(0);
  await expect(paperType.locator('option', { hasText: 'Bond 100 GSM' })).toHaveCount(0);
  await expect(priced).toContainText('Black & White Printing A4');
  await expect(priced).toContainText('₹2.00 per page');

  // Colour: the colour A4 service prices it, on its own paper.
  await printingType.selectOption('color');
  await expect(priced).toContainText('Color Printing A4');
  await expect(paperType).toHaveValue('white_75gsm');
  await expect(page.getByRole('heading', { name: 'Order: Color Printing A4' })).toBeVisible();
  // Colour on A3 comes only on 100 GSM bond (the poster service): Photo Paper is not offered with it.
  await expect(paperSize.locator('option')).toHaveText(['A4', 'A3']);
  await paperSize.selectOption('a3');
  await expect(paperType.locator('option')).toHaveText(['Bond 100 GSM']);
  await expect(priced).toContainText('Color Printing A3 Poster');
  await expect(priced).toContainText('₹30.00 per page');

  // PVC is printed by two services: the customer chooses one, the price follows.
  await printingType.selectOption('pvc');
  await expect(paperSize.locator('option')).toHaveText(['A4']);
  await expect(paperType.locator('option')).toHaveText(['Photo Paper']);
  const serviceChoice = page.getByLabel('Service', { exact: true });
  await expect(serviceChoice.locator('option')).toHaveText([
    'PVC ID Card (₹60.00 a page)',
    'PVC Membership Card (₹80.00 a page)',
  ]);
  await serviceChoice.selectOption({ label: 'PVC Membership Card (₹80.00 a page)' });
  await expect(priced).toContainText('PVC Membership Card');

  // Back to colour A3, priced and paid at the poster service's rate.
  await printingType.selectOption('color');
  await paperSize.selectOption('a3');
  await expect(serviceChoice).toHaveCount(0);
  // 38 pages × ₹30 = ₹1,140; 4% off (₹45.60) = ₹1,094.40.
  await expectTotal(page, '₹1,094.40');
  await continueToReview(page);
  await expect(page.getByTestId('cost-breakdown')).toContainText('₹1,140.00');
  await continueToDelivery(page);
  await page.getByRole('button', { name: /Shop Pickup/ }).click();
  await page.getByLabel('Mobile number').fill('9876543210');
  await page.getByRole('button', { name: 'Pay ₹1,094.40' }).click();
  await page.getByTestId('sandbox-checkout').getByRole('button', { name: 'Pay ₹1,094.40' }).click();
  await expect(page).toHaveURL(/\/order-tracking\/PS-/);
  const orderNumber = decodeURIComponent(page.url().split('/').pop()!);

  // The counter card names the service and the rate the order was charged at, with the print the service offers.
  const admin = await browser.newContext();
  const adminPage = await admin.newPage();
  await loginAs(adminPage, ADMIN.email, ADMIN.password);
  await adminPage.goto('/admin/orders');
  await adminPage.getByLabel('Search orders').fill(orderNumber);
  const card = adminPage.getByTestId('order-card').filter({ hasText: orderNumber });
  await expect(card.getByTestId('order-service')).toHaveText('Service: Color Printing A3 Poster · ₹30.00 a page');
  await expect(card.getByRole('list', { name: 'Print details' })).toContainText('A3 Bond 100 GSM');
  await expect(card.getByTestId('document-line')).toHaveText('38 pages · colour · 1 copy');
  await admin.close();
});
