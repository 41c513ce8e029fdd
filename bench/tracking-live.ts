/**
 * Bench row (decision 020): a status change → shown on an open tracking page. A customer's tracking page is open
 * in real Chromium (playwright-core, Debian's /usr/bin/chromium); the counter changes the status through the API;
 * the time until the page shows the new step, taken inside the page at the first animation frame that shows it.
 * Median of 5 orders. `node --import tsx bench/tracking-live.ts` runs it alone on a fresh shop (from the sources,
 * the web app built if it is not; `--built`: the production build as `npm start` runs it).
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium.ts';
import { withFreshShop } from './fresh-shop.ts';
import { median, placePaidOrder, ROOT, runAlone, signIn, type Row } from './support.ts';

const PDF = path.join(ROOT, 'server/test/fixtures/pdfs/page-a4-1p.pdf');
const RUNS = 5;
const WAIT_MS = 10_000;
const MEASURE = `Status change → shown on an open tracking page (Chromium, live push), median of ${RUNS}`;

export interface TrackingBenchInput {
  base: string;
  /** The counter (changes the status). */
  staff: Record<string, string>;
  /** A customer's sign-in (the browser signs in as them, cookie and all). */
  customer: { email: string; password: string };
}

export async function benchTrackingLive(input: TrackingBenchInput): Promise<Row> {
  if (!fs.existsSync(CHROMIUM_PATH))
    return { measure: MEASURE, result: `not run: no Chromium at ${CHROMIUM_PATH}`, target: '≤ 1000 ms', pass: null };
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ baseURL: input.base, viewport: { width: 390, height: 844 } });
    const login = await context.request.post('/api/auth/login', { data: input.customer });
    if (!login.ok()) throw new Error(`customer login: ${login.status()}`);
    // The orders are the same customer's, placed through the API as the web app places them.
    const customer = await signIn(input.base, input.customer);
    const pdf = fs.readFileSync(PDF);
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const order = await placePaidOrder(input.base, customer, pdf, 'black_white_printing');
      const page = await context.newPage();
      // The page is open and listening: its live stream answered, and it shows the order's first step.
      const listening = page
        .waitForResponse((r) => new URL(r.url()).pathname === '/api/orders/events', { timeout: WAIT_MS })
        .catch(() => null);
      await page.goto(`/order-tracking/${order.orderNumber}`);
      if (!(await listening)) throw new Error('the tracking page opened no live stream');
      const current = page.getByRole('list', { name: 'Order steps' }).locator('[aria-current="step"]');
      await current.filter({ hasText: 'Order Placed' }).waitFor({ timeout: WAIT_MS });
      // Checked at every frame inside the page; answers the wall-clock time of the first frame showing "Viewed".
      const shown = page
        .waitForFunction(
          ({ selector, label }) => {
            const doc = (
              globalThis as unknown as { document: { querySelector(s: string): { textContent: string | null } | null } }
            ).document;
            return doc.querySelector(selector)?.textContent?.includes(label) ? Date.now() : false;
          },
          { selector: '[aria-label="Order steps"] [aria-current="step"]', label: 'Viewed' },
          { polling: 'raf', timeout: WAIT_MS },
        )
        .then(
          (h) => h.jsonValue() as Promise<number>,
          () => Number.POSITIVE_INFINITY,
        );
      const t0 = Date.now();
      const changed = await fetch(`${input.base}/api/staff/orders/${order.id}/status`, {
        method: 'PATCH',
        headers: { ...input.staff, 'content-type': 'application/json' },
        body: JSON.stringify({ status: 'visited' }),
      });
      if (!changed.ok) throw new Error(`status change: ${changed.status} ${await changed.text()}`);
      const t1 = await shown;
      times.push(t1 - t0);
      await page.close();
    }
    const m = median(times);
    const runs = times.map((t) => (Number.isFinite(t) ? t.toFixed(0) : `>${WAIT_MS}`)).join(', ');
    return {
      measure: MEASURE,
      result: Number.isFinite(m) ? `${m.toFixed(0)} ms (runs: ${runs})` : `not shown within ${WAIT_MS / 1000} s`,
      target: '≤ 1000 ms',
      pass: m <= 1000,
    };
  } finally {
    await browser.close();
  }
}

/** Alone: a fresh shop, a customer and a clerk. */
const standalone = () =>
  withFreshShop({ built: process.argv.includes('--built'), web: true }, async (shop) =>
    console.log(
      await benchTrackingLive({
        base: shop.base,
        staff: shop.staff,
        customer: { email: shop.customer.email, password: shop.customer.password },
      }),
    ),
  );

if (runAlone(import.meta.url)) void standalone();
