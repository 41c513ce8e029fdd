import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './scripts/chromium.ts';

const PORT = Number(process.env.E2E_PORT ?? 5055);

/**
 * Specs that also run on a phone (390 × 844, touch, mobile viewport): what a customer does on their phone.
 * Add a spec file here to run it on the phone project too.
 */
const PHONE_SPECS = [
  'accounts.spec.ts',
  'files.spec.ts',
  'ordering.spec.ts',
  'shell.spec.ts',
  'staff-counter.spec.ts',
  'printing.spec.ts',
  'reports.spec.ts',
  'refunds.spec.ts',
  'pickup.spec.ts',
  'multi-document.spec.ts',
  'unpaid-orders.spec.ts',
  'whatsapp.spec.ts',
  'three-documents.spec.ts',
  'pickup-scan.spec.ts',
  'walk-in.spec.ts',
  'telugu.spec.ts',
  'order-wizard.spec.ts',
  'phone-numbers.spec.ts',
  'order-history.spec.ts',
  'wizard-documents.spec.ts',
  'counter-search.spec.ts',
  'counter-collect.spec.ts',
  'walk-in-rush.spec.ts',
  'counter-phone.spec.ts',
  'admin-owner.spec.ts',
  'toasts.spec.ts',
];
// Test workers inherit it: fixtures find this run's data folder by port.
process.env.E2E_PORT = String(PORT);

/** Browser journeys in Debian's Chromium against the real server on a fresh data folder. */
export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
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
      testMatch: PHONE_SPECS,
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
  webServer: {
    command: `node e2e/support/start-server.mjs`,
    url: `http://127.0.0.1:${PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: { E2E_PORT: String(PORT) },
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
