/**
 * Bench rows for hostile PDFs (decision 010): one customer sends the hostile files (the 1,000,000-page PDF and the PDF
 * whose page inflates to 4 GiB, then asks for that page's preview) while another customer uploads a 3-page PDF.
 * Measured: the server's peak RSS meanwhile, and how long the other customer waits for the answer.
 */
import { inflateBombPdf, millionPagePdf, pagedPdf } from '../server/test/pdf/crafted-pdfs.ts';

export interface BenchRow {
  measure: string;
  result: string;
  target: string;
  pass: boolean | null;
}

const RSS_TARGET_MB = 400;
const OTHER_TARGET_MS = 2000;

async function timed<T>(fn: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const t = performance.now();
  const value = await fn();
  return { value, ms: performance.now() - t };
}

function upload(base: string, token: string, bytes: Buffer, name: string) {
  const fd = new FormData();
  fd.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), name);
  return fetch(`${base}/api/pdf/upload`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: fd });
}

/** `hostile` and `other` are two customers' bearer tokens; `rss()` reads the server's RSS in MB. */
export async function measureHostilePdfs(
  base: string,
  hostile: string,
  other: string,
  rss: () => number,
): Promise<BenchRow[]> {
  const million = millionPagePdf();
  const bomb = inflateBombPdf();
  const small = pagedPdf({ pages: 3 });
  let peak = rss();
  const sampler = setInterval(() => (peak = Math.max(peak, rss())), 25);
  try {
    const bombUpload = await upload(base, hostile, bomb, 'bomb.pdf');
    const bombFile = (await bombUpload.json()) as { file?: { previewUrl: string } };
    if (bombUpload.status !== 201 || !bombFile.file)
      throw new Error(`the bomb upload was answered ${bombUpload.status}`);
    // The hostile customer's two jobs are under way (one running, one waiting its turn) when the other customer uploads.
    const millionJob = timed(async () => (await upload(base, hostile, million, 'million.pdf')).status);
    const previewJob = timed(
      async () =>
        (await fetch(base + bombFile.file!.previewUrl, { headers: { authorization: `Bearer ${hostile}` } })).status,
    );
    await new Promise((r) => setTimeout(r, 300));
    const otherJob = await timed(async () => {
      const res = await upload(base, other, small, 'three-pages.pdf');
      return {
        status: res.status,
        pages: ((await res.json()) as { pdfInfo?: { pageCount: number } }).pdfInfo?.pageCount,
      };
    });
    const [m, p] = await Promise.all([millionJob, previewJob]);
    peak = Math.max(peak, rss());
    const hostileOk = m.value === 400 && p.value === 422;
    return [
      {
        measure: `Server peak RSS while one customer sends the hostile PDFs (${(million.length / 1e6).toFixed(1)} MB with 1,000,000 pages: ${m.value} in ${(m.ms / 1000).toFixed(1)} s; ${(bomb.length / 1e6).toFixed(1)} MB inflating to 4 GiB, its preview: ${p.value} in ${(p.ms / 1000).toFixed(1)} s)`,
        result: `${peak.toFixed(0)} MB`,
        target: `≤ ${RSS_TARGET_MB} MB (refused: 400 and 422)`,
        pass: peak <= RSS_TARGET_MB && hostileOk,
      },
      {
        measure: "Another customer's 3-page upload meanwhile",
        result: `${otherJob.ms.toFixed(0)} ms (${otherJob.value.status}, ${otherJob.value.pages ?? '?'} pages)`,
        target: `≤ ${OTHER_TARGET_MS} ms`,
        pass: otherJob.ms <= OTHER_TARGET_MS && otherJob.value.status === 201 && otherJob.value.pages === 3,
      },
    ];
  } finally {
    clearInterval(sampler);
  }
}
