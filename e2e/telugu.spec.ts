import type { Page } from '@playwright/test';
import { createStaff, openCounter, placePaidOrder } from './support/back-office';
import {
  expect,
  expectNoOverlap,
  expectNoSidewaysScroll,
  loginAs,
  registerCustomer,
  signedInCustomer,
  test,
} from './support/fixtures';
import { expectNoEnglish, serviceNames } from './support/telugu';
import { testPdf } from './support/pdfs';

/**
 * The shop in Telugu (decision 027): the header's switch, remembered by the browser and by the account, and the
 * customer's and the clerk's journeys read in Telugu. The phone project runs the two journeys tagged @phone at 390 px.
 */

const TELUGU_MONTH = /(జనవరి|ఫిబ్రవరి|మార్చి|ఏప్రిల్|మే|జూన్|జులై|ఆగస్టు|సెప్టెంబర్|అక్టోబర్|నవంబర్|డిసెంబర్)/;

/** Shows the page in Telugu the way a customer does: the header's switch. */
async function chooseTelugu(page: Page) {
  await page.getByTestId('language-switch').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'te-IN');
}

test('the switch: a visitor chooses Telugu, it stays after a reload, and the account keeps it on another browser', async ({
  page,
  browser,
}) => {
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-IN');
  await expect(page.getByRole('link', { name: 'Customer Sign In' })).toBeVisible();
  await chooseTelugu(page);
  await expect(page.getByRole('link', { name: 'కస్టమర్ సైన్ ఇన్' })).toBeVisible();
  // The switch now offers English back, in English.
  await expect(page.getByTestId('language-switch')).toHaveText('English');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'te-IN');
  await expect(page.getByRole('heading', { level: 2, name: 'మేము ప్రింట్ చేసేవి' })).toBeVisible();

  // Signing in on this browser keeps the choice on the account (it had none).
  const c = await registerCustomer(page.request, 'Padma Rani');
  await page.getByRole('link', { name: 'కస్టమర్ సైన్ ఇన్' }).click();
  await page.getByLabel('ఈమెయిల్').fill(c.email);
  await page.getByLabel('పాస్‌వర్డ్', { exact: true }).fill(c.password);
  await page.getByRole('button', { name: 'సైన్ ఇన్', exact: true }).click();
  await expect(page.getByTestId('toast')).toContainText('మళ్ళీ స్వాగతం, Padma Rani!');
  await expect
    .poll(
      async () => ((await (await page.request.get('/api/auth/user')).json()) as { language: string | null }).language,
    )
    .toBe('te');

  // Another browser, never used for this shop and set to English: signing in shows the account's Telugu.
  const other = await browser.newContext({ locale: 'en-GB' });
  const second = await other.newPage();
  await loginAs(second, c.email, c.password);
  await second.goto('/');
  await expect(second.locator('html')).toHaveAttribute('lang', 'te-IN');
  await expect(second.getByRole('heading', { level: 1 })).toContainText('Padma Rani');
  await expect(second.getByRole('tab', { name: 'మా సేవలు' })).toBeVisible();
  // There the customer goes back to English: the account follows, and so does the first browser on its next visit.
  await chooseEnglish(second);
  await expect
    .poll(
      async () => ((await (await second.request.get('/api/auth/user')).json()) as { language: string | null }).language,
    )
    .toBe('en');
  await other.close();
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-IN');
  await expect(page.getByRole('tab', { name: 'Our Services' })).toBeVisible();
});

async function chooseEnglish(page: Page) {
  await page.getByTestId('language-switch').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-IN');
}

test('a first visit follows the browser’s language; a ?lang= link is a choice', async ({ browser }) => {
  const teluguPhone = await browser.newContext({ locale: 'te-IN' });
  const page = await teluguPhone.newPage();
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'te-IN');
  await expect(page.getByRole('link', { name: 'స్టాఫ్ సైన్ ఇన్' })).toBeVisible();
  await teluguPhone.close();

  const englishPhone = await browser.newContext({ locale: 'en-IN' });
  const link = await englishPhone.newPage();
  await link.goto('/?lang=te');
  await expect(link.locator('html')).toHaveAttribute('lang', 'te-IN');
  await link.goto('/');
  await expect(link.locator('html')).toHaveAttribute('lang', 'te-IN');
  await englishPhone.close();
});

test('a Telugu customer orders, pays, follows the order and finds it in the history, all in Telugu @phone', async ({
  page,
  isMobile,
}) => {
  const c = await signedInCustomer(page, 'Lakshmi Devi');
  await page.goto('/services');
  await chooseTelugu(page);
  await expect(page.getByRole('heading', { level: 1, name: 'మా సేవలు' })).toBeVisible();
  const data = [c.name, ...(await serviceNames(page.request))];
  await expectNoEnglish(page, data);

  await page.getByRole('link', { name: /బ్లాక్ & వైట్ ప్రింటింగ్/ }).click();
  const card = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Black & White Printing A4', exact: true }) });
  await expect(card).toContainText('పేజీకి');
  await expectNoEnglish(page, data);
  await card.getByRole('link', { name: 'ఎంచుకుని ముందుకు' }).click();
  await expect(page.getByRole('heading', { name: 'ఆర్డర్: Black & White Printing A4' })).toBeVisible();

  await page.locator('#pdf').setInputFiles(testPdf('notes-a4-38p.pdf'));
  // The documents fold to one line; the first pages show with the options.
  await expect(page.getByTestId('step-1-summary')).toContainText('notes-a4-38p.pdf · 38 పేజీలు');
  // The customer scrolls to the pages (pictures load as they come into view; the shop may still be drawing the
  // previous journeys' pages, so the wait is that of the other picture journeys).
  const firstThumb = page.getByTestId('page-thumb').first();
  await firstThumb.scrollIntoViewIfNeeded();
  await expect
    .poll(() => firstThumb.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), {
      timeout: 20_000,
    })
    .toBeGreaterThan(0);
  // A page range the document does not have is refused in Telugu.
  await page.getByLabel('ప్రింట్ చేయాల్సిన పేజీలు').fill('1-40');
  const badRange = 'ఈ డాక్యుమెంట్‌లో 38 పేజీలే ఉన్నాయి, కాబట్టి 40వ పేజీ ఇందులో లేదు.';
  // Said under the field and in the price bar, where Pay would be.
  await expect(page.getByRole('alert').filter({ hasText: badRange })).toBeVisible();
  await expect(page.getByTestId('price-bar').getByText(badRange)).toBeVisible();
  await page.getByLabel('ప్రింట్ చేయాల్సిన పేజీలు').fill('');
  await page.getByLabel('కాపీలు').fill('2');
  await page.getByRole('button', { name: /^మరిన్ని ఆప్షన్లు/ }).click();
  await page.getByLabel('స్పైరల్ బైండింగ్', { exact: false }).check();
  await expectNoEnglish(page, data);
  // The price follows at once, in the bar with Pay.
  await expect(page.getByTestId('total')).toHaveText('₹192.00');
  await expect(page.getByTestId('total')).toHaveAttribute('aria-busy', 'false');
  await page.getByRole('button', { name: 'ముందుకు', exact: true }).click();
  const breakdown = page.getByTestId('cost-breakdown');
  // 38 pages × 2 copies × ₹2, and a ₹20 spiral book for each copy: money reads the same in both languages.
  await expect(breakdown).toContainText('₹152.00');
  await expect(breakdown).toContainText('₹40.00');
  await expect(breakdown).toContainText('మొత్తం షీట్లు');
  await expectNoEnglish(page, data);
  await page.getByRole('button', { name: 'ముందుకు', exact: true }).click();

  await page.getByRole('button', { name: /షాప్ పికప్/ }).click();
  await page.getByRole('button', { name: /చెల్లించండి$/ }).click();
  await expect(page.getByText('షాప్ పికప్ కోసం సరైన 10 అంకెల మొబైల్ నంబర్ ఇవ్వండి')).toBeVisible();
  await page.getByLabel('మొబైల్ నంబర్').fill('9876543210');
  await expectNoEnglish(page, data);
  await expectNoSidewaysScroll(page);
  await page.getByRole('button', { name: '₹192.00 చెల్లించండి' }).click();
  const checkout = page.getByTestId('sandbox-checkout');
  await expect(checkout).toContainText('టెస్ట్ మోడ్');
  await checkout.getByRole('button', { name: '₹192.00 చెల్లించండి' }).click();

  await expect(page).toHaveURL(/\/order-tracking\/PS-/);
  const orderNumber = decodeURIComponent(page.url().split('/').pop()!);
  await expect(page.getByText('చెల్లింపు పూర్తయింది', { exact: true })).toBeVisible();
  await expect(page.getByText('ఆర్డర్ ఇచ్చి డబ్బు కట్టారు')).toBeVisible();
  const steps = page.getByRole('list', { name: 'ఆర్డర్ దశలు' });
  await expect(steps.locator('[aria-current="step"]')).toContainText('ఆర్డర్ అందింది');
  await expect(steps).toContainText('తీసుకెళ్ళడానికి రెడీ');
  // The date and time in IST, with the month in Telugu.
  await expect(page.getByText(/^ఆర్డర్ ఇచ్చిన సమయం:/)).toContainText(TELUGU_MONTH);
  await expect(page.getByTestId('pickup-code')).toContainText('పికప్ కోడ్');
  await expectNoEnglish(page, data);
  await expectNoSidewaysScroll(page);

  if (isMobile) {
    await page.getByRole('button', { name: 'మెనూ తెరవండి' }).click();
    await page.getByRole('navigation', { name: 'మొబైల్ మెనూ' }).getByRole('link', { name: 'ఆర్డర్ల చరిత్ర' }).click();
  } else {
    await page.getByRole('navigation', { name: 'ముఖ్య మెనూ' }).getByRole('link', { name: 'ఆర్డర్ల చరిత్ర' }).click();
  }
  await expect(page.getByRole('heading', { name: 'ఆర్డర్ల చరిత్ర' })).toBeVisible();
  // Only a pickup order: the history opens on it (decision 039).
  await expect(page.getByRole('tab', { name: 'షాప్ పికప్ (1)' })).toHaveAttribute('aria-selected', 'true');
  const row = page.getByTestId('history-row').filter({ hasText: orderNumber });
  await expect(row.getByText('ఆర్డర్ అందింది')).toBeVisible();
  await expect(row).toContainText(/ఇప్పుడే|నిమిష/);
  await expect(row).toContainText('2 కాపీలు');
  // Telugu labels are longer than English ones: the type, Print again and Track still sit side by side.
  await expectNoOverlap(row.locator('td:nth-child(3) > span, td:last-child > button, td:last-child > a'));
  await expectNoEnglish(page, data);
  await expectNoSidewaysScroll(page);
  await row.getByRole('link', { name: isMobile ? 'చూడండి' : 'ఆర్డర్ చూడండి', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/order-tracking/${orderNumber}$`));
});

test('the counter in Telugu: a clerk signs in, chooses Telugu, moves an order along; the choice stays on the clerk’s account @phone', async ({
  page,
  browser,
  isMobile,
}) => {
  const clerk = await createStaff(browser, 'Suresh');
  const customer = await browser.newContext();
  const customerPage = await customer.newPage();
  const c = await signedInCustomer(customerPage, 'Anil Reddy');
  const order = await placePaidOrder(customerPage.request, { fileName: 'telugu-notes.pdf' });

  await page.goto('/staff-login');
  await chooseTelugu(page);
  await expect(page.getByRole('heading', { name: 'స్టాఫ్ సైన్ ఇన్' })).toBeVisible();
  await page.getByRole('button', { name: 'సైన్ ఇన్', exact: true }).click();
  await expect(page.getByText('మొబైల్ నంబర్‌లో కనీసం 10 అంకెలు ఉండాలి')).toBeVisible();
  await page.getByLabel('మొబైల్ నంబర్').fill(clerk.mobile);
  await page.getByLabel('పాస్‌వర్డ్', { exact: true }).fill(clerk.password);
  await page.getByRole('button', { name: 'సైన్ ఇన్', exact: true }).click();
  await expect(page).toHaveURL(/\/staff\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'స్టాఫ్ డాష్‌బోర్డ్' })).toBeVisible();
  await expect
    .poll(
      async () =>
        ((await (await page.request.get('/api/auth/staff/me')).json()) as { language: string | null }).language,
    )
    .toBe('te');

  // The search box and its hint in Telugu (the hint in fewer words on a phone).
  const search = page.getByRole('searchbox', { name: 'ఆర్డర్లు వెతకండి' });
  await expect(search).toHaveAttribute(
    'placeholder',
    isMobile ? 'ఆర్డర్, కోడ్, పేరు లేదా ఫోన్' : 'ఆర్డర్ నంబర్, పికప్ కోడ్, పేరు లేదా ఫోన్',
  );
  await search.fill(order.orderNumber);
  const card = page.getByTestId('order-card').filter({ hasText: order.orderNumber });
  await expect(page.getByTestId('order-card')).toHaveCount(1);
  await expect(card.getByText('కొత్తది', { exact: true })).toBeVisible();
  await expect(card).toContainText('షాప్ పికప్');
  await expect(card.getByRole('list', { name: 'ప్రింట్ వివరాలు' })).toContainText('ఒక వైపు');
  await card.getByLabel(`${order.orderNumber} స్థితి`).selectOption({ label: 'పూర్తయింది' });
  await expect(page.getByTestId('toast')).toContainText('స్థితి మార్చాం');
  await expectNoSidewaysScroll(page);
  await expectNoEnglish(page, [clerk.name, c.name, 'Black & White Printing A4', 'Suresh', '9876501234']);

  // The customer reads it in their own language (English, never chosen otherwise).
  await customerPage.goto(`/order-tracking/${order.orderNumber}`);
  await expect(customerPage.getByRole('list', { name: 'Order steps' }).locator('[aria-current="step"]')).toContainText(
    'Ready for pickup',
  );
  await customer.close();

  // The walk-in screen speaks Telugu too.
  await page.getByRole('link', { name: 'కొత్త కౌంటర్ ఆర్డర్' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'కొత్త కౌంటర్ ఆర్డర్' })).toBeVisible();
  await expect(page.getByRole('button', { name: /పేపర్ ఒరిజినల్/ })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoEnglish(page, [...(await serviceNames(page.request))]);

  // The next shift on another counter PC: the clerk's Telugu comes with the sign-in.
  const counter2 = await browser.newContext({ locale: 'en-IN' });
  const next = await counter2.newPage();
  const fetched: string[] = [];
  next.on('request', (r) => fetched.push(new URL(r.url()).pathname));
  await openCounter(next, clerk);
  await expect(next.getByRole('heading', { name: 'స్టాఫ్ డాష్‌బోర్డ్' })).toBeVisible();
  // The counter's own screen, not a customer's: a signed-in PC opening its queue fetched the customer's home first.
  expect(fetched.filter((p) => /^\/assets\/staff-dashboard-/.test(p))).toHaveLength(1);
  expect(fetched.filter((p) => /^\/assets\/signed-in-home-/.test(p))).toEqual([]);
  await counter2.close();
});

test('the shop’s Telugu font: fetched only when Telugu is shown, and it shapes conjuncts and vowel signs', async ({
  browser,
}, testInfo) => {
  const ctx = await browser.newContext({ locale: 'en-IN' });
  const page = await ctx.newPage();
  const fonts: string[] = [];
  page.on('request', (r) => void (/noto-sans-telugu-\d+-[\w-]+\.woff2$/.test(r.url()) && fonts.push(r.url())));
  // English pages carry one Telugu word (the switch), drawn by the phone's own font: the shop's is not fetched.
  await page.goto('/', { waitUntil: 'networkidle' });
  expect(fonts).toEqual([]);
  await chooseTelugu(page);
  await expect.poll(() => fonts.length).toBeGreaterThanOrEqual(1);
  await page.evaluate(() => document.fonts.ready);
  const shaping = await page.evaluate(() => {
    const ctx2d = document.createElement('canvas').getContext('2d')!;
    ctx2d.font = '32px "Shop Telugu"';
    const w = (s: string) => ctx2d.measureText(s).width;
    return {
      loaded: document.fonts.check('32px "Shop Telugu"', 'క్ష'),
      conjunct: w('క్ష'),
      apart: w('క') + w('్') + w('ష'),
    };
  });
  expect(shaping.loaded).toBe(true);
  // Shaped, క్ష is one cluster (ష written under క); unshaped, three glyphs side by side.
  expect(shaping.conjunct).toBeLessThan(shaping.apart * 0.6);
  // For the eye: conjuncts and vowel signs at the phone's size (attached to the test report).
  await page.evaluate(() => {
    const el = document.createElement('div');
    el.id = 'shaping-sample';
    el.style.cssText =
      'position:fixed;inset:80px 0 auto 0;background:#fff;color:#000;padding:12px;z-index:99;font-size:24px;line-height:1.7';
    el.innerHTML =
      '<p>క్ష శ్రీ ప్రింట్ ద్వి స్పైరల్</p><p style="font-weight:700">క్ష శ్రీ ప్రింట్ ద్వి స్పైరల్</p><p style="font-size:15px">లక్ష్మి · సురక్షిత చెల్లింపు · స్త్రీ · ఫోన్‌కి</p>';
    document.body.append(el);
  });
  await testInfo.attach('telugu-shaping', {
    body: await page.locator('#shaping-sample').screenshot(),
    contentType: 'image/png',
  });
  await ctx.close();
});
