/**
 * npm run make:test-pdfs — writes the small PDFs the tests upload and read into server/test/fixtures/pdfs/, with
 * manifest.json: each file's size, sha256, the page count poppler's pdfinfo and qpdf report (null: they cannot read
 * it), its distinct page boxes with their rotation, its orientation as printed, what made it and why it is there.
 * The files are committed, so running the tests needs none of the tools used here: Ghostscript (pdfwrite, png),
 * qpdf and pdfinfo (Debian: ghostscript, qpdf, poppler-utils). Every text is made up here; nothing third-party.
 * Same tools, same bytes, except the AES-256 files (qpdf draws a new random key every time).
 */
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { textLines } from './test-pdfs/big-pdf.ts';
import { buildPdf, seededRandom, type PageSpec } from './test-pdfs/pdf-writer.ts';

const OUT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../server/test/fixtures/pdfs');
const USER_PASSWORD = 'shop-test-user';
const OWNER_PASSWORD = 'shop-test-owner';

for (const [tool, pkg] of [
  ['gs', 'ghostscript'],
  ['qpdf', 'qpdf'],
  ['pdfinfo', 'poppler-utils'],
] as const) {
  try {
    execFileSync(tool, [tool === 'pdfinfo' ? '-v' : '--version'], { stdio: 'ignore' });
  } catch {
    console.error(`make-test-pdfs needs ${tool} (apt-get install -y ${pkg})`);
    process.exit(1);
  }
}

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'make-test-pdfs-'));
const tmp = (name: string) => path.join(work, name);
const out = (name: string) => path.join(OUT, name);
const notes: Record<string, { madeBy: string; note: string }> = {};
const record = (name: string, madeBy: string, note: string) => (notes[name] = { madeBy, note });
const A4 = [595, 842] as const;
const LETTER = [612, 792] as const;

/** A PostScript program of text pages (Times, a Helvetica heading), turned into a PDF by Ghostscript's pdfwrite. */
function ghostscriptPdf(
  file: string,
  title: string,
  sizes: ReadonlyArray<readonly [number, number]>,
  seed: number,
  colour = false,
  linesPerPage?: number[],
) {
  const random = seededRandom(seed);
  const ps = [
    '%!PS-Adobe-3.0',
    `%%Pages: ${sizes.length}`,
    '%%EndComments',
    '/body /Times-Roman findfont 11 scalefont def',
    '/head /Helvetica-Bold findfont 16 scalefont def',
  ];
  sizes.forEach(([w, h], i) => {
    ps.push(
      `%%Page: ${i + 1} ${i + 1}`,
      `<< /PageSize [${w} ${h}] >> setpagedevice`,
      `head setfont 56 ${h - 62} moveto (${title}, page ${i + 1}) show`,
      'body setfont',
    );
    const lines = textLines(random, linesPerPage?.[i] ?? Math.floor((h - 160) / 14));
    lines.forEach((line, k) => ps.push(`56 ${h - 92 - k * 14} moveto (${line}) show`));
    if (colour)
      ps.push('0.1 0.45 0.85 setrgbcolor 56 40 220 36 rectfill 0.9 0.2 0.1 setrgbcolor 300 40 220 36 rectfill');
    ps.push('showpage');
  });
  ps.push('%%EOF');
  fs.writeFileSync(tmp('in.ps'), ps.join('\n'));
  execFileSync('gs', [
    '-q',
    '-dSAFER',
    '-dBATCH',
    '-dNOPAUSE',
    '-sDEVICE=pdfwrite',
    '-dAutoRotatePages=/None',
    '-dOmitXMP',
    '-dOmitID',
    '-dOmitInfoDate',
    `-sOutputFile=${file}`,
    // Embed (subsets of) every font, the base 14 too, as most documents customers bring do.
    '-c',
    '<< /NeverEmbed [ ] >> setdistillerparams',
    '-f',
    tmp('in.ps'),
  ]);
}

/** Text pages from the repository's own writer (Helvetica, not embedded). */
function writerPdf(
  file: string,
  title: string,
  pages: Array<Omit<PageSpec, 'lines'>>,
  seed: number,
  opts: { objectStreams?: boolean; lines?: number } = {},
) {
  const random = seededRandom(seed);
  const specs = pages.map((p, i) => ({
    ...p,
    lines: [`${title}, page ${i + 1}`, '', ...textLines(random, opts.lines ?? 8)],
  }));
  fs.writeFileSync(file, buildPdf(specs, { title, seed, ...opts }));
}
const qpdf = (...args: string[]) => execFileSync('qpdf', ['--deterministic-id', ...args]);
// qpdf's test switches for a fixed ID and AES initialisation vector (a deterministic ID cannot be used with encryption).
const qpdfEncrypt = (...args: string[]) => execFileSync('qpdf', ['--static-id', '--static-aes-iv', ...args]);
const repeat = <T>(n: number, page: T) => Array.from({ length: n }, () => page);

fs.mkdirSync(OUT, { recursive: true });
for (const f of fs.readdirSync(OUT)) if (f.endsWith('.pdf') || f === 'manifest.json') fs.rmSync(out(f));

// Documents as customers bring them.
ghostscriptPdf(out('notes-a4-38p.pdf'), 'Class notes', repeat(38, A4), 38);
record('notes-a4-38p.pdf', 'Ghostscript pdfwrite', 'A4 portrait text, fonts embedded: the everyday upload');
ghostscriptPdf(out('letter-a4-4p.pdf'), 'Letter to the shop', repeat(4, A4), 4, false, [6, 48, 22, 36]);
record(
  'letter-a4-4p.pdf',
  'Ghostscript pdfwrite',
  'A4 portrait text, 4 pages of clearly different lengths: printed pages told apart by their ink',
);
ghostscriptPdf(out('page-a4-1p.pdf'), 'One page', repeat(1, A4), 1);
record('page-a4-1p.pdf', 'Ghostscript pdfwrite', 'A single A4 page: odd-length double-sided print jobs');
writerPdf(out('report-a4-26p.pdf'), 'Project report', repeat(26, { width: A4[0], height: A4[1] }), 26);
record(
  'report-a4-26p.pdf',
  'scripts/test-pdfs/pdf-writer.ts',
  'A4 portrait, classic cross-reference table, standard font not embedded',
);
ghostscriptPdf(out('landscape-a4.pdf'), 'Poster', [[A4[1], A4[0]]], 1, true);
record('landscape-a4.pdf', 'Ghostscript pdfwrite', 'one A4 landscape page (wider than tall, no /Rotate) with colour');
ghostscriptPdf(out('portrait-letter.pdf'), 'Letter', repeat(3, LETTER), 3);
record('portrait-letter.pdf', 'Ghostscript pdfwrite', 'US Letter portrait');
writerPdf(
  out('letter-rotate90.pdf'),
  'Slides',
  repeat(4, { width: LETTER[0], height: LETTER[1], rotate: 90 as const }),
  4,
);
record('letter-rotate90.pdf', 'scripts/test-pdfs/pdf-writer.ts', 'Letter pages with /Rotate 90: printed landscape');
writerPdf(out('many-pages-1030p.pdf'), 'Question bank', repeat(1030, { width: A4[0], height: A4[1] }), 1030, {
  objectStreams: true,
  lines: 1,
});
record(
  'many-pages-1030p.pdf',
  'scripts/test-pdfs/pdf-writer.ts',
  '1030 pages, balanced page tree, object streams and a cross-reference stream',
);

// qpdf's transformations of them.
writerPdf(
  tmp('sizes.pdf'),
  'Sizes',
  [
    { width: 842, height: 1191 },
    { width: 612, height: 1008 },
    { width: 420, height: 595 },
  ],
  5,
);
qpdf(
  '--empty',
  '--pages',
  out('notes-a4-38p.pdf'),
  '1-4',
  tmp('sizes.pdf'),
  out('portrait-letter.pdf'),
  '1',
  '--',
  '--rotate=+90:2',
  '--rotate=+180:3',
  '--rotate=+270:4',
  '--rotate=+90:6',
  out('q-mixed-sizes-rotated.pdf'),
);
record('q-mixed-sizes-rotated.pdf', 'qpdf', 'A4, A3, legal, A5 and Letter pages in one file, some rotated 90/180/270');
qpdf('--object-streams=generate', out('report-a4-26p.pdf'), out('q-objstm.pdf'));
record('q-objstm.pdf', 'qpdf', 'object streams');
qpdf('--stream-data=uncompress', '--object-streams=disable', out('portrait-letter.pdf'), out('q-uncompressed.pdf'));
record('q-uncompressed.pdf', 'qpdf', 'no stream compressed');
qpdf('--linearize', out('notes-a4-38p.pdf'), out('q-linearized.pdf'));
record('q-linearized.pdf', 'qpdf', "linearized ('fast web view', as scanners and Acrobat save)");
qpdfEncrypt('--encrypt', '', OWNER_PASSWORD, '256', '--', out('notes-a4-38p.pdf'), out('q-aes256-emptyuser.pdf'));
record('q-aes256-emptyuser.pdf', 'qpdf', 'AES-256 encrypted, empty user password: opens without a password');
qpdfEncrypt(
  '--allow-weak-crypto',
  '--encrypt',
  '',
  OWNER_PASSWORD,
  '128',
  '--use-aes=n',
  '--',
  out('report-a4-26p.pdf'),
  out('q-rc4-128-emptyuser.pdf'),
);
record('q-rc4-128-emptyuser.pdf', 'qpdf', 'RC4-128 encrypted, empty user password');
qpdfEncrypt(
  '--encrypt',
  USER_PASSWORD,
  OWNER_PASSWORD,
  '256',
  '--',
  out('report-a4-26p.pdf'),
  out('q-aes256-userpw.pdf'),
);
record('q-aes256-userpw.pdf', 'qpdf', `AES-256 with a user password (${USER_PASSWORD}): cannot be read without it`);

// Broken and disguised files.
const notesPdf = fs.readFileSync(out('notes-a4-38p.pdf'));
fs.writeFileSync(out('bad-empty.pdf'), '');
record('bad-empty.pdf', 'make-test-pdfs', 'empty file');
fs.writeFileSync(
  out('bad-text-renamed.pdf'),
  'Shopping list\n\n- 2 reams A4 paper\n- spiral coils\n- toner for the counter printer\n'.repeat(20),
);
record('bad-text-renamed.pdf', 'make-test-pdfs', 'a text file renamed .pdf');
execFileSync('gs', [
  '-q',
  '-dSAFER',
  '-dBATCH',
  '-dNOPAUSE',
  '-sDEVICE=pnggray',
  '-r24',
  `-sOutputFile=${out('bad-png-renamed.pdf')}`,
  out('landscape-a4.pdf'),
]);
record('bad-png-renamed.pdf', 'Ghostscript png', 'a PNG image renamed .pdf');
fs.writeFileSync(out('bad-truncated-half.pdf'), notesPdf.subarray(0, Math.floor(notesPdf.length / 2)));
record('bad-truncated-half.pdf', 'make-test-pdfs', 'notes-a4-38p.pdf cut to half its length');
fs.writeFileSync(out('bad-truncated-tail2k.pdf'), notesPdf.subarray(0, notesPdf.length - 2048));
record('bad-truncated-tail2k.pdf', 'make-test-pdfs', 'notes-a4-38p.pdf with its last 2 KB cut off');
const report = fs.readFileSync(out('report-a4-26p.pdf')).toString('latin1');
fs.writeFileSync(
  out('bad-wrong-startxref.pdf'),
  Buffer.from(
    report.replace(/startxref\n(\d+)/, (_m, n: string) => `startxref\n${Number(n) - 1500}`),
    'latin1',
  ),
);
record(
  'bad-wrong-startxref.pdf',
  'make-test-pdfs',
  'report-a4-26p.pdf with a wrong startxref offset (readers repair it)',
);
const garbled = Buffer.from(notesPdf);
const garbage = seededRandom(4096);
for (let i = 0; i < 4096; i++) garbled[Math.floor(garbled.length / 2) + i] = Math.floor(garbage() * 256);
fs.writeFileSync(out('bad-garbage-middle.pdf'), garbled);
record('bad-garbage-middle.pdf', 'make-test-pdfs', 'notes-a4-38p.pdf with 4 KB of random bytes over its middle');

fs.rmSync(work, { recursive: true, force: true });

/** What poppler's pdfinfo says: page count and each page's box and rotation (null when it cannot read the file). */
function pdfinfo(file: string): { pages: number; boxes: Array<[number, number, number]> } | null {
  const pw = path.basename(file) === 'q-aes256-userpw.pdf' ? ['-upw', USER_PASSWORD] : [];
  try {
    const text = execFileSync('pdfinfo', [...pw, '-f', '1', '-l', '99999', file], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    const pages = Number(/^Pages:\s+(\d+)/m.exec(text)?.[1]);
    const sizes = [...text.matchAll(/^Page\s+\d+ size:\s+([\d.]+) x ([\d.]+) pts/gm)].map((m) => [
      Math.round(Number(m[1])),
      Math.round(Number(m[2])),
    ]);
    const rotations = [...text.matchAll(/^Page\s+\d+ rot:\s+(\d+)/gm)].map((m) => Number(m[1]));
    const boxes = new Map(
      sizes.map(([w, h], i) => [`${w}x${h}x${rotations[i]}`, [w!, h!, rotations[i]!] as [number, number, number]]),
    );
    return { pages, boxes: [...boxes.values()].sort((a, b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2]) };
  } catch {
    return null;
  }
}

function qpdfPages(file: string): number | null {
  const pw = path.basename(file) === 'q-aes256-userpw.pdf' ? [`--password=${USER_PASSWORD}`] : [];
  try {
    return Number(
      execFileSync('qpdf', [...pw, '--show-npages', file], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      }).trim(),
    );
  } catch (err) {
    // Exit status 3: read, with warnings (a repaired file).
    const { status, stdout } = err as { status?: number; stdout?: string };
    return status === 3 && stdout?.trim() ? Number(stdout.trim()) : null;
  }
}

const manifest: Record<string, unknown> = {};
for (const name of Object.keys(notes).sort()) {
  const file = out(name);
  const bytes = fs.readFileSync(file);
  const info = pdfinfo(file);
  const printed = new Set(
    (info?.boxes ?? []).map(([w, h, r]) => ((r % 180 === 90 ? h > w : w > h) ? 'landscape' : 'portrait')),
  );
  manifest[name] = {
    bytes: bytes.length,
    sha256: crypto.createHash('sha256').update(bytes).digest('hex'),
    pdfinfo_pages: info?.pages ?? null,
    qpdf_pages: qpdfPages(file),
    distinct_page_boxes_pt_and_rotation: info?.boxes ?? [],
    orientation: printed.size === 0 ? null : printed.size > 1 ? 'mixed' : [...printed][0],
    made_by: notes[name]!.madeBy,
    note: notes[name]!.note,
  };
}
fs.writeFileSync(out('manifest.json'), `${JSON.stringify(manifest, null, 1)}\n`);
const total = Object.values(manifest).reduce((s: number, e) => s + (e as { bytes: number }).bytes, 0);
console.log(
  `${Object.keys(manifest).length} files, ${(total / 1024).toFixed(0)} KB, in ${path.relative(process.cwd(), OUT)}`,
);
