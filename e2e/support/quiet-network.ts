import type { Page, Request } from '@playwright/test';

/**
 * Waits until the page has had no request in flight for `quietMs` (what Playwright's `networkidle` means), but says
 * which requests were still open when it gives up, instead of running into the test's timeout without a word (CI,
 * once, on '/'). A live-updates stream (EventSource) is open for as long as the page is: it does not count.
 */
export function watchNetwork(page: Page) {
  const open = new Map<Request, number>();
  let lastChange = Date.now();
  const done = (r: Request) => {
    if (open.delete(r)) lastChange = Date.now();
  };
  page.on('request', (r) => {
    if (r.resourceType() === 'eventsource') return;
    open.set(r, Date.now());
    lastChange = Date.now();
  });
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return {
    async quiet({ quietMs = 500, timeoutMs = 20_000 } = {}) {
      const end = Date.now() + timeoutMs;
      for (;;) {
        if (open.size === 0 && Date.now() - lastChange >= quietMs) return;
        if (Date.now() > end) {
          const now = Date.now();
          const list = [...open].map(([r, at]) => `${r.method()} ${r.url()} (open ${now - at} ms)`);
          throw new Error(
            `the page's network never went quiet for ${quietMs} ms; still open: ${list.join('; ') || 'none (requests kept starting)'}`,
          );
        }
        await page.waitForTimeout(100);
      }
    },
  };
}
