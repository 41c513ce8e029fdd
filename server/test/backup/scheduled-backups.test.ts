import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextHourIst } from '../../src/modules/backup/backup-job.ts';
import { JobRunner, jobRow, type Job } from '../../src/jobs/runner.ts';
import { checkArchive } from '../../src/modules/backup/restore.ts';
import { signInAdmin } from '../factories/index.ts';
import { createTestApp, DATABASES, readOutbox, type TestApp } from '../helpers/app.ts';
import { tempDir } from './shop.ts';

/**
 * Decision 040: scheduled backups run as a job of the one background runner (a database lease per job, safe on
 * several server copies, each job's last run recorded); the admin sees the last backup's time, size and result, asks
 * for one now, and gets a mail when one fails.
 */
describe('the daily hour in IST', () => {
  it.each([
    ['2026-11-26T10:00:00Z', 2, '2026-11-26T20:30:00Z'], // 15:30 IST → 02:00 IST tomorrow
    ['2026-11-26T20:29:59Z', 2, '2026-11-26T20:30:00Z'], // a second before
    ['2026-11-26T20:30:00Z', 2, '2026-11-27T20:30:00Z'], // exactly then: the next day's
    ['2026-11-26T18:29:00Z', 0, '2026-11-26T18:30:00Z'], // midnight IST
    ['2026-03-31T18:00:00Z', 23, '2026-03-31T17:30:00Z'.replace('03-31T17', '04-01T17')], // 23:30 IST → 23:00 IST next day
  ])('after %s at hour %i: %s', (after, hour, expected) => {
    expect(nextHourIst(new Date(after), hour).toISOString()).toBe(new Date(expected).toISOString());
  });
});

describe('scheduled backups (PGlite, a folder)', () => {
  let app: TestApp & { dataDir: string };
  const backups = tempDir();
  let admin: { headers: { authorization: string } };

  beforeAll(async () => {
    app = await createTestApp({
      env: {
        BACKUP_DIR: backups,
        BACKUP_KEEP: '2',
        BACKUP_HOUR: '2',
        ADMIN_EMAIL: 'owner@shop.test',
        // The payment and refund checks on, as in a shop (the clean-up stays off, as in every test app).
        RECONCILE_INTERVAL_SECONDS: '60',
      },
    });
    admin = await signInAdmin(app);
  });
  afterAll(async () => {
    await app?.close();
    fs.rmSync(backups, { recursive: true, force: true });
  });

  const status = async () => {
    const res = await app.inject({ method: 'GET', url: '/api/admin/backups', headers: admin.headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const backUpNow = async () => {
    const res = await app.inject({ method: 'POST', url: '/api/admin/backups/run', headers: admin.headers });
    expect(res.statusCode).toBe(202);
    await app.ctx.jobs.tick();
  };

  it('shows the version, the schedule and no backup yet; the first is due at the next 02:00 IST, not at start', async () => {
    const s = await status();
    expect(s.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(s).toMatchObject({ hour: 2, keep: 2, destination: backups, sameDiskAsShop: false, last: null });
    const next = new Date(s.nextRunAt);
    expect(next.getTime()).toBeGreaterThan(Date.now());
    expect(next.getUTCHours() * 60 + next.getUTCMinutes()).toBe(20 * 60 + 30);
  });

  it('backs up now when asked: the dashboard shows the time, size and result, and the archive restores', async () => {
    await backUpNow();
    const s = await status();
    expect(s.last).toMatchObject({ status: 'ok', error: null });
    expect(s.last.sizeBytes).toBeGreaterThan(0);
    expect(s.last.finishedAt).not.toBeNull();
    const file = path.join(backups, s.last.name);
    expect(fs.statSync(file).size).toBe(s.last.sizeBytes);
    const { manifest } = await checkArchive(file);
    expect(manifest.database.kind).toBe('pglite');
    expect(new Date(s.nextRunAt).getTime()).toBeGreaterThan(Date.now());
  });

  it('keeps BACKUP_KEEP archives, deleting the oldest after a good backup', async () => {
    await backUpNow();
    await backUpNow();
    const names = fs.readdirSync(backups).filter((n) => n.endsWith('.tar'));
    expect(names).toHaveLength(2);
    const row = await jobRow(app.ctx, 'backup');
    expect(row!.runs).toBe(3);
  });

  it('records a failure, mails the admin, and still shows the last good backup', async () => {
    const good = (await status()).last;
    // The destination becomes unusable: a file where the folder was.
    fs.rmSync(backups, { recursive: true, force: true });
    fs.writeFileSync(backups, 'not a folder');
    try {
      await backUpNow();
      const s = await status();
      expect(s.last.status).toBe('failed');
      expect(s.last.error).toMatch(/EEXIST|ENOTDIR|not a directory|exists/i);
      expect(s.lastSuccess).toMatchObject({ status: 'ok', name: good.name });
      const mail = readOutbox(app.dataDir).find((m) => m.includes('Backup failed'));
      expect(mail).toBeDefined();
      expect(mail).toContain('owner@shop.test');
      expect(mail).toContain('The last good backup was made on');
    } finally {
      fs.rmSync(backups, { force: true });
      fs.mkdirSync(backups);
    }
  });

  it("lists the shop's other background work: not run yet with its first time, then its last run", async () => {
    const before = (await status()).jobs;
    expect(before.map((j: { name: string }) => j.name)).toEqual(['payment-reconciliation', 'refund-settlement']);
    for (const job of before) {
      expect(job).toMatchObject({ status: null, lastFinishedAt: null, error: null });
      expect(new Date(job.nextRunAt).getTime()).toBeGreaterThan(Date.now());
    }
    await app.ctx.jobs.requestRun('refund-settlement');
    await app.ctx.jobs.tick();
    const after = (await status()).jobs.find((j: { name: string }) => j.name === 'refund-settlement');
    expect(after).toMatchObject({ status: 'ok', error: null });
    expect(after.lastFinishedAt).toBe(after.lastSuccessAt);
    expect(new Date(after.lastFinishedAt).getTime()).toBeLessThanOrEqual(Date.now());
  });

  it('is for the admin only', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/admin/backups' })).statusCode).toBe(401);
    expect((await app.inject({ method: 'POST', url: '/api/admin/backups/run' })).statusCode).toBe(401);
  });
});

for (const kind of DATABASES) {
  describe(`the job runner's lease (${kind}): one copy runs a due job, another takes over when the lease runs out`, () => {
    let app: TestApp;
    const lines: string[] = [];
    beforeAll(async () => {
      app = await createTestApp({ db: kind, logLines: lines });
    });
    afterAll(async () => {
      await app?.close();
    });

    it('runs a due job once across two copies, and after a copy dies mid-run the other runs it', async () => {
      let calls = 0;
      let release!: () => void;
      const gate = new Promise<void>((r) => (release = r));
      const job = (wait: boolean): Job => ({
        name: `test-job-${kind}`,
        leaseMs: 60_000,
        nextRun: (after) => new Date(after.getTime() + 86400_000),
        run: async () => {
          calls++;
          if (wait) await gate;
          return { calls };
        },
      });
      let clock = new Date('2030-01-01T00:00:00Z');
      const a = new JobRunner(app.ctx, [job(true)], { now: () => clock });
      const b = new JobRunner(app.ctx, [job(false)], { now: () => clock });
      await a.schedule();
      await a.requestRun(`test-job-${kind}`);
      const running = a.tick();
      // While A runs (its lease held), B finds nothing to claim.
      const started = () => calls > 0;
      for (let i = 0; i < 50 && !started(); i++) await new Promise((r) => setTimeout(r, 20));
      await b.tick();
      expect(calls).toBe(1);
      release();
      await running;
      const done = await jobRow(app.ctx, `test-job-${kind}`);
      expect(done).toMatchObject({ lastStatus: 'ok', runs: 1, leaseOwner: null });
      await b.tick(); // not due again until tomorrow
      expect(calls).toBe(1);

      // A copy claims the job and dies (its lease stays); once the lease has run out, the other copy runs it.
      await a.requestRun(`test-job-${kind}`);
      const dead = new JobRunner(app.ctx, [{ ...job(false), run: () => new Promise(() => {}) }], { now: () => clock });
      void dead.tick();
      for (let i = 0; i < 50 && !(await jobRow(app.ctx, `test-job-${kind}`))?.leaseOwner; i++)
        await new Promise((r) => setTimeout(r, 20));
      await b.tick();
      expect(calls).toBe(1);
      clock = new Date(clock.getTime() + 61_000);
      await b.tick();
      expect(calls).toBe(2);
      expect(await jobRow(app.ctx, `test-job-${kind}`)).toMatchObject({ lastStatus: 'ok', runs: 2, leaseOwner: null });
    });

    it('says a failure once at error, the same one again at warn, a new one at error, and the recovery', async () => {
      const name = `flaky-job-${kind}`;
      const outcomes = [
        'Could not check 3 of 5 orders: Razorpay did not answer',
        'Could not check 3 of 5 orders: Razorpay did not answer',
        // The same trouble with other figures (more drafts waiting by now).
        'Could not check 4 of 6 orders: Razorpay did not answer',
        'disk full',
        null,
      ];
      const job: Job = {
        name,
        leaseMs: 60_000,
        nextRun: (after) => new Date(after.getTime() + 86400_000),
        run: async () => {
          const trouble = outcomes.shift();
          if (trouble) throw new Error(trouble);
          return {};
        },
      };
      const runner = new JobRunner(app.ctx, [job]);
      const said: Array<[number, string, string | undefined]> = [];
      for (let i = 0; i < 5; i++) {
        const from = lines.length;
        await runner.requestRun(name);
        await runner.tick();
        for (const line of lines.slice(from)) {
          const entry = JSON.parse(line) as { level: number; msg: string; job?: string; err?: { message: string } };
          if (entry.job === name) said.push([entry.level, entry.msg, entry.err?.message]);
        }
      }
      expect(said).toEqual([
        [50, 'job failed', 'Could not check 3 of 5 orders: Razorpay did not answer'],
        [40, 'job still failing', 'Could not check 3 of 5 orders: Razorpay did not answer'],
        [40, 'job still failing', 'Could not check 4 of 6 orders: Razorpay did not answer'],
        [50, 'job failed', 'disk full'],
        [30, 'job done, fine again after failing', undefined],
      ]);
      // The dashboard's row keeps the whole story: the last run fine, five runs.
      expect(await jobRow(app.ctx, name)).toMatchObject({ lastStatus: 'ok', lastError: null, runs: 5 });
    });
  });
}
