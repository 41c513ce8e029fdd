import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { PdfBusyError, PdfPool, PdfWorkerUnavailable, type PdfPoolOptions } from '../../src/modules/pdf/pdf-pool.ts';
import { PdfError } from '../../src/modules/pdf/pdf-errors.ts';
import { startWorkerThread } from '../../src/lib/worker-thread.ts';
import type { PdfInfo } from '../../src/modules/pdf/pdf-analyzer.ts';
import { inflateBombPdf, millionPagePdf, pagedPdf } from './crafted-pdfs.ts';

/**
 * Decision 010: one customer's files never hold up another's, every job is bounded in time, and the PDF
 * work has a hard memory ceiling. Each test builds its own pool with small limits.
 */

const MB = 1024 * 1024;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-pool-'));
const write = (name: string, bytes: Buffer) => {
  const file = path.join(tmp, name);
  fs.writeFileSync(file, bytes);
  return file;
};
const small = write('three-pages.pdf', pagedPdf({ pages: 3 }));
const bomb = inflateBombPdf(); // page 1 inflates to 4 GiB of drawing operators
const million = write('million.pdf', millionPagePdf());

const pools: PdfPool[] = [];
function pool(opts: Partial<PdfPoolOptions> = {}) {
  const p = new PdfPool({
    workers: 2,
    heapCapBytes: 128 * MB,
    recycleHeapBytes: 64 * MB,
    maxWaitingPerOwner: 3,
    maxWaitingTotal: 50,
    idleStopMs: 60_000,
    bigJobBytes: 2 * MB,
    ...opts,
  });
  pools.push(p);
  return p;
}
const analyze = (p: PdfPool, owner: string, file: string, timeoutMs = 30_000) =>
  p.run<PdfInfo>(owner, { op: 'analyze', path: file }, timeoutMs);
const preview = (p: PdfPool, owner: string, bytes: Buffer, timeoutMs: number) => {
  const copy = new Uint8Array(bytes);
  return p.run<Uint8Array>(owner, { op: 'preview', bytes: copy }, timeoutMs, [copy.buffer], copy.byteLength);
};
/** Records when a job settles, without failing on its rejection. */
function track<T>(job: Promise<T>, log: string[], label: string) {
  const state = { settled: false, error: null as unknown };
  job.then(
    () => log.push(label),
    (err: unknown) => log.push(`${label}:${(err as PdfError).code ?? (err as Error).name}`),
  );
  job.then(
    () => (state.settled = true),
    (err: unknown) => {
      state.settled = true;
      state.error = err;
    },
  );
  return state;
}

/** Starts the shop's PDF worker held `holdMs` first, as on a machine too busy to start it at once. */
const heldWorker = (holdMs: number) => (data: object) =>
  startWorkerThread(
    {
      bundled: new URL('./slow-start-pdf-worker.ts', import.meta.url),
      source: new URL('./slow-start-pdf-worker.ts', import.meta.url),
    },
    { workerData: { ...data, holdMs } },
  );

afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
});
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

describe('PDF worker pool', () => {
  it("one customer's slow files never keep another customer waiting", async () => {
    const p = pool({ workers: 2 });
    const log: string[] = [];
    const hostile = [0, 1, 2].map((i) => track(preview(p, 'mallory', bomb, 60_000), log, `bomb${i}`));
    const info = await analyze(p, 'asha', small);
    expect(info.pageCount).toBe(3);
    // Asha's file was read while Mallory's first bomb was still being drawn; Mallory never had two jobs running.
    expect(hostile.every((h) => !h.settled)).toBe(true);
    expect(p.runningJobs).toEqual(['mallory']);
  });

  it('runs one big file at a time (two large heaps never at once), with small files beside it', async () => {
    const p = pool({ workers: 2 });
    const log: string[] = [];
    const m = track(preview(p, 'mallory', bomb, 3_000), log, 'm');
    const o = track(preview(p, 'oscar', bomb, 3_000), log, 'o');
    await expect.poll(() => p.runningJobs.length).toBe(1);
    expect(p.runningJobs).toEqual(['mallory']);
    // A small file is not kept waiting behind the big ones.
    expect((await analyze(p, 'asha', small)).pageCount).toBe(3);
    expect(o.settled).toBe(false);
    await expect.poll(() => m.settled && o.settled, { timeout: 30_000 }).toBe(true);
    expect(log).toEqual(['m:pdf_too_slow', 'o:pdf_too_slow']);
  });

  it('serves customers in turn: after a job, another waiting customer goes before the same one again', async () => {
    const p = pool({ workers: 1 });
    const log: string[] = [];
    const jobs = [
      track(preview(p, 'mallory', bomb, 2_000), log, 'm1'),
      track(analyze(p, 'mallory', small), log, 'm2'),
      track(analyze(p, 'mallory', small), log, 'm3'),
      track(analyze(p, 'asha', small), log, 'a1'),
    ];
    await expect.poll(() => jobs.every((j) => j.settled), { timeout: 60_000 }).toBe(true);
    expect(log).toEqual(['m1:pdf_too_slow', 'a1', 'm2', 'm3']);
  });

  it('stops a job at its time limit with a clear refusal, and the next job gets a fresh worker', async () => {
    const p = pool({ workers: 1 });
    const err = await preview(p, 'mallory', bomb, 1_500).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PdfError);
    expect(err).toMatchObject({ code: 'pdf_too_slow' });
    expect((await analyze(p, 'mallory', small)).pageCount).toBe(3);
  });

  it("counts a job's time from when its worker is ready: a worker slow to start never makes a file too slow", async () => {
    // The worker takes 4 s to start; the three-page file has 2 s. Counted from the start it was refused.
    const p = pool({ workers: 1, startWorker: heldWorker(4_000) });
    expect((await analyze(p, 'asha', small, 2_000)).pageCount).toBe(3);
  });

  it('gives up on a worker that never starts, refusing its job as the shop’s trouble (not the file’s)', async () => {
    const p = pool({ workers: 1, startLimitMs: 1_000, startWorker: heldWorker(30_000) });
    const err = await analyze(p, 'asha', small).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PdfWorkerUnavailable);
    expect(err).not.toBeInstanceOf(PdfError);
  });

  it('holds each worker to its WebAssembly heap cap: a file that needs more is refused, the heap stays under it', async () => {
    // Opening a million objects needs far more than 40 MB; with room, the same file is refused for its page count.
    const capped = pool({ workers: 1, heapCapBytes: 40 * MB });
    await expect(analyze(capped, 'mallory', million)).rejects.toMatchObject({ code: 'pdf_too_complex' });
    expect((await analyze(capped, 'asha', small)).pageCount).toBe(3);
    expect(capped.peakHeapBytes).toBeGreaterThan(0);
    expect(capped.peakHeapBytes).toBeLessThanOrEqual(40 * MB);
    const roomy = pool({ workers: 1, heapCapBytes: 256 * MB });
    await expect(analyze(roomy, 'mallory', million)).rejects.toMatchObject({ code: 'pdf_too_many_pages' });
  });

  it('refuses more waiting jobs than one customer (429) or the shop (503) may have', async () => {
    const p = pool({ workers: 1, maxWaitingPerOwner: 2, maxWaitingTotal: 3 });
    const log: string[] = [];
    track(preview(p, 'mallory', bomb, 60_000), log, 'running');
    track(analyze(p, 'mallory', small), log, 'm2');
    track(analyze(p, 'mallory', small), log, 'm3');
    const tooMany = await analyze(p, 'mallory', small).catch((e: unknown) => e);
    expect(tooMany).toBeInstanceOf(PdfBusyError);
    expect(tooMany).toMatchObject({ scope: 'owner' });
    track(analyze(p, 'asha', small), log, 'a1');
    const shopFull = await analyze(p, 'ravi', small).catch((e: unknown) => e);
    expect(shopFull).toMatchObject({ scope: 'shop' });
  });

  it('a customer looking at their pages is never refused their next upload, nor the reverse', async () => {
    const p = pool({ workers: 1, maxWaitingPerOwner: 2 });
    const log: string[] = [];
    track(preview(p, 'asha', bomb, 3_000), log, 'running');
    const smallBytes = fs.readFileSync(small);
    const pictures = [
      track(preview(p, 'asha', smallBytes, 5_000), log, 'p1'),
      track(preview(p, 'asha', smallBytes, 5_000), log, 'p2'),
    ];
    // Two pictures already wait: a third is refused, her upload is not.
    expect(await preview(p, 'asha', smallBytes, 5_000).catch((e: unknown) => e)).toMatchObject({ scope: 'owner' });
    const upload = track(analyze(p, 'asha', small), log, 'upload');
    track(analyze(p, 'asha', small), log, 'upload 2');
    expect(await analyze(p, 'asha', small).catch((e: unknown) => e)).toMatchObject({ scope: 'owner' });
    await expect.poll(() => upload.settled, { timeout: 90_000 }).toBe(true);
    expect(upload.error).toBeNull();
    expect(pictures.every((s) => s.settled)).toBe(true);
  });
});
