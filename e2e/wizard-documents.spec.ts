import type { Page } from '@playwright/test';
import {
  expect,
  expectIconsUnsqueezed,
  expectNoSidewaysScroll,
  expectThumbSizedTargets,
  signedInCustomer,
  test,
} from './support/fixtures';
import { testPdf } from './support/pdfs';
import { expectTotal, expectUploaded } from './support/wizard';

/**
 * An order of several documents (decision 039). Continue leads through every document's options before the
 * review; the review flags a document whose options were never opened; the options fit a phone in about a screen
 * and a half (sides side by side, a copies stepper, the rarely used options folded).
 */

async function openWizard(page: Page, serviceName: string) {
  await signedInCustomer(page, 'Hymavathi');
  const services = (await (await page.request.get('/api/services')).json()) as Array<{ id: number; name: string }>;
  await page.goto(`/order-create/${services.find((s) => s.name === serviceName)!.id}`);
}

const continueButton = (page: Page) => page.getByRole('button', { name: 'Continue', exact: true });

test('Continue goes through each document’s options; the review flags one never opened', async ({ page }, testInfo) => {
  await openWizard(page, 'Black & White Printing A4');
  const names = ['notes-a4-38p.pdf', 'report-a4-26p.pdf', 'letter-a4-4p.pdf'];
  await page.locator('#pdf').setInputFiles(names.map(testPdf));
  await expectUploaded(page, `3 documents: ${names.join(', ')}`);
  // The first to arrive opened (decision 028); the other two have not been looked at, and come after it in turn.
  const opened = Number(await page.getByLabel(/^Document \(/).inputValue());
  const [second, third] = [(opened + 1) % 3, (opened + 2) % 3] as [number, number];

  // Continue names where it leads: a document not yet looked at, not the review.
  await expect(page.getByTestId('options-next')).toHaveText(
    `Next: the options of ${names[second]} (${second + 1} of 3)`,
  );
  // The customer goes to the review early: both are flagged with how they print and a way to their options.
  await page.getByRole('button', { name: 'Review the order now' }).click();
  await expect(page.getByRole('heading', { name: '3. Review' })).toBeVisible();
  const flags = page.getByTestId('unseen-documents');
  await expect(flags).toContainText(
    'You have not checked the options of 2 documents. They print as shown unless you change them.',
  );
  await expect(flags).toContainText(`${names[second]}: Black & White Printing A4`);
  await expect(flags).toContainText(names[third]!);
  await page.screenshot({ path: testInfo.outputPath('review-flags.png'), fullPage: true });
  await flags.getByRole('button', { name: `Check ${names[second]}` }).click();
  await expect(page.getByLabel(`Document (${second + 1} of 3)`)).toHaveValue(String(second));
  await page.getByRole('button', { name: 'Add a copy' }).click();
  await expect(page.getByLabel('Copies')).toHaveValue('2');

  // Continue: the last one not looked at, then the review, which flags nothing now.
  await expect(page.getByTestId('options-next')).toHaveText(`Next: the options of ${names[third]} (${third + 1} of 3)`);
  await continueButton(page).click();
  await expect(page.getByLabel(`Document (${third + 1} of 3)`)).toHaveValue(String(third));
  await expect(page.getByTestId('step-3-summary')).toBeVisible();
  await expect(page.getByTestId('options-next')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Review the order now' })).toHaveCount(0);
  await continueButton(page).click();
  await expect(page.getByTestId('cost-breakdown')).toBeVisible();
  await expect(page.getByTestId('unseen-documents')).toHaveCount(0);
  // 38 + 26 + 4 pages at ₹2 a page, one of them twice.
  const pages = [38, 26, 4];
  await expectTotal(page, `₹${(2 * (68 + pages[second]!)).toFixed(2)}`);
});

test('the options step fits a phone: sides side by side, a copies stepper, rare options folded @phone', async ({
  page,
  isMobile,
}, testInfo) => {
  await openWizard(page, 'Color Printing A4');
  await page.locator('#pdf').setInputFiles([testPdf('report-a4-26p.pdf'), testPdf('letter-a4-4p.pdf')]);
  await expectUploaded(page, '2 documents: report-a4-26p.pdf, letter-a4-4p.pdf');
  await page.getByLabel(/^Document \(/).selectOption('0');
  await expect(page.getByLabel('Document (1 of 2)')).toHaveValue('0');
  const step = page.locator('#wizard-step-2');
  await expect(step.getByRole('radio', { name: 'Single-sided' })).toBeChecked();
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: testInfo.outputPath('options.png'), fullPage: true, scale: 'css' });
  if (isMobile) {
    const height = await step.evaluate((el) => el.getBoundingClientRect().height);
    const screen = page.viewportSize()!.height;
    expect(height, `options step ${Math.round(height)} px on a ${screen} px screen`).toBeLessThanOrEqual(1.5 * screen);
    await expectThumbSizedTargets(page);
  }

  // Double-sided is one tap; the price follows.
  await step.getByRole('radio', { name: 'Double-sided' }).check();
  await expect(step.getByRole('radio', { name: 'Double-sided' })).toBeChecked();
  // Copies: the stepper and the field agree; it never goes under 1.
  await expect(page.getByLabel('Copies')).toHaveValue('1');
  await expect(page.getByRole('button', { name: 'One copy fewer' })).toBeDisabled();
  for (let i = 0; i < 3; i++) await page.getByRole('button', { name: 'Add a copy' }).click();
  await page.getByRole('button', { name: 'One copy fewer' }).click();
  await expect(page.getByLabel('Copies')).toHaveValue('3');
  // Its − and + are drawn whole, not squeezed into slivers by the button's padding.
  await expectIconsUnsqueezed(page);
  // The rare options are folded under one line that says what they are set to; opened, they work as before.
  const more = step.getByRole('button', { name: /^More options/ });
  await expect(more).toHaveAttribute('aria-expanded', 'false');
  await expect(more).toContainText('Portrait · No binding');
  await more.click();
  await page.getByLabel(/^Spiral binding/).check();
  await expect(more).toContainText('Portrait · Spiral binding');
  await more.click();
  await expect(more).toHaveAttribute('aria-expanded', 'false');

  // In Telugu (longer words) it still fits.
  if (isMobile) {
    await page.getByTestId('language-switch').click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'te-IN');
    await expect(step.getByRole('radio', { name: 'రెండు వైపులా' })).toBeChecked();
    await page.screenshot({ path: testInfo.outputPath('options-te.png'), fullPage: true, scale: 'css' });
    const height = await step.evaluate((el) => el.getBoundingClientRect().height);
    expect(height, `options step in Telugu ${Math.round(height)} px`).toBeLessThanOrEqual(
      1.5 * page.viewportSize()!.height,
    );
    await page.getByTestId('language-switch').click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-IN');
  }
  // 26 pages double-sided: 13 sheets × 3 copies × ₹18, spiral ₹20 × 3 = ₹762; the letter's 4 pages ₹40; 2% off ₹802.
  await expectTotal(page, '₹785.96');
});
