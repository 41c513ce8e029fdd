import type { AgentHello, AgentJob, AgentReport } from '@shop/shared/printing/schemas';
import { describePrinterProblem } from '@shop/shared/printing/problems';
import { CupsClient, CupsUnreachable, IppError } from './cups.ts';
import { Journal } from './journal.ts';
import { reportFor } from './report.ts';
import { sleep, type AgentLogger, type AgentOptions, type PrinterChoice, type Watched } from './options.ts';
import { ServerLink, ServerUnavailable, StaleJob, TokenRefused } from './server-link.ts';

const FINAL = new Set(['printed', 'failed']);

/**
 * The print agent: keeps a connection to the shop's server (long poll), prints each job it is given on local CUPS,
 * and reports what CUPS did. It never prints a job twice: CUPS' job-name carries the job's key, the journal is
 * flushed before each submit, and a job handed out again is first looked for in CUPS.
 */
export class PrintAgent {
  readonly cups: CupsClient;
  private readonly link: ServerLink;
  private readonly journal: Journal;
  private readonly log: AgentLogger;
  private readonly watched = new Map<string, Watched>();
  private readonly busy = new Set<string>();
  private readonly stopping = new AbortController();
  private heartbeatMs = 30_000;
  /** 'connected' once the server answered hello; 'refused' when the token was refused (the agent stops). */
  status: 'starting' | 'connected' | 'reconnecting' | 'refused' | 'stopped' = 'starting';

  constructor(private readonly opts: AgentOptions) {
    this.cups = new CupsClient(opts.cupsUrl ?? 'http://localhost:631');
    this.link = new ServerLink(opts.server, opts.token, opts.version ?? '0');
    this.journal = new Journal(opts.journalFile);
    this.log = opts.logger ?? { info: () => {}, warn: () => {}, error: () => {} };
  }

  /** Runs until stop() or until the server refuses the token (then it throws TokenRefused). */
  async run(): Promise<void> {
    let backoff = 1000;
    while (!this.stopping.signal.aborted) {
      try {
        await this.session();
      } catch (err) {
        if (err instanceof TokenRefused) {
          this.status = 'refused';
          this.log.error('the shop refused this agent’s token; stopping', { reason: err.message });
          this.journal.close();
          throw err;
        }
        if (this.stopping.signal.aborted) break;
        this.status = 'reconnecting';
        this.log.warn('connection lost; trying again', { reason: (err as Error).message, inSeconds: Math.round(backoff / 1000) });
        // Backoff with jitter, so a shop's agents do not all knock at once after the server restarts.
        await sleep(backoff * (0.75 + Math.random() / 2), this.stopping.signal);
        backoff = Math.min(backoff * 2, 30_000);
        continue;
      }
      backoff = 1000;
    }
    await this.link.goodbye().catch(() => {});
    this.status = 'stopped';
    this.journal.close();
  }

  stop() {
    this.stopping.abort();
  }

  async readPrinters(): Promise<AgentHello> {
    const choices: PrinterChoice[] = this.opts.printers ?? (await this.cups.queues()).map((queue) => ({ queue }));
    const printers: AgentHello['printers'] = [];
    for (const c of choices) {
      try {
        printers.push({ ...(await this.cups.printer(c.queue)), ...(c.role ? { suggestedRole: c.role } : {}) });
      } catch (err) {
        if (err instanceof CupsUnreachable) throw err;
        this.log.warn('CUPS has no such queue; left out', { queue: c.queue, reason: (err as Error).message });
      }
    }
    return { version: this.opts.version ?? '0', printers };
  }

  private async session() {
    const hello = await this.link.hello(await this.readPrinters());
    this.heartbeatMs = hello.heartbeatSeconds * 1000;
    this.status = 'connected';
    this.log.info('connected to the shop', { agent: hello.name, printers: hello.active.length });
    for (const a of hello.active) if (!this.watched.has(a.key)) this.watched.set(a.key, { ...a, acked: null, ackedProblem: null });
    // Submitted before a crash and never acknowledged: reported again (the server hands the job out again too).
    for (const e of this.journal.unfinished()) {
      if (e.cupsJobId && !this.watched.has(e.key)) {
        const [id, attempt, pass] = e.key.split('.').map(Number) as [number, number, number];
        this.watched.set(e.key, { id, attempt, pass, key: e.key, queue: e.queue, cupsJobId: e.cupsJobId, acked: null, ackedProblem: null });
      }
    }
    const session = new AbortController();
    const stop = () => session.abort();
    this.stopping.signal.addEventListener('abort', stop, { once: true });
    try {
      await Promise.race([this.pollLoop(session.signal), this.watchLoop(session.signal), this.heartbeatLoop(session.signal)]);
    } finally {
      session.abort();
      this.stopping.signal.removeEventListener('abort', stop);
    }
  }

  private async pollLoop(signal: AbortSignal) {
    while (!signal.aborted) {
      const jobs = await this.link.jobs(25, signal).catch((err: unknown) => {
        if (signal.aborted) return [];
        throw err;
      });
      for (const job of jobs) await this.process(job);
    }
  }

  private async watchLoop(signal: AbortSignal) {
    while (!signal.aborted) {
      await sleep(this.opts.watchMs ?? 2000, signal);
      await this.checkWatched();
    }
  }

  private async heartbeatLoop(signal: AbortSignal) {
    while (!signal.aborted) {
      await sleep(this.heartbeatMs, signal);
      if (signal.aborted) return;
      try {
        await this.link.heartbeat(await this.readPrinters());
      } catch (err) {
        if (err instanceof TokenRefused || err instanceof ServerUnavailable) throw err;
        this.log.warn('printer states not sent', { reason: (err as Error).message });
      }
    }
  }

  /** One job handed out by the server: looked for in CUPS first, else checked, downloaded, journalled and submitted. */
  async process(job: AgentJob): Promise<void> {
    const known = this.watched.get(job.key);
    if (known) {
      // Handed out again: the server has not heard from us; the next check reports it.
      known.acked = null;
      return;
    }
    if (this.busy.has(job.key)) return;
    this.busy.add(job.key);
    try {
      let cupsJobId = this.journal.get(job.key)?.cupsJobId;
      if (!cupsJobId) {
        const found = await this.cups.findJob(job.queue, job.key);
        if (found) {
          cupsJobId = found.id;
          this.journal.record(job.key, job.queue, 'submitted', found.id);
          this.log.warn('job already at CUPS; not printing it again', { job: job.key, cupsJobId });
        }
      }
      if (!cupsJobId) {
        const printer = await this.cups.printer(job.queue);
        if (!printer.capabilities.pdf) return await this.fail(job, `${job.queue} does not accept PDF files (document-format-supported)`);
        if (!printer.accepting) return await this.fail(job, `${job.queue} is not accepting jobs (rejecting in CUPS)`);
        const pdf = await this.link.document(job);
        this.journal.record(job.key, job.queue, 'submitting');
        cupsJobId = await this.cups.printPdf(job.queue, job.jobName, job.ipp, pdf);
        this.journal.record(job.key, job.queue, 'submitted', cupsJobId);
        this.log.info('job sent to CUPS', { job: job.key, queue: job.queue, cupsJobId, bytes: pdf.length });
      }
      this.watched.set(job.key, { id: job.id, attempt: job.attempt, pass: job.pass, key: job.key, queue: job.queue, cupsJobId, acked: null, ackedProblem: null });
      await this.checkWatched([job.key]);
    } catch (err) {
      if (err instanceof StaleJob) {
        this.journal.record(job.key, job.queue, 'done');
        return;
      }
      if (err instanceof IppError) return await this.fail(job, `CUPS refused the job: ${err.message}`);
      if (err instanceof CupsUnreachable) {
        // Nothing is known about CUPS: the job stays ours (the lease is renewed) and is tried again shortly.
        await this.send(job, { state: 'waiting', problem: err.message }).catch(() => {});
        setTimeout(() => void this.process(job).catch(() => {}), 10_000).unref();
        return;
      }
      throw err;
    } finally {
      this.busy.delete(job.key);
    }
  }

  private async fail(job: Pick<AgentJob, 'id' | 'attempt' | 'pass' | 'key' | 'queue'>, reason: string) {
    this.log.warn('job failed', { job: job.key, reason });
    await this.send(job, { state: 'failed', reason: reason.slice(0, 300) });
    this.journal.record(job.key, job.queue, 'done');
  }

  private send(job: Pick<AgentJob, 'id' | 'attempt' | 'pass'>, r: Omit<AgentReport, 'attempt' | 'pass'>) {
    return this.link.report(job.id, { ...r, attempt: job.attempt, pass: job.pass });
  }

  /** Reads each watched job's state (and its printer's problems) from CUPS and reports what changed. */
  async checkWatched(keys = [...this.watched.keys()]) {
    const problems = new Map<string, string | null>();
    for (const key of keys) {
      const w = this.watched.get(key);
      if (!w) continue;
      let report: Omit<AgentReport, 'attempt' | 'pass'>;
      try {
        const status = await this.cups.job(w.queue, w.cupsJobId);
        if (!problems.has(w.queue)) problems.set(w.queue, describePrinterProblem(await this.cups.printer(w.queue)));
        report = reportFor(w.cupsJobId, status, problems.get(w.queue) ?? null);
      } catch (err) {
        if (err instanceof CupsUnreachable || err instanceof IppError) continue;
        throw err;
      }
      if (report.state === w.acked && (report.problem ?? null) === w.ackedProblem) continue;
      try {
        await this.send(w, report);
        w.acked = report.state;
        w.ackedProblem = report.problem ?? null;
      } catch (err) {
        if (err instanceof StaleJob) w.acked = 'failed';
        else if (err instanceof TokenRefused || err instanceof ServerUnavailable) throw err;
      }
      if (w.acked && FINAL.has(w.acked)) {
        this.watched.delete(key);
        this.journal.record(key, w.queue, 'done', w.cupsJobId);
        this.log.info(`job ${w.acked}`, { job: key, cupsJobId: w.cupsJobId });
      }
    }
  }
}
