import fs from 'node:fs';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { printChoiceOf } from '@shop/shared/catalog/print-offer';
import { ADMIN, expect, signedInCustomer } from './fixtures';
import { testPdf } from './pdfs';

export interface PlacedOrder {
  orderNumber: string;
  fileName: string;
}

/** Uploads a test PDF (e2e/support/pdfs) as the wizard does, named `name`: its file id. */
export async function uploadTestPdf(request: APIRequestContext, fixture: string, name = fixture): Promise<string> {
  const upload = await request.post('/api/pdf/upload', {
    multipart: { file: { name, mimeType: 'application/pdf', buffer: fs.readFileSync(testPdf(fixture)) } },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  return ((await upload.json()) as { file: { id: string } }).file.id;
}

/** The demo B&W A4 service's options, with the print it offers (a service is refused any other: decision 009). */
export async function bwA4Options(request: APIRequestContext, extra: Record<string, unknown> = {}) {
  const services = (await (await request.get('/api/services?category=black_white_printing')).json()) as Array<{
    id: number;
    name: string;
    printing_type: string;
    paper_size: string;
    paper_type: string;
  }>;
  const service = services.find((s) => s.name === 'Black & White Printing A4') ?? services[0]!;
  return {
    serviceId: service.id,
    ...printChoiceOf(service),
    sides: 'single',
    orientation: 'portrait',
    copies: 1,
    ...extra,
  };
}

/**
 * The checkout's last steps through the API: price the documents, create the payment at that price (the delivery
 * charge the server quotes included), pay in the sandbox, verify. Answers the order number.
 */
export async function payForDocuments(
  request: APIRequestContext,
  documents: Array<{ fileId: string; options: object; pageRange?: string; sensitive?: boolean }>,
  { deliveryType = 'pickup', mobile = '9876501234' }: { deliveryType?: 'pickup' | 'delivery'; mobile?: string } = {},
): Promise<string> {
  const cost = (await (await request.post('/api/pdf/calculate-cost', { data: { documents } })).json()) as {
    totalCost: number;
    deliveryCharge: number;
  };
  const deliveryDetails =
    deliveryType === 'pickup'
      ? { mobileNumber: mobile }
      : {
          address: '12-3 Brodipet 4th Line',
          doorNumber: '12-3',
          pincode: '522002',
          mobileNumber: mobile,
          confirmMobileNumber: mobile,
        };
  const charge = deliveryType === 'delivery' ? cost.deliveryCharge : 0;
  const created = await request.post('/api/razorpay/create-order', {
    data: {
      amount: Math.round((cost.totalCost + charge) * 100),
      currency: 'INR',
      documents,
      deliveryType,
      deliveryDetails,
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  const order = (await created.json()) as { id: string; orderNumber: string };
  const paid = await request.post('/api/payments/sandbox/complete', {
    data: { razorpay_order_id: order.id, outcome: 'success' },
  });
  const verify = await request.post('/api/razorpay/verify-payment', { data: await paid.json() });
  expect(verify.status(), await verify.text()).toBe(200);
  return order.orderNumber;
}

/** A customer's real paid order of one document (a 26-page report named `fileName`) through the API. */
export async function placePaidOrder(
  request: APIRequestContext,
  {
    deliveryType = 'pickup',
    fileName = 'thesis.pdf',
    sensitive = false,
    mobile = '9876501234',
  }: { deliveryType?: 'pickup' | 'delivery'; fileName?: string; sensitive?: boolean; mobile?: string } = {},
): Promise<PlacedOrder> {
  const fileId = await uploadTestPdf(request, 'report-a4-26p.pdf', fileName);
  const options = await bwA4Options(request);
  const document = sensitive ? { fileId, options, sensitive: true } : { fileId, options };
  const orderNumber = await payForDocuments(request, [document], { deliveryType, mobile });
  return { orderNumber, fileName };
}

/** A clerk signs in on a page or browser context through the API (as a fixture should, not by clicking). */
export async function signInStaff(page: Pick<Page, 'request'>, clerk: { mobile: string; password: string }) {
  const res = await page.request.post('/api/auth/staff/login', {
    data: { mobile_number: clerk.mobile, password: clerk.password },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** A clerk signs in on `page` and opens the counter's queue. */
export async function openCounter(page: Page, clerk: { mobile: string; password: string }) {
  await signInStaff(page, clerk);
  await page.goto('/staff/dashboard');
}

/**
 * The counter searches for an order by its number (as the customer says it): its card, shown once the search has
 * been applied. The card is often on screen before that (in the whole queue), and the search's answer then moves it
 * to the top: a tap in between lands where the card was (seen on CI: Print tapped, nothing sent).
 */
export async function findOrderCard(page: Page, orderNumber: string) {
  await page.getByRole('searchbox', { name: 'Search orders' }).fill(orderNumber);
  const card = page.getByTestId('order-card').filter({ hasText: orderNumber });
  await expect(card).toBeVisible();
  await expect(page.getByTestId('order-card').filter({ hasNotText: orderNumber })).toHaveCount(0);
  return card;
}

/** A signed-in customer in their own browser context. */
export async function customerPage(browser: Browser, name = 'Anil Reddy') {
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  const c = await signedInCustomer(page, name);
  return { ctx, page, email: c.email };
}

/** The admin creates a counter clerk through the API; returns the clerk's sign-in. */
export async function createStaff(
  browser: Browser,
  name = 'Ramu',
): Promise<{ name: string; mobile: string; password: string }> {
  const admin = await browser.newContext();
  await admin.request.post('/api/auth/login', { data: ADMIN });
  const mobile = `9${String(Date.now()).slice(-9)}`;
  const password = 'Counter@123';
  const created = await admin.request.post('/api/admin/staff', { data: { name, mobile_number: mobile, password } });
  expect(created.status(), await created.text()).toBe(201);
  await admin.close();
  return { name, mobile, password };
}

/**
 * Headless Chromium never blocks audio, so this makes the page behave like a phone's browser: an AudioContext stays
 * suspended until the page has been touched. Every oscillator that starts while audio runs is recorded in
 * `window.recordedAlertTones`: its frequency, the start and stop the page asked for on the audio clock (seconds), and
 * how far ahead of the clock its start was. Times are the ones asked for, so a busy machine that takes a while to
 * schedule twenty tones does not make the alert look shorter (the clock moves on while the page schedules them).
 */
export async function blockAudioUntilTouched(page: Page) {
  await page.addInitScript(() => {
    type Tone = { frequency: number; start: number; stop: number | null; delay: number };
    const w = window as unknown as { recordedAlertTones: Tone[]; AudioContext: typeof AudioContext };
    w.recordedAlertTones = [];
    // Playwright's pages always report user activation, so the page's own trusted taps and key presses are counted.
    let touched = false;
    for (const type of ['pointerdown', 'keydown', 'touchend']) {
      window.addEventListener(type, (e) => e.isTrusted && (touched = true), { capture: true });
    }
    const Real = window.AudioContext;
    const allowed = new WeakSet<BaseAudioContext>();
    const realState = Object.getOwnPropertyDescriptor(BaseAudioContext.prototype, 'state')!.get!;
    Object.defineProperty(BaseAudioContext.prototype, 'state', {
      configurable: true,
      get(this: BaseAudioContext) {
        return this instanceof Real && !allowed.has(this) ? 'suspended' : realState.call(this);
      },
    });
    const realResume = Real.prototype.resume;
    Real.prototype.resume = async function (this: AudioContext) {
      if (!touched) return; // no tap yet: stays suspended, like a phone's browser
      allowed.add(this);
      await realResume.call(this);
      this.dispatchEvent(new Event('statechange'));
    };
    w.AudioContext = class extends Real {
      constructor(options?: AudioContextOptions) {
        super(options);
        if (touched) allowed.add(this);
      }
    };
    const start = OscillatorNode.prototype.start;
    const stop = OscillatorNode.prototype.stop;
    const records = new WeakMap<OscillatorNode, Tone>();
    OscillatorNode.prototype.start = function (when = 0) {
      const ctx = this.context as AudioContext;
      if (ctx.state === 'running') {
        const tone: Tone = {
          frequency: this.frequency.value,
          start: when,
          stop: null,
          delay: Math.max(0, when - ctx.currentTime),
        };
        records.set(this, tone);
        w.recordedAlertTones.push(tone);
      }
      return start.call(this, when);
    };
    OscillatorNode.prototype.stop = function (when?: number) {
      const tone = records.get(this);
      if (tone && tone.stop === null && when !== undefined) tone.stop = when;
      return stop.call(this, when);
    };
  });
}

/**
 * Records, in `window.receivedLiveEvents`, the name of every server-sent event the page's live streams hand to the
 * page's own listeners. A journey then checks that a change was pushed (the event came) rather than by how soon the
 * screen followed, which a busy machine stretches past the pages' polling.
 */
export async function recordLiveEvents(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { receivedLiveEvents: string[] };
    w.receivedLiveEvents = [];
    const add = EventSource.prototype.addEventListener;
    EventSource.prototype.addEventListener = function (
      this: EventSource,
      type: string,
      listener: EventListenerOrEventListenerObject | null,
      options?: boolean | AddEventListenerOptions,
    ) {
      add.call(this, type, () => w.receivedLiveEvents.push(type));
      if (listener) add.call(this, type, listener, options);
    } as typeof EventSource.prototype.addEventListener;
  });
}

/** The names of the server-sent events the page has received so far (see `recordLiveEvents`). */
export async function receivedLiveEvents(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { receivedLiveEvents?: string[] }).receivedLiveEvents ?? []);
}

/** A tone the page played: start and stop on the audio clock, delay = how far ahead of the clock it was scheduled. */
export interface RecordedTone {
  frequency: number;
  start: number;
  stop: number | null;
  delay: number;
}

export async function recordedTones(page: Page): Promise<RecordedTone[]> {
  return page.evaluate(() => (window as unknown as { recordedAlertTones: RecordedTone[] }).recordedAlertTones);
}

/** Nothing on the page is wider than the window. */
export async function expectFitsWidth(page: Page) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth, 'page wider than the window').toBeLessThanOrEqual(clientWidth);
}
