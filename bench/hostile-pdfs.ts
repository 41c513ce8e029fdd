/**
 * Bench rows for hostile PDFs (decision 010): one customer sends the hostile files (the 1,000,000-page PDF and the PDF
 * whose page inflates to 4 GiB, then asks for that page's preview) while another customer uploads a 3-page PDF.
 * Measured: the server's peak RSS meanwhile, and how long the other customer waits for the answer.
 */
import { inflateBombPdf, millionPagePdf, pagedPdf } from '../server/test/pdf/crafted-pdfs.ts';
import { bearer, peakWhile, uploadFile, type Row } from './support.ts';

const RSS_TARGET_MB = 400;
const OTHER_TARGET_MS = 2000;

async function timed<T>(fn: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const t = performance.now();
  const value = await fn();
  return { value, ms: performance.now() - t };
}

const upload = (base: string, token: string, bytes: Buffer, name: string) =>
  uploadFile(base, bearer(token), bytes, name);

/** `hostile` and `other` are two customers' bearer tokens; `rss()` reads the server's RSS in MB. */
export async function measureHostilePdfs(
  base: string,
  hostile: string,
  other: string,
  rss: () => number,
): Promise<Row[]> {
  const million = millionPagePdf();
  const bomb = inflateBombPdf();
  const small = pagedPdf({ pages: 3 });
  const { value, peak } = await peakWhile(
    rss,
    async () => {
      const bombUpload = await upload(base, hostile, bomb, 'bomb.pdf');
      const bombFile = (await bombUpload.json()) as { file?: { previewUrl: string } };
      if (bombUpload.status !== 201 || !bombFile.file)
        throw new Error(`the bomb upload was answered ${bombUpload.status}`);
      // The hostile customer's two jobs are under way (one running, one waiting its turn) when the other customer uploads.
      const millionJob = timed(async () => (await upload(base, hostile, million, 'million.pdf')).status);
      const previewJob = timed(
        async () => (await fetch(base + bombFile.file!.previewUrl, { headers: bearer(hostile) })).status,
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
      return { m, p, otherJob };
    },
    25,
  );
  const { m, p, otherJob } = value;
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
}
