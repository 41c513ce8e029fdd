/**
 * Bench rows for hostile photos and office files (decision 031): one customer sends image bombs, then office bombs,
 * while another customer uploads an ordinary photo, then an ordinary Word file. Measured: the server's peak RSS
 * (images; all the shop's processes for office files, LibreOffice included), the other customer's upload time
 * meanwhile, and for the Word file that time against the same file converted with nobody else on the shop.
 */
import fs from 'node:fs';
import path from 'node:path';
import { makePng, pngInflateBomb } from '../server/test/convert/crafted-images.ts';
import { makeDocx, zipBombDocx } from '../server/test/convert/crafted-office.ts';
import { bearer, median, peakWhile, ROOT, uploadFile, type Row } from './support.ts';

const MB = 1024 * 1024;
const IMAGE_RSS_TARGET_MB = 400;
const IMAGE_OTHER_TARGET_MS = 2000;
const OFFICE_RATIO_TARGET = 1.5;
const OFFICE_RSS_TARGET_MB = 1536;

async function upload(
  base: string,
  token: string,
  bytes: Buffer,
  name: string,
  type: string,
): Promise<{ status: number; ms: number; pages?: number; code?: string }> {
  const t = performance.now();
  const res = await uploadFile(base, bearer(token), bytes, name, type);
  const body = (await res.json()) as { pdfInfo?: { pageCount: number }; code?: string };
  return { status: res.status, ms: performance.now() - t, pages: body.pdfInfo?.pageCount, code: body.code };
}

/** The processes counted at the highest sum so far (BENCH_VERBOSE=1 prints them). */
let peakBreakdown: { total: number; parts: string[] } = { total: 0, parts: [] };

/** RSS in MB of a process and every process under it (LibreOffice runs under prlimit and bubblewrap). */
export function treeRssMb(rootPid: number): number {
  const parents = new Map<number, number>();
  const rss = new Map<number, number>();
  const names = new Map<number, string>();
  for (const d of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const status = fs.readFileSync(`/proc/${d}/status`, 'utf8');
      parents.set(Number(d), Number(/PPid:\s+(\d+)/.exec(status)?.[1] ?? 0));
      rss.set(Number(d), Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
      names.set(Number(d), /Name:\s+(\S+)/.exec(status)?.[1] ?? '?');
    } catch {
      // gone meanwhile
    }
  }
  const inTree = (pid: number): boolean => {
    for (let p = pid, hops = 0; p > 1 && hops < 64; p = parents.get(p) ?? 0, hops++) if (p === rootPid) return true;
    return false;
  };
  let total = 0;
  const parts: string[] = [];
  for (const [pid, mb] of rss) {
    if (!inTree(pid)) continue;
    total += mb;
    if (mb > 20) parts.push(`${names.get(pid)} ${mb.toFixed(0)}`);
  }
  if (total > peakBreakdown.total) peakBreakdown = { total, parts };
  return total;
}

/** Item 1: the issue's three PNG bombs from one customer, a photo from another. */
export async function measureHostileImages(
  base: string,
  hostile: string,
  other: string,
  rss: () => number,
): Promise<Row[]> {
  const bombs = [
    {
      name: '2 MB PNG declaring 1000 × 1000, inflating to 2 GB',
      bytes: pngInflateBomb({ width: 1000, height: 1000, inflatesTo: 2048 * MB }),
    },
    { name: '8 MB one inflating to 8 GB', bytes: pngInflateBomb({ width: 1000, height: 1000, inflatesTo: 8192 * MB }) },
    {
      name: '0.2 MB 25-megapixel 16-bit PNG',
      bytes: makePng({ width: 5000, height: 5000, colourType: 2, bitDepth: 16 }),
    },
  ];
  const photo = makePng({ width: 1000, height: 700, colourType: 2, fill: 'noise' });
  // A shop in use: its PDF workers are running (the first upload after a quiet minute starts them).
  await upload(base, other, photo, 'warm-up.png', 'image/png');
  const { value, peak } = await peakWhile(rss, async () => {
    const attack = Promise.all(bombs.map((b) => upload(base, hostile, b.bytes, 'photo.png', 'image/png')));
    await new Promise((r) => setTimeout(r, 300));
    const mine = await upload(base, other, photo, 'screenshot.png', 'image/png');
    return { mine, attack: await attack };
  });
  const refused = value.attack.every((a) => a.status === 400);
  return [
    {
      measure: `Server peak RSS while one customer sends the image bombs (${bombs.map((b, i) => `${b.name}: ${value.attack[i]!.status} in ${(value.attack[i]!.ms / 1000).toFixed(1)} s`).join('; ')})`,
      result: `${peak.toFixed(0)} MB`,
      target: `≤ ${IMAGE_RSS_TARGET_MB} MB (each refused: 400)`,
      pass: peak <= IMAGE_RSS_TARGET_MB && refused,
    },
    {
      measure: `Another customer's photo upload meanwhile (${(photo.length / MB).toFixed(1)} MB PNG, 1000 × 700)`,
      result: `${value.mine.ms.toFixed(0)} ms (${value.mine.status}, ${value.mine.pages ?? '?'} page)`,
      target: `≤ ${IMAGE_OTHER_TARGET_MS} ms`,
      pass: value.mine.ms <= IMAGE_OTHER_TARGET_MS && value.mine.status === 201,
    },
  ];
}

/**
 * Item 4: one customer keeps three office bombs in flight (a zip bomb, a DOCX unpacking to 60 MB, a DOCX
 * with nine 40-megapixel pictures, and a DOCX with three, which passes every check and keeps LibreOffice busy),
 * while another customer converts a one-page Word résumé three times; the same résumé's time with the shop idle
 * is measured first.
 */
export async function measureHostileOffice(
  base: string,
  hostile: string,
  other: string,
  serverPid: number,
): Promise<Row[]> {
  const measure =
    "Another customer's one-page DOCX while one customer sends office bombs: converted in, vs alone (median of 3)";
  const rssMeasure = 'Peak RSS of all the shop’s processes (server, PDF workers, every LibreOffice) meanwhile';
  const resume = fs.readFileSync(path.join(ROOT, 'server/test/fixtures/convert/resume.docx'));
  const docx = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
  const warm = await upload(base, other, resume, 'resume.docx', docx);
  if (warm.status !== 201) {
    const why =
      warm.code === 'invalid_file_type'
        ? 'office files are not taken here (LibreOffice or its sandbox missing)'
        : `the résumé was answered ${warm.status} ${warm.code ?? ''}`;
    return [
      { measure, result: `not run: ${why}`, target: `≤ ${OFFICE_RATIO_TARGET}×`, pass: null },
      { measure: rssMeasure, result: 'not run', target: `≤ ${OFFICE_RSS_TARGET_MB / 1024} GB`, pass: null },
    ];
  }
  const alone: number[] = [];
  for (let i = 0; i < 3; i++) alone.push((await upload(base, other, resume, 'resume.docx', docx)).ms);

  const forty = pngInflateBomb({ width: 8000, height: 5000, inflatesTo: 64 * MB });
  const bombs = [
    { name: 'zip bomb', bytes: zipBombDocx({ bytesEach: 200 * MB, entries: 3 }) },
    { name: 'unpacks to 60 MB', bytes: makeDocx({ padding: { bytes: 60 * MB } }) },
    { name: 'nine 40 MP pictures', bytes: makeDocx({ embeddedImages: Array.from({ length: 9 }, () => forty) }) },
    { name: 'three 40 MP pictures', bytes: makeDocx({ embeddedImages: [forty, forty, forty] }) },
  ];
  const outcomes = new Map<string, string>();
  const run = { stop: false };
  let next = 0;
  const sender = async () => {
    while (!run.stop) {
      const bomb = bombs[next++ % bombs.length]!;
      const r = await upload(base, hostile, bomb.bytes, 'report.docx', docx);
      if (r.status === 429) await new Promise((res) => setTimeout(res, 250));
      else outcomes.set(bomb.name, `${r.status}${r.code ? ` ${r.code}` : ''}`);
    }
  };
  const { value: during, peak } = await peakWhile(
    () => treeRssMb(serverPid),
    async () => {
      const attackers = [sender(), sender(), sender()];
      await new Promise((r) => setTimeout(r, 1500));
      const times: number[] = [];
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) {
        const r = await upload(base, other, resume, 'resume.docx', docx);
        times.push(r.ms);
        statuses.push(r.status);
      }
      run.stop = true;
      await Promise.all(attackers);
      return { times, statuses };
    },
  );
  if (process.env.BENCH_VERBOSE)
    console.log('[bench] office peak:', peakBreakdown.total.toFixed(0), 'MB =', peakBreakdown.parts.join(', '));
  const ratio = median(during.times) / median(alone);
  const ok = during.statuses.every((s) => s === 201);
  const attack = bombs
    .map((b) => `${b.name} (${(b.bytes.length / MB).toFixed(1)} MB): ${outcomes.get(b.name) ?? 'not answered'}`)
    .join('; ');
  return [
    {
      measure: `${measure}; the bombs: ${attack}`,
      result: `${median(during.times).toFixed(0)} ms vs ${median(alone).toFixed(0)} ms alone (${ratio.toFixed(2)}×)${ok ? '' : `, answered ${during.statuses.join('/')}`}`,
      target: `≤ ${OFFICE_RATIO_TARGET}×`,
      pass: ratio <= OFFICE_RATIO_TARGET && ok,
    },
    {
      measure: rssMeasure,
      result: `${peak.toFixed(0)} MB`,
      target: `≤ ${(OFFICE_RSS_TARGET_MB / 1024).toFixed(1)} GB`,
      pass: peak <= OFFICE_RSS_TARGET_MB,
    },
  ];
}
