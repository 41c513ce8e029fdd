import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { officeAvailable, toPdf } from '../server/src/modules/convert/index.ts';
import { runConvertJob } from '../server/src/modules/pdf/index.ts';
import { median, type Row } from './support.ts';

const RUNS = 5;

/** A project report as students bring them: headings, paragraphs, a table, Telugu; about a dozen pages. */
function reportHtml(): string {
  const para =
    'The survey covered two hundred households in Guntur district and recorded their water use, the distance to the nearest tap and the hours of supply. ';
  const chapters = Array.from({ length: 12 }, (_, i) => {
    const rows = Array.from(
      { length: 8 },
      (_, r) => `<tr><td>Ward ${r + 1}</td><td>${40 + r * 3}</td><td>${(2.5 + r / 4).toFixed(1)} h</td></tr>`,
    ).join('');
    return `<h1>Chapter ${i + 1}</h1><p>${para.repeat(6)}</p><p>గుంటూరు జిల్లాలో నీటి సరఫరా గురించి ఈ అధ్యాయం వివరిస్తుంది.</p><table border="1"><tr><th>Ward</th><th>Homes</th><th>Supply</th></tr>${rows}</table><p>${para.repeat(5)}</p><p style="page-break-after: always"></p>`;
  });
  return `<!doctype html><html><head><meta charset="utf-8"><title>Water supply in Guntur</title></head><body>${chapters.join('')}</body></html>`;
}

/** LibreOffice on the command line, as a person runs it (its own profile, made once and kept); milliseconds. */
function sofficeDirect(profile: string, file: string, outDir: string, to = 'pdf'): number {
  const t = performance.now();
  const r = spawnSync(
    'soffice',
    [`-env:UserInstallation=file://${profile}`, '--headless', '--convert-to', to, '--outdir', outDir, file],
    { stdio: 'ignore', timeout: 180_000 },
  );
  if (r.status !== 0) throw new Error(`soffice --convert-to ${to} failed (${r.status ?? r.signal})`);
  return performance.now() - t;
}

/**
 * Speed: what the shop's conversion path (convert.ts `toPdf`: recognising the file, LibreOffice in its own
 * process group with the server's kept profile, the PDF moved into place) adds to `soffice --headless --convert-to
 * pdf` run directly on the same DOCX, side by side, alternating, median of 5 each after one warm-up of each.
 */
export async function benchDocx(): Promise<Row> {
  const measure =
    'DOCX conversion: the shop’s path vs `soffice --headless --convert-to pdf` on the same file, median of 5';
  if (!officeAvailable('soffice'))
    return {
      measure,
      result: 'not run: LibreOffice (soffice) is not installed (.ci/run installs it)',
      target: '≤ +10 %',
      pass: null,
    };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bench-docx-'));
  try {
    const profile = path.join(dir, 'profile');
    const html = path.join(dir, 'report.html');
    fs.writeFileSync(html, reportHtml());
    sofficeDirect(profile, html, dir, 'docx:MS Word 2007 XML');
    const docx = path.join(dir, 'report.docx');
    const bytes = fs.statSync(docx).size;
    const shopOnce = async () => {
      const run = fs.mkdtempSync(path.join(dir, 'run-'));
      const received = path.join(run, 'upload');
      fs.copyFileSync(docx, received);
      const t = performance.now();
      const made = await toPdf(received, {
        owner: 'bench',
        runJob: (input, timeoutMs) => runConvertJob('bench', input, timeoutMs),
        soffice: 'soffice',
        sandbox: 'bwrap',
        timeoutMs: 180_000,
        memoryBytes: 1024 * 1024 * 1024,
        hide: [],
      });
      const ms = performance.now() - t;
      if (made.from !== 'docx') throw new Error(`the shop took the file as ${made.from}`);
      fs.rmSync(run, { recursive: true, force: true });
      return ms;
    };
    // Warm-up: both profiles made, files in the page cache.
    sofficeDirect(profile, docx, path.join(dir, 'out'));
    await shopOnce();
    const ours: number[] = [];
    const theirs: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      theirs.push(sofficeDirect(profile, docx, path.join(dir, 'out')));
      ours.push(await shopOnce());
    }
    const added = median(ours) / median(theirs) - 1;
    const pdf = path.join(dir, 'out', 'report.pdf');
    const pages = (fs.readFileSync(pdf, 'latin1').match(/\/Type\s*\/Page[^s]/g) ?? []).length;
    return {
      measure: `${measure} (a ${pages}-page report, ${(bytes / 1024).toFixed(0)} KB)`,
      result: `${median(ours).toFixed(0)} ms vs ${median(theirs).toFixed(0)} ms (${added >= 0 ? '+' : ''}${(added * 100).toFixed(1)} %)`,
      target: '≤ +10 %',
      pass: added <= 0.1,
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
