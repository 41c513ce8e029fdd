import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './scripts/chromium.ts';

const PORT = Number(process.env.E2E_PORT ?? 5055);

// Test workers inherit it: each worker's shop listens on this port + 10 × its index (support/fixtures.ts).
process.env.E2E_PORT = String(PORT);

/**
 * Browser journeys in Debian's Chromium against the real server on a fresh data folder. Each worker starts its own
 * shop (own port, data folder and database: support/fixtures.ts), so the workers' journeys never see each other's
 * orders, printers or settings; a spec file runs whole in one worker, in order (decision 047).
 */
export default defineConfig({
  testDir: './e2e',
  globalSetup: './e2e/support/global-setup.ts',
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  // A hang guard, not a speed check: the longest journeys take 45-55 s on a loaded 2-core machine.
  timeout: 120_000,
  // A wait for the screen, not a speed check. CI runs the journeys next to vitest, lint and typecheck on 2 cores,
  // which starves Chromium's renderers: a counter PC opening the queue in Telugu took 1.6 s here alone, 7.5 s with
  // the renderer slowed 4 times and 17.5 s slowed 12 times (CDP CPU throttling), and CI once missed 10 s (decision 047).
  expect: { timeout: 20_000 },
  reporter: [['list']],
  // The list reporter ends with the slowest spec files: where the journeys' time goes.
  reportSlowTests: { max: 10, threshold: 20_000 },
  outputDir: 'test-results',
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } },
    {
      name: 'phone',
      // On the phone too: the journeys whose screens differ at 390 px and that check it (a menu behind the
      // hamburger, no sideways scroll, thumb-sized targets, cards instead of tables), tagged @phone in their title.
      // Journeys that go the same way at any width run on the desktop only (decision 047).
      grep: /@phone/,
      // An Android phone in Chromium: 390 CSS px wide, touch, mobile viewport meta honoured.
      use: {
        userAgent: devices['Pixel 7'].userAgent,
        viewport: { width: 390, height: 844 },
        deviceScaleFactor: 3,
        isMobile: true,
        hasTouch: true,
        defaultBrowserType: 'chromium',
      },
    },
  ],
});
