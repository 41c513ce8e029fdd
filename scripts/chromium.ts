/**
 * Debian's Chromium and the flags it runs with in this repository's browsers: the Playwright journeys
 * (playwright.config.ts) and the bench's pages and Lighthouse runs (bench/). CHROMIUM_PATH names another binary.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** No sandbox (CI runs as root), no GPU, and nothing in the background that would disturb a timing. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
