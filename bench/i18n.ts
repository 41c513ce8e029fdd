/**
 * The language rows of npm run bench (issue 15, docs/decisions/027-telugu.md): the first page's JavaScript with
 * English built in and no Telugu catalogue in it, and Lighthouse accessibility / best practices / SEO of / and
 * /services in both languages. `node --import tsx bench/i18n.ts` runs the bundle row alone on web/dist.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { chromium } from 'playwright-core';

export interface Row {
  measure: string;
  result: string;
  target: string;
  pass: boolean | null;
}

/** The JavaScript the first page loads: the entry and its static imports (not dynamic import() chunks), plus the home screen's chunk. */
export function firstPageScripts(dist: string, html: string): Array<{ file: string; code: string }> {
  const entry = [...html.matchAll(/<script[^>]+src="([^"]+\.js)"/g), ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)].map((m) => m[1]!);
  const seen = new Map<string, string>();
  const queue = [...entry];
  while (queue.length) {
    const p = queue.shift()!;
    if (seen.has(p)) continue;
    const code = fs.readFileSync(path.join(dist, p.replace(/^\//, '')), 'utf8');
    seen.set(p, code);
    for (const m of code.matchAll(/(?:^|[;\n}])\s*import\s*(?:[\w*${}\s,]+from\s*)?["']\.\/([^"']+\.js)["']/g)) queue.push(`/assets/${m[1]}`);
  }
  for (const h of fs.readdirSync(path.join(dist, 'assets')).filter((f) => /^home-.*\.js$/.test(f))) seen.set(`/assets/${h}`, fs.readFileSync(path.join(dist, 'assets', h), 'utf8'));
  return [...seen].map(([file, code]) => ({ file, code }));
}

const TELUGU = /[\u0C00-\u0C7F]+/g;

/**
 * First page with English built in (≤ 120 KB gzip), and Telugu not in it: no Telugu catalogue chunk among its files
 * and no more Telugu than the switch's own label and the two relative-time words of shared/src/i18n.
 */
export function languageBundleRows(dist: string, html: string): Row[] {
  const scripts = firstPageScripts(dist, html);
  const gz = scripts.reduce((n, s) => n + zlib.gzipSync(s.code, { level: 9 }).length, 0);
  const teChunks = scripts.filter((s) => /\/te-[\w-]+\.js$/.test(s.file)).map((s) => s.file);
  const teWords = new Set(scripts.flatMap((s) => s.code.match(TELUGU) ?? []));
  const teCatalogues = fs.readdirSync(path.join(dist, 'assets')).filter((f) => /^te-[\w-]+\.js$/.test(f));
  const teGz = teCatalogues.reduce((n, f) => n + zlib.gzipSync(fs.readFileSync(path.join(dist, 'assets', f)), { level: 9 }).length, 0);
  return [
    { measure: `JavaScript for / with English built in (gzip, ${scripts.length} files)`, result: `${(gz / 1024).toFixed(1)} KB`, target: '≤ 120 KB', pass: gz <= 120 * 1024 },
    {
      measure: `Telugu in the first page (the ${teCatalogues.length} Telugu catalogues, ${(teGz / 1024).toFixed(1)} KB gzip in all, load when Telugu is chosen)`,
      result: teChunks.length ? `catalogues: ${teChunks.join(', ')}` : `no catalogue; ${teWords.size} Telugu words (${[...teWords].join(' ')})`,
      target: 'no catalogue, ≤ 10 words',
      pass: teChunks.length === 0 && teWords.size <= 10,
    },
  ];
}

const LIGHTHOUSE = 'lighthouse@12.8.2'; // the last major that runs on Node 20
const CATEGORIES = ['accessibility', 'best-practices', 'seo'] as const;
const CHROME_FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

interface Scores {
  scores: number[];
  failing: string[];
  /** Where the page ended up (a signed-out /services would be the sign-in page). */
  finalUrl: string;
}

/**
 * One Lighthouse run (mobile) against the Chromium listening on `port`, keeping its cookies (language, session).
 * Asynchronous on purpose: Playwright, which launched that Chromium, must keep answering while Lighthouse opens its tab.
 */
async function lighthouse(url: string, port: number): Promise<Scores> {
  const out = path.join(os.tmpdir(), `shop-lh-i18n-${process.pid}.json`);
  const args = ['--yes', LIGHTHOUSE, url, `--port=${port}`, `--only-categories=${CATEGORIES.join(',')}`, '--form-factor=mobile', '--disable-storage-reset', '--output=json', `--output-path=${out}`, '--quiet'];
  await promisify(execFile)('npx', args, { timeout: 240_000 });
  const report = JSON.parse(fs.readFileSync(out, 'utf8')) as {
    categories: Record<string, { score: number | null; auditRefs: Array<{ id: string; weight: number }> }>;
    audits: Record<string, { score: number | null }>;
    finalDisplayedUrl: string;
  };
  fs.rmSync(out, { force: true });
  const failing = CATEGORIES.flatMap((c) => report.categories[c]!.auditRefs.filter((a) => a.weight > 0 && report.audits[a.id]?.score !== null && (report.audits[a.id]?.score ?? 1) < 1).map((a) => a.id));
  return { scores: CATEGORIES.map((c) => Math.round((report.categories[c]!.score ?? 0) * 100)), failing, finalUrl: report.finalDisplayedUrl };
}

/**
 * Lighthouse accessibility, best practices and SEO of / (a visitor) and /services (signed in) in English and in
 * Telugu (the ps_lang cookie), in a Chromium that holds real cookies (so the page knows who is signed in).
 */
export async function lighthouseLanguageRows(base: string, login: { email: string; password: string }): Promise<Row[]> {
  const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!fs.existsSync(executablePath)) return [{ measure: 'Lighthouse accessibility / best practices / SEO in both languages', result: `not run: no Chromium at ${executablePath}`, target: '100', pass: null }];
  const port = 20000 + Math.floor(Math.random() * 20000);
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-lh-profile-'));
  const browser = await chromium.launchPersistentContext(profile, { executablePath, headless: true, args: [...CHROME_FLAGS, `--remote-debugging-port=${port}`] });
  const rows: Row[] = [];
  try {
    for (const lang of ['en', 'te'] as const) {
      await browser.clearCookies();
      await browser.addCookies([{ name: 'ps_lang', value: lang, url: base }]);
      const home = await lighthouse(`${base}/`, port);
      const signedIn = await browser.request.post(`${base}/api/auth/login`, { data: login });
      if (!signedIn.ok()) throw new Error(`sign-in for Lighthouse failed: ${signedIn.status()}`);
      const services = await lighthouse(`${base}/services`, port);
      const failing = [...new Set([...home.failing, ...services.failing])];
      const wrongPage = [home, services].filter((r, i) => new URL(r.finalUrl).pathname !== ['/', '/services'][i]).map((r) => r.finalUrl);
      rows.push({
        measure: `Lighthouse mobile ${CATEGORIES.join(' / ')}, / (visitor) and /services (signed in), ${lang === 'en' ? 'English' : 'Telugu'}`,
        result: `${home.scores.join(' / ')} and ${services.scores.join(' / ')}${failing.length ? ` (failing: ${failing.join(', ')})` : ''}${wrongPage.length ? ` (ended on ${wrongPage.join(', ')})` : ''}`,
        target: '100 each',
        pass: wrongPage.length === 0 && [...home.scores, ...services.scores].every((s) => s === 100),
      });
    }
  } catch (err) {
    rows.push({ measure: 'Lighthouse accessibility / best practices / SEO in both languages', result: `not run: ${(err as Error).message.slice(0, 200)}`, target: '100', pass: null });
  } finally {
    await browser.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
  return rows;
}

/**
 * Alone: `node --import tsx bench/i18n.ts` prints the bundle rows for web/dist; with `--lighthouse`, the Lighthouse
 * rows too, against a running shop at BENCH_BASE (default http://127.0.0.1:5000) with a customer it registers.
 */
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../web/dist');
  const rows = languageBundleRows(dist, fs.readFileSync(path.join(dist, 'index.html'), 'utf8'));
  if (process.argv.includes('--lighthouse')) {
    const base = process.env.BENCH_BASE ?? 'http://127.0.0.1:5000';
    const login = { email: `bench.i18n.${Date.now()}@example.com`, password: 'Str0ng!Pass' };
    const res = await fetch(`${base}/api/auth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Bench Customer', ...login, confirmPassword: login.password }) });
    if (!res.ok) throw new Error(`register failed: ${res.status}`);
    rows.push(...(await lighthouseLanguageRows(base, login)));
  }
  for (const r of rows) console.log(`| ${r.measure} | ${r.result} | ${r.target} | ${r.pass === null ? 'n/a' : r.pass ? 'yes' : '**no**'} |`);
}
