/**
 * The Lighthouse rows of npm run bench: mobile performance of / (a visitor) and /services (signed in), and
 * accessibility / best practices / SEO of both in English and Telugu (docs/decisions/027-telugu.md).
 * Lighthouse (npm, run with npx so `npm install` stays light) drives a Chromium launched by Playwright with a real
 * profile, so a signed-in page sees its session cookie as a customer's browser would; a run that ends on another page
 * (the sign-in page of a lost session) is reported, not scored.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { chromium, type BrowserContext } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium.ts';
import { median, randomPort, type Row } from './support.ts';

const LIGHTHOUSE = 'lighthouse@12.8.2'; // the last major that runs on Node 20
const QUALITY = ['accessibility', 'best-practices', 'seo'] as const;

interface Run {
  /** Score 0-100 per category asked for. */
  scores: Record<string, number>;
  /** Audits that count and did not pass. */
  failing: string[];
  /** Where the page ended up (a signed-out /services would be the sign-in page). */
  finalUrl: string;
}

/**
 * One Lighthouse run (mobile preset) against the Chromium listening on `port`. Lighthouse empties the HTTP cache and
 * the origin's caches first (a first visit) but keeps cookies (its default `clearStorageTypes`). Asynchronous on
 * purpose: Playwright, which launched that Chromium, must keep answering while Lighthouse opens its tab.
 */
async function lighthouse(url: string, port: number, categories: readonly string[]): Promise<Run> {
  const out = path.join(os.tmpdir(), `shop-lh-${process.pid}.json`);
  const args = [
    '--yes',
    LIGHTHOUSE,
    url,
    `--port=${port}`,
    `--only-categories=${categories.join(',')}`,
    '--form-factor=mobile',
    '--output=json',
    `--output-path=${out}`,
    '--quiet',
  ];
  // One retry: opening a tab can fail on a busy machine.
  for (let attempt = 1; ; attempt++) {
    try {
      await promisify(execFile)('npx', args, { timeout: 240_000 });
      break;
    } catch (err) {
      if (attempt >= 2) throw err;
    }
  }
  const report = JSON.parse(fs.readFileSync(out, 'utf8')) as {
    categories: Record<string, { score: number | null; auditRefs: Array<{ id: string; weight: number }> }>;
    audits: Record<string, { score: number | null }>;
    finalDisplayedUrl: string;
  };
  fs.rmSync(out, { force: true });
  const scores = Object.fromEntries(categories.map((c) => [c, Math.round((report.categories[c]!.score ?? 0) * 100)]));
  const failing = categories.flatMap((c) =>
    report.categories[c]!.auditRefs.filter(
      (a) => a.weight > 0 && report.audits[a.id]?.score !== null && (report.audits[a.id]?.score ?? 1) < 1,
    ).map((a) => a.id),
  );
  return { scores, failing, finalUrl: report.finalDisplayedUrl };
}

const endedElsewhere = (run: Run, pathname: string) =>
  new URL(run.finalUrl).pathname === pathname ? [] : [run.finalUrl];

async function withChromium<T>(fn: (browser: BrowserContext, port: number) => Promise<T>): Promise<T> {
  if (!fs.existsSync(CHROMIUM_PATH)) throw new Error(`no Chromium at ${CHROMIUM_PATH}`);
  const port = randomPort();
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-lh-profile-'));
  const browser = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`],
  });
  try {
    return await fn(browser, port);
  } finally {
    await browser.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
}

async function signIn(browser: BrowserContext, base: string, login: { email: string; password: string }) {
  const res = await browser.request.post(`${base}/api/auth/login`, { data: login });
  if (!res.ok()) throw new Error(`sign-in for Lighthouse failed: ${res.status()}`);
}

/** Mobile performance of / as a visitor and /services signed in, median of `runs` each. */
export async function lighthousePerformanceRow(
  base: string,
  login: { email: string; password: string },
  runs = 3,
): Promise<Row> {
  const measure = `Lighthouse mobile performance, / (visitor) and /services (signed in), median of ${runs}`;
  try {
    return await withChromium(async (browser, port) => {
      const home: Run[] = [];
      for (let i = 0; i < runs; i++) home.push(await lighthouse(`${base}/`, port, ['performance']));
      await signIn(browser, base, login);
      const services: Run[] = [];
      for (let i = 0; i < runs; i++) services.push(await lighthouse(`${base}/services`, port, ['performance']));
      const h = median(home.map((r) => r.scores.performance!));
      const s = median(services.map((r) => r.scores.performance!));
      const wrong = [
        ...home.flatMap((r) => endedElsewhere(r, '/')),
        ...services.flatMap((r) => endedElsewhere(r, '/services')),
      ];
      return {
        measure,
        result: `${h} and ${s} (runs: ${home.map((r) => r.scores.performance).join(', ')}; ${services.map((r) => r.scores.performance).join(', ')})${wrong.length ? ` (ended on ${[...new Set(wrong)].join(', ')})` : ''}`,
        target: '≥ 95',
        pass: wrong.length === 0 && h >= 95 && s >= 95,
      };
    });
  } catch (err) {
    return { measure, result: `not run: ${(err as Error).message.slice(0, 200)}`, target: '≥ 95', pass: null };
  }
}

/**
 * Lighthouse accessibility, best practices and SEO of / (a visitor) and /services (signed in) in English and in
 * Telugu (the ps_lang cookie).
 */
export async function lighthouseLanguageRows(base: string, login: { email: string; password: string }): Promise<Row[]> {
  try {
    return await withChromium(async (browser, port) => {
      const rows: Row[] = [];
      for (const lang of ['en', 'te'] as const) {
        await browser.clearCookies();
        await browser.addCookies([{ name: 'ps_lang', value: lang, url: base }]);
        const home = await lighthouse(`${base}/`, port, QUALITY);
        await signIn(browser, base, login);
        const services = await lighthouse(`${base}/services`, port, QUALITY);
        const failing = [...new Set([...home.failing, ...services.failing])];
        const wrong = [...endedElsewhere(home, '/'), ...endedElsewhere(services, '/services')];
        const all = [...Object.values(home.scores), ...Object.values(services.scores)];
        rows.push({
          measure: `Lighthouse mobile ${QUALITY.join(' / ')}, / (visitor) and /services (signed in), ${lang === 'en' ? 'English' : 'Telugu'}`,
          result: `${Object.values(home.scores).join(' / ')} and ${Object.values(services.scores).join(' / ')}${failing.length ? ` (failing: ${failing.join(', ')})` : ''}${wrong.length ? ` (ended on ${wrong.join(', ')})` : ''}`,
          target: '100 each',
          pass: wrong.length === 0 && all.every((s) => s === 100),
        });
      }
      return rows;
    });
  } catch (err) {
    return [
      {
        measure: 'Lighthouse accessibility / best practices / SEO in both languages',
        result: `not run: ${(err as Error).message.slice(0, 200)}`,
        target: '100',
        pass: null,
      },
    ];
  }
}
