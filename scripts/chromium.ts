/**
 * Debian's Chromium and the flags it runs with in this repository's browsers: the Playwright journeys
 * (playwright.config.ts) and the bench's pages and Lighthouse runs (bench/). CHROMIUM_PATH names another binary.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The features Playwright itself turns off (playwright-core's chromiumSwitches): Chromium reads one
 * `--disable-features`, the last, so ours below must repeat them (server/test/foundation/chromium-args.test.ts checks
 * the installed Playwright's list is all here).
 */
export const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

/**
 * Ours: no omnibox popup pages (two WebUI renderers made for every window, so for every browser context a journey
 * opens, though a headless browser never shows them) and no spare renderer kept warm. Measured here: 15 contexts
 * took 13.5 CPU s of Chromium with them, 5.9 s without (decision 047).
 */
const DISABLED_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup', 'SpareRendererForSitePerProcess'];

/** No sandbox (CI runs as root), no GPU, and nothing in the background that would disturb a timing. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...DISABLED_FEATURES].join(',')}`,
];
