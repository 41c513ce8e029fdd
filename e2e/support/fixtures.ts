import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test as base, expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { serveCommand } from '../../scripts/serve-command.ts';

export const ADMIN = { email: 'admin@printshop.local', password: 'Admin@12345' };

/** The e2e server's data folder (outbox, files): this worker's shop (E2E_PORT is its port once started). */
export function e2eDataDir(): string {
  return fs.readFileSync(path.join(os.tmpdir(), `shop-e2e-datadir-${process.env.E2E_PORT ?? '5055'}`), 'utf8').trim();
}

let counter = 0;
export function uniqueEmail(prefix = 'customer'): string {
  return `${prefix}.${Date.now()}.${++counter}@example.com`;
}

/** Registers a customer through the API (fast set-up; journeys that test registration click through it). */
export async function registerCustomer(request: APIRequestContext, name = 'Ravi Kumar') {
  const email = uniqueEmail();
  const password = 'Str0ng!Pass';
  const res = await request.post('/api/auth/register', { data: { name, email, password, confirmPassword: password } });
  expect(res.status(), await res.text()).toBe(201);
  return { name, email, password };
}

/** Signs the page's browser context in through the API: the session cookie lands in the context. */
export async function loginAs(page: Page, email: string, password: string) {
  const res = await page.request.post('/api/auth/login', { data: { email, password } });
  expect(res.ok(), await res.text()).toBeTruthy();
}

/** A new customer, signed in on `page`: their name, email and password. */
export async function signedInCustomer(page: Page, name?: string) {
  const c = await registerCustomer(page.request, name);
  await loginAs(page, c.email, c.password);
  return c;
}

/**
 * Fails a test on an unexpected console.error in the browser, and on any Content-Security-Policy violation of the
 * shop's pages (a blocked script, eval, frame or style: something the page meant to do and the policy stopped).
 */
export const test = base.extend<
  { consoleErrors: string[]; cspViolations: string[]; shopLogOnFailure: void },
  { shop: { url: string; logSince(mark: number): string; logMark(): number } }
>({
  // Each worker's own shop: the real server (support/start-server.mjs) on a fresh data folder, on the run's port +
  // 10 × the worker's index, started before the worker's first journey and stopped after its last.
  shop: [
    // oxlint-disable-next-line no-empty-pattern
    async ({}, use, workerInfo) => {
      const port = Number(process.env.E2E_PORT ?? 5055) + 10 * workerInfo.parallelIndex;
      const url = `http://127.0.0.1:${port}`;
      // A server already answering here (another run on the same E2E_PORT, a shop left running) would get this
      // worker's journeys and its data folder: refuse it, with what to do.
      const taken = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2000) }).then(
        () => true,
        () => false,
      );
      if (taken)
        throw new Error(
          `port ${port} already has a server answering (another test run, or a shop left running): stop it, or ` +
            `run the journeys on other ports with E2E_PORT=<port>`,
        );
      const { env: serveEnv, args: serveArgs } = serveCommand();
      const server = spawn(process.execPath, ['e2e/support/start-server.mjs'], {
        // The shop as `npm run serve` starts it: its environment and node's arguments (scripts/serve-command.ts).
        env: { ...process.env, ...serveEnv, E2E_PORT: String(port), E2E_SERVE_ARGS: JSON.stringify(serveArgs) },
        stdio: ['ignore', 'pipe', 'pipe'],
        // Its own process group: stopped with the server it starts.
        detached: true,
      });
      // The shop's own words: its start-up lines and log (stdout), its errors (stderr, also passed on as they come).
      // The last 20 KB are shown if it does not start; a failed journey shows what the shop logged while it ran.
      // Kept as chunks (about the last 1 MB): joined only when shown, not copied again for every log line.
      const chunks: string[] = [];
      let kept = 0;
      let written = 0;
      const keep = (d: Buffer) => {
        const text = d.toString();
        chunks.push(text);
        kept += text.length;
        written += text.length;
        while (chunks.length > 1 && kept - chunks[0]!.length >= 1_000_000) kept -= chunks.shift()!.length;
      };
      const logSince = (mark: number) => {
        const all = chunks.join('');
        return all.slice(Math.max(0, all.length - (written - mark)));
      };
      server.stdout!.on('data', keep);
      server.stderr!.on('data', (d: Buffer) => {
        process.stderr.write(d);
        keep(d);
      });
      const exited = new Promise((resolve) => server.once('exit', resolve));
      const signal = (name: NodeJS.Signals) => {
        try {
          process.kill(-server.pid!, name);
        } catch {
          // Already gone.
        }
      };
      const deadline = Date.now() + 120_000;
      for (;;) {
        const up = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2000) }).then(
          (r) => r.ok,
          () => false,
        );
        if (up) break;
        if (server.exitCode !== null || Date.now() > deadline) {
          signal('SIGKILL');
          throw new Error(
            `the shop for worker ${workerInfo.parallelIndex} did not start on port ${port}` +
              `${server.exitCode !== null ? ` (it exited with ${server.exitCode})` : ''}; its output:\n${chunks.join('').slice(-20_000)}`,
          );
        }
        await new Promise((r) => setTimeout(r, 200));
      }
      // e2eDataDir() and the specs' helpers find this worker's shop by it.
      process.env.E2E_PORT = String(port);
      await use({ url, logSince, logMark: () => written });
      // SIGTERM: the wrapper stops the server and removes its data folder; SIGKILL if it takes too long.
      if (server.exitCode === null) signal('SIGTERM');
      const timer = setTimeout(() => signal('SIGKILL'), 10_000);
      if (server.exitCode === null) await exited;
      clearTimeout(timer);
      fs.rmSync(e2eDataDir(), { recursive: true, force: true });
    },
    { scope: 'worker', auto: true, timeout: 150_000 },
  ],
  baseURL: async ({ shop }, use) => use(shop.url),
  // A journey that fails prints what its worker's shop logged while it ran (the last 12 KB): requests, their status
  // and time, and any error, next to Playwright's own report of the failure.
  shopLogOnFailure: [
    async ({ shop }, use, testInfo) => {
      const mark = shop.logMark();
      await use();
      if (testInfo.status !== testInfo.expectedStatus) {
        const log = shop.logSince(mark);
        process.stderr.write(`--- the shop's log during this journey (last 12 KB of ${log.length} characters) ---\n`);
        process.stderr.write(`${log.slice(-12_000)}\n`);
      }
    },
    { auto: true },
  ],
  cspViolations: [
    async ({ page }, use) => {
      const violations: string[] = [];
      await page.exposeFunction('reportCspViolation', (v: string) => void violations.push(v));
      await page.addInitScript(() =>
        document.addEventListener('securitypolicyviolation', (e) =>
          (window as unknown as { reportCspViolation(v: string): void }).reportCspViolation(
            `${location.pathname}: ${e.violatedDirective} ${e.blockedURI}`,
          ),
        ),
      );
      await use(violations);
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (msg) => {
        if (msg.type() !== 'error') return;
        const text = msg.text();
        // Expected noise: refused requests the test provokes on purpose, and the blocked external map frame.
        if (/Failed to load resource|google\.com|ERR_|net::/.test(text)) return;
        errors.push(text);
      });
      await use(errors);
      expect(errors, 'unexpected console.error in the browser').toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };

/**
 * Goes to a page through the site's own navigation: the top bar on a desktop, the menu behind the
 * hamburger button on a phone (as a customer would).
 */
export async function navigate(page: Page, isMobile: boolean, linkName: string | RegExp) {
  if (isMobile) {
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: linkName }).click();
  } else {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: linkName }).click();
  }
}

/** Signs out from the account menu (desktop) or the phone menu. */
export async function signOut(page: Page, isMobile: boolean) {
  if (isMobile) {
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('navigation', { name: 'Mobile' }).getByRole('button', { name: 'Sign Out' }).click();
  } else {
    await page.getByRole('button', { name: /Account menu for/ }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  }
}

/** Everything on the page fits the window's width: nothing to scroll sideways to (what a phone user hits first). */
export async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth, 'page wider than the window').toBeLessThanOrEqual(clientWidth);
}

/** The element's text is shown whole: not cut off at its edge (an ellipsis hides what a customer needs to read). */
export async function expectShownWhole(el: Locator) {
  const { scrollWidth, clientWidth, text } = await el.evaluate((e) => ({
    scrollWidth: e.scrollWidth,
    clientWidth: e.clientWidth,
    text: e.textContent ?? '',
  }));
  expect(scrollWidth, `"${text}" is cut off`).toBeLessThanOrEqual(clientWidth);
}

const MIN_GAP_PX = 4;

/** The elements' texts neither overlap nor touch one another (labels side by side must not run together). */
export async function expectNoOverlap(items: Locator) {
  const boxes = await items.evaluateAll((els) =>
    els.map((el) => {
      // The text's own extent (a Range), not the element's box: text that overflows its box still counts.
      const range = document.createRange();
      range.selectNodeContents(el);
      const r = range.getBoundingClientRect();
      return { text: el.textContent ?? '', left: r.left, right: r.right, top: r.top, bottom: r.bottom };
    }),
  );
  expect(boxes.length).toBeGreaterThan(1);
  for (let i = 0; i < boxes.length; i++) {
    for (let j = i + 1; j < boxes.length; j++) {
      const a = boxes[i]!;
      const b = boxes[j]!;
      // Side by side on one line they need a visible gap, or the words read as one ('ProcessingCompleted').
      const sameLine = a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
      const tooClose = a.left < b.right + MIN_GAP_PX && b.left < a.right + MIN_GAP_PX;
      expect(sameLine && tooClose, `"${a.text}" runs into "${b.text}"`).toBe(false);
    }
  }
}

/**
 * Every button, link and field on the page is at least `min` CSS px in both directions, so a thumb hits the
 * intended one. Links inside running text are exempt (as WCAG 2.5.8 allows), and so is the skip link.
 */
export async function expectThumbSizedTargets(page: Page, min = 32) {
  const small = await page.evaluate((min) => {
    const out: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>('a, button, select, input, textarea, [role=tab]')) {
      const r = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      if (r.width === 0 || r.height === 0 || style.visibility === 'hidden' || el.classList.contains('sr-only'))
        continue;
      if (el instanceof HTMLInputElement && el.type === 'file') continue;
      // A checkbox or radio whose whole label row is at least as big counts as that row.
      const label = el instanceof HTMLInputElement && el.labels?.[0];
      const box = label && label.contains(el) ? label.getBoundingClientRect() : r;
      const parent = el.parentElement;
      const inText =
        style.display === 'inline' &&
        parent &&
        (parent.textContent ?? '').trim().length > (el.textContent ?? '').trim().length + 3;
      if (inText) continue;
      if (box.height < min || box.width < min) {
        out.push(
          `${el.tagName.toLowerCase()} "${(el.textContent || el.getAttribute('aria-label') || el.getAttribute('type') || '').trim().slice(0, 40)}" ${Math.round(box.width)}×${Math.round(box.height)}`,
        );
      }
    }
    return out;
  }, min);
  expect(small, `targets smaller than ${min} px`).toEqual([]);
}

/**
 * Every icon on the page is drawn at its own proportions: the icons (lucide) are square, and one squeezed narrower
 * than it is tall (a button whose padding leaves it no room) shows as a sliver a customer cannot read.
 */
export async function expectIconsUnsqueezed(page: Page) {
  const squeezed = await page.evaluate(() =>
    [...document.querySelectorAll<SVGElement>('svg.lucide')].flatMap((svg) => {
      const r = svg.getBoundingClientRect();
      if (r.width === 0 && r.height === 0) return [];
      const where = svg.closest('button, a');
      const name = (where?.getAttribute('aria-label') || where?.textContent || '').trim().slice(0, 40);
      return Math.abs(r.width - r.height) > 1
        ? [`${svg.getAttribute('class')} in "${name}" ${Math.round(r.width)}×${Math.round(r.height)}`]
        : [];
    }),
  );
  expect(squeezed, 'icons squeezed out of shape').toEqual([]);
}
