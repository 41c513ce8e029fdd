/**
 * The language rows of npm run bench (docs/decisions/027-telugu.md): the first page's JavaScript with
 * English built in and no Telugu catalogue in it (the Lighthouse rows in both languages are in bench/lighthouse.ts).
 * `node --import tsx bench/i18n.ts` runs the bundle row alone on web/dist.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { lighthouseLanguageRows } from './lighthouse.ts';
import { postJson, ROOT, rowsTable, runAlone, type Row } from './support.ts';

/** The JavaScript the first page loads: the entry and its static imports (not dynamic import() chunks), plus the home screen's chunk. */
export function firstPageScripts(dist: string, html: string): Array<{ file: string; code: string }> {
  const entry = [
    ...html.matchAll(/<script[^>]+src="([^"]+\.js)"/g),
    ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g),
  ].map((m) => m[1]!);
  const seen = new Map<string, string>();
  const queue = [...entry];
  while (queue.length) {
    const p = queue.shift()!;
    if (seen.has(p)) continue;
    const code = fs.readFileSync(path.join(dist, p.replace(/^\//, '')), 'utf8');
    seen.set(p, code);
    for (const m of code.matchAll(/(?:^|[;\n}])\s*import\s*(?:[\w*${}\s,]+from\s*)?["']\.\/([^"']+\.js)["']/g))
      queue.push(`/assets/${m[1]}`);
  }
  for (const h of fs.readdirSync(path.join(dist, 'assets')).filter((f) => /^home-.*\.js$/.test(f)))
    seen.set(`/assets/${h}`, fs.readFileSync(path.join(dist, 'assets', h), 'utf8'));
  return [...seen].map(([file, code]) => ({ file, code }));
}

const TELUGU = /[\u0C00-\u0C7F]+/g;

/**
 * First page with English built in (≤ 100 KB gzip), and Telugu not in it: no Telugu catalogue chunk among its files
 * and no more Telugu than the switch's own label and the two relative-time words of shared/src/i18n.
 */
export function languageBundleRows(dist: string, html: string): Row[] {
  const scripts = firstPageScripts(dist, html);
  const gz = scripts.reduce((n, s) => n + zlib.gzipSync(s.code, { level: 9 }).length, 0);
  const teChunks = scripts.filter((s) => /\/te-[\w-]+\.js$/.test(s.file)).map((s) => s.file);
  const teWords = new Set(scripts.flatMap((s) => s.code.match(TELUGU) ?? []));
  const teCatalogues = fs.readdirSync(path.join(dist, 'assets')).filter((f) => /^te-[\w-]+\.js$/.test(f));
  const teGz = teCatalogues.reduce(
    (n, f) => n + zlib.gzipSync(fs.readFileSync(path.join(dist, 'assets', f)), { level: 9 }).length,
    0,
  );
  return [
    {
      measure: `JavaScript for / with English built in (gzip, ${scripts.length} files)`,
      result: `${(gz / 1024).toFixed(1)} KB`,
      target: '≤ 100 KB',
      pass: gz <= 100 * 1024,
    },
    {
      measure: `Telugu in the first page (the ${teCatalogues.length} Telugu catalogues, ${(teGz / 1024).toFixed(1)} KB gzip in all, load when Telugu is chosen)`,
      result: teChunks.length
        ? `catalogues: ${teChunks.join(', ')}`
        : `no catalogue; ${teWords.size} Telugu words (${[...teWords].join(' ')})`,
      target: 'no catalogue, ≤ 10 words',
      pass: teChunks.length === 0 && teWords.size <= 10,
    },
  ];
}

/**
 * Alone: `node --import tsx bench/i18n.ts` prints the bundle rows for web/dist; with `--lighthouse`, the Lighthouse
 * rows too, against a running shop at BENCH_BASE (default http://127.0.0.1:5000) with a customer it registers.
 */
if (runAlone(import.meta.url)) {
  const dist = path.join(ROOT, 'web/dist');
  const rows = languageBundleRows(dist, fs.readFileSync(path.join(dist, 'index.html'), 'utf8'));
  if (process.argv.includes('--lighthouse')) {
    const base = process.env.BENCH_BASE ?? 'http://127.0.0.1:5000';
    const login = { email: `bench.i18n.${Date.now()}@example.com`, password: 'Str0ng!Pass' };
    await postJson(base, '/api/auth/register', { name: 'Bench Customer', ...login, confirmPassword: login.password });
    rows.push(...(await lighthouseLanguageRows(base, login)));
  }
  console.log(rowsTable(rows).join('\n'));
}
