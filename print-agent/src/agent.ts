import {
  directPrintersTag,
  type AgentHello,
  type AgentJob,
  type AgentPrinter,
  type AgentReport,
} from '@shop/shared/printing/schemas';
import { describePrinterProblem } from '@shop/shared/printing/problems';
import { CupsClient, CupsUnreachable, IppError, type CupsJobStatus } from './cups.ts';
import { DirectPrinter } from './direct.ts';
import { checkJobAttributes, checkJobName, pinnedDocumentUrl, UnsafeJob } from './job-attributes.ts';
import { Journal } from './journal.ts';
import { reportFor } from './report.ts';
import { sleep, type AgentLogger, type AgentOptions, type PrinterChoice, type Watched } from './options.ts';
import { ServerLink, ServerUnavailable, StaleJob, TokenRefused, type DirectPrinterEntry } from './server-link.ts';

const FINAL = new Set(['printed', 'failed']);

/** Where a queue the agent offers prints: a CUPS queue, or a printer it talks to straight (decision 035). */
type Target = { kind: 'cups' } | { kind: 'ipp'; printer: DirectPrinter };

/**
 * The print agent: keeps a connection to the shop's server (long poll), prints each job it is given on a local CUPS
 * queue or straight on an IPP Everywhere printer, and reports what happened. It never prints a job twice: the job-name
 * carries the job's key, the journal is flushed before each submit, and a job handed out again is first looked for at
 * the printer (or CUPS). It prints only on the queues it offers, with the job settings it allows, from its own server.
 */
export class PrintAgent {
  /** Local CUPS, or null where there is none (a Windows counter PC printing straight to IPP Everywhere printers). */
  readonly cups: CupsClient | null;
  private readonly link: ServerLink;
  private readonly journal: Journal;
  private readonly log: AgentLogger;
  private readonly watched = new Map<string, Watched>();
  private readonly busy = new Set<string>();
  private readonly stopping = new AbortController();
  /** The printers the server asked this agent to print to straight, by queue name. */
  private direct = new Map<string, DirectPrinter>();
  /** `directPrintersTag` of the list last received; undefined until the first hello. */
  private directTag: string | undefined;
  /** What the agent offered in its last report: jobs for anything else are refused. */
  private offered = new Map<string, Target>();
  private cupsWarned = false;
  private heartbeatMs = 30_000;
  /** The printers' report on its way, and the one waiting for it (see heartbeat()). */
  private beat: Promise<void> | undefined;
  private nextBeat: Promise<void> | undefined;
  /** 'connected' once the server answered hello; 'refused' when the token was refused (the agent stops). */
  status: 'starting' | 'connected' | 'reconnecting' | 'refused' | 'stopped' = 'starting';

  constructor(private readonly opts: AgentOptions) {
    this.cups = opts.cupsUrl === null ? null : new CupsClient(opts.cupsUrl ?? 'http://localhost:631');
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
        this.log.warn('connection lost; trying again', {
          reason: (err as Error).message,
          inSeconds: Math.round(backoff / 1000),
        });
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

  /** The printers the server wants printed to straight; unknown or changed addresses are (re)made. */
  setDirectPrinters(entries: readonly DirectPrinterEntry[]): boolean {
    // The list as the shop sent it (an address refused below included): the long poll sends its tag back.
    this.directTag = directPrintersTag(entries);
    const next = new Map<string, DirectPrinter>();
    let changed = entries.length !== this.direct.size;
    for (const e of entries) {
      const before = this.direct.get(e.queue);
      if (before && before.uri === e.uri) {
        next.set(e.queue, before);
        continue;
      }
      changed = true;
      try {
        next.set(e.queue, new DirectPrinter(e.queue, e.uri));
      } catch (err) {
        this.log.warn('printer address refused; left out', { queue: e.queue, reason: (err as Error).message });
      }
    }
    this.direct = next;
    return changed;
  }

  private async cupsPrinters(): Promise<AgentPrinter[]> {
    if (!this.cups) return [];
    const explicit = this.opts.printers;
    let choices: PrinterChoice[];
    try {
      choices = explicit ?? (await this.cups.queues()).map((queue) => ({ queue }));
    } catch (err) {
      // No CUPS here and none asked for: the agent prints straight to its IPP printers only.
      if (err instanceof CupsUnreachable && !explicit) {
        if (!this.cupsWarned)
          this.log.warn('no CUPS on this computer; printing only to printers added by IPP address', {
            reason: err.message,
          });
        this.cupsWarned = true;
        return [];
      }
      throw err;
    }
    const printers: AgentPrinter[] = [];
    for (const c of choices) {
      try {
        printers.push({ ...(await this.cups.printer(c.queue)), ...(c.role ? { suggestedRole: c.role } : {}) });
      } catch (err) {
        if (err instanceof CupsUnreachable) throw err;
        this.log.warn('CUPS has no such queue; left out', { queue: c.queue, reason: (err as Error).message });
      }
    }
    return printers;
  }

  /** A direct printer as the shop should show it: what it reports, or "not answering" with what is known. */
  private async describeDirect(p: DirectPrinter): Promise<AgentPrinter> {
    try {
      return (await p.describe()).printer;
    } catch (err) {
      const reason =
        err instanceof CupsUnreachable || err instanceof IppError
          ? err.message
          : `cannot read it (${(err as Error).message})`;
      return {
        queue: p.queue,
        info: p.queue,
        makeAndModel: '',
        state: 'stopped',
        stateReasons: ['offline-report'],
        stateMessage: reason.slice(0, 300),
        accepting: true,
        // Never reached: the shop does not refuse jobs for it yet; they wait until it answers.
        capabilities: { media: [], color: true, duplex: false, pdf: true },
      };
    }
  }

  async readPrinters(): Promise<AgentHello> {
    const printers = await this.cupsPrinters();
    const offered = new Map<string, Target>(printers.map((p) => [p.queue, { kind: 'cups' } as Target]));
    const direct = [...this.direct.values()].filter((p) => {
      if (!offered.has(p.queue)) return true;
      this.log.warn('a printer added by address has the name of a CUPS queue; the CUPS queue is used', {
        queue: p.queue,
      });
      return false;
    });
    // Read at once, so one printer that is off does not hold up the others.
    printers.push(...(await Promise.all(direct.map((p) => this.describeDirect(p)))));
    for (const p of direct) offered.set(p.queue, { kind: 'ipp', printer: p });
    this.offered = offered;
    return { version: this.opts.version ?? '0', printers, printsDirect: true };
  }

  private async session() {
    const hello = await this.link.hello(await this.readPrinters());
    this.heartbeatMs = hello.heartbeatSeconds * 1000;
    this.status = 'connected';
    this.log.info('connected to the shop', { agent: hello.name, printers: hello.active.length });
    // The printers added by address: reported at once, not at the next heartbeat.
    if (this.setDirectPrinters(hello.directPrinters ?? [])) await this.heartbeat();
    for (const a of hello.active)
      if (!this.watched.has(a.key)) this.watched.set(a.key, { ...a, acked: null, ackedProblem: null });
    // Submitted before a crash and never acknowledged: reported again (the server hands the job out again too).
    for (const e of this.journal.unfinished()) {
      if (e.cupsJobId && !this.watched.has(e.key)) {
        const [id, attempt, pass] = e.key.split('.').map(Number) as [number, number, number];
        this.watched.set(e.key, {
          id,
          attempt,
          pass,
          key: e.key,
          queue: e.queue,
          cupsJobId: e.cupsJobId,
          acked: null,
          ackedProblem: null,
        });
      }
    }
    const session = new AbortController();
    const stop = () => session.abort();
    this.stopping.signal.addEventListener('abort', stop, { once: true });
    try {
      await Promise.race([
        this.pollLoop(session.signal),
        this.watchLoop(session.signal),
        this.heartbeatLoop(session.signal),
      ]);
    } finally {
      session.abort();
      this.stopping.signal.removeEventListener('abort', stop);
    }
  }

  /**
   * Sends the printers' states, one report at a time. A report asked for while one is on its way waits for it and
   * reads the printers afresh: two at once could arrive out of order, and the older list would mark a printer the admin
   * just added as gone (the shop takes each report as the whole list). Callers that ask while one is waiting share it.
   */
  private heartbeat(): Promise<void> {
    if (this.nextBeat) return this.nextBeat;
    if (!this.beat) {
      this.beat = this.sendStates().finally(() => (this.beat = undefined));
      return this.beat;
    }
    this.nextBeat = this.beat
      .catch(() => {})
      .then(() => {
        this.nextBeat = undefined;
        return this.heartbeat();
      });
    return this.nextBeat;
  }

  /** One report; a changed list of direct printers in the answer is read and sent again at once. */
  private async sendStates() {
    for (let round = 0; round < 2; round++) {
      const answer = await this.link.heartbeat(await this.readPrinters());
      if (
        !this.setDirectPrinters(
          answer.directPrinters ?? [...this.direct.values()].map((p) => ({ queue: p.queue, uri: p.uri })),
        )
      )
        return;
    }
  }

  private async pollLoop(signal: AbortSignal) {
    while (!signal.aborted) {
      const answer = await this.link.jobs(25, signal, this.directTag).catch((err: unknown) => {
        if (signal.aborted) return { jobs: [] as AgentJob[], directPrinters: undefined };
        throw err;
      });
      // The admin added or removed a printer by address: read it and report it now.
      if (answer.directPrinters && this.setDirectPrinters(answer.directPrinters)) {
        // In the background: jobs keep coming while the new printer is read.
        void this.heartbeat().catch((err: unknown) =>
          this.log.warn('printer states not sent', { reason: (err as Error).message }),
        );
      }
      for (const job of answer.jobs) await this.process(job);
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
        await this.heartbeat();
      } catch (err) {
        if (err instanceof TokenRefused || err instanceof ServerUnavailable) throw err;
        this.log.warn('printer states not sent', { reason: (err as Error).message });
      }
    }
  }

  private target(queue: string): Target | undefined {
    return (
      this.offered.get(queue) ??
      (this.direct.has(queue) ? { kind: 'ipp', printer: this.direct.get(queue)! } : undefined)
    );
  }

  private findJob(target: Target, queue: string, key: string): Promise<CupsJobStatus | null> {
    return target.kind === 'ipp' ? target.printer.find(key) : this.cups!.findJob(queue, key);
  }

  private jobStatus(target: Target, queue: string, id: number): Promise<CupsJobStatus | null> {
    return target.kind === 'ipp' ? target.printer.job(id) : this.cups!.job(queue, id);
  }

  private async printerNow(target: Target, queue: string): Promise<AgentPrinter> {
    return target.kind === 'ipp' ? (await target.printer.describe()).printer : this.cups!.printer(queue);
  }

  /** One job handed out by the server: looked for at the printer first, else checked, downloaded, journalled and submitted. */
  async process(job: AgentJob): Promise<void> {
    const known = this.watched.get(job.key);
    if (known) {
      // Handed out again: the server has not heard from us; the next check reports it.
      known.acked = null;
      return;
    }
    if (this.busy.has(job.key)) return;
    this.busy.add(job.key);
    const target = this.target(job.queue);
    const where = target?.kind === 'ipp' ? 'The printer' : 'CUPS';
    try {
      let jobName: string;
      try {
        ({ jobName } = checkJobName(job.key, job.jobName));
      } catch (err) {
        // Without a sound key the job cannot be reported or found again: nothing is printed.
        this.log.error('job refused: its key is not valid', { reason: (err as Error).message });
        return;
      }
      // What the agent does not trust, refused before anything else (decision 035).
      pinnedDocumentUrl(job.documentUrl, this.opts.server);
      checkJobAttributes(job.ipp, []);
      if (!target)
        return await this.fail(
          job,
          `This agent does not print to "${String(job.queue).slice(0, 60)}": it is not one of its printers`,
        );
      let cupsJobId = this.journal.get(job.key)?.cupsJobId;
      if (!cupsJobId) {
        const found = await this.findJob(target, job.queue, job.key);
        if (found) {
          cupsJobId = found.id;
          this.journal.record(job.key, job.queue, 'submitted', found.id);
          this.log.warn('job already at the printer; not printing it again', { job: job.key, cupsJobId });
        }
      }
      if (!cupsJobId) {
        const printer = await this.printerNow(target, job.queue);
        if (!printer.capabilities.pdf) {
          return await this.fail(
            job,
            target.kind === 'ipp'
              ? `${job.queue} takes neither PDF nor PWG raster`
              : `${job.queue} does not accept PDF files (document-format-supported)`,
          );
        }
        if (!printer.accepting)
          return await this.fail(
            job,
            `${job.queue} is not accepting jobs${target.kind === 'cups' ? ' (rejecting in CUPS)' : ''}`,
          );
        const { attributes, dropped } = checkJobAttributes(job.ipp, printer.capabilities.media);
        if (dropped.length)
          this.log.warn('job settings not passed to the printer', { job: job.key, dropped: dropped.slice(0, 10) });
        const pdf = await this.link.document(job);
        this.journal.record(job.key, job.queue, 'submitting');
        if (target.kind === 'ipp') {
          const sent = await target.printer.submit(jobName, attributes, pdf);
          cupsJobId = sent.jobId;
          this.journal.record(job.key, job.queue, 'submitted', cupsJobId);
          this.log.info('job sent to the printer', {
            job: job.key,
            queue: job.queue,
            jobId: cupsJobId,
            format: sent.format,
            bytes: pdf.length,
          });
        } else {
          cupsJobId = await this.cups!.printPdf(job.queue, jobName, attributes, pdf);
          this.journal.record(job.key, job.queue, 'submitted', cupsJobId);
          this.log.info('job sent to CUPS', { job: job.key, queue: job.queue, cupsJobId, bytes: pdf.length });
        }
      }
      this.watched.set(job.key, {
        id: job.id,
        attempt: job.attempt,
        pass: job.pass,
        key: job.key,
        queue: job.queue,
        cupsJobId,
        acked: null,
        ackedProblem: null,
      });
      await this.checkWatched([job.key]);
    } catch (err) {
      if (err instanceof StaleJob) {
        this.journal.record(job.key, job.queue, 'done');
        return;
      }
      if (err instanceof UnsafeJob) return await this.fail(job, `Not printed: ${err.message}`);
      if (err instanceof IppError) return await this.fail(job, `${where} refused the job: ${err.message}`);
      if (err instanceof CupsUnreachable) {
        // Nothing is known about what the printer did: the job stays ours (the lease is renewed) and is tried again shortly.
        await this.send(job, { state: 'waiting', problem: err.message }).catch(() => {});
        setTimeout(() => void this.process(job).catch(() => {}), 10_000).unref();
        return;
      }
      if (target?.kind === 'ipp' && !(err instanceof ServerUnavailable) && !(err instanceof TokenRefused)) {
        // Rendering failed (an unreadable page, out of memory): said plainly, nothing was sent.
        return await this.fail(
          job,
          `The agent could not prepare the pages for ${job.queue}: ${(err as Error).message}`,
        );
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

  /** Reads each watched job's state (and its printer's problems) and reports what changed. */
  async checkWatched(keys = [...this.watched.keys()]) {
    const problems = new Map<string, string | null>();
    for (const key of keys) {
      const w = this.watched.get(key);
      if (!w) continue;
      const target = this.target(w.queue);
      if (!target) continue;
      let report: Omit<AgentReport, 'attempt' | 'pass'>;
      try {
        const status = await this.jobStatus(target, w.queue, w.cupsJobId);
        if (!problems.has(w.queue))
          problems.set(w.queue, describePrinterProblem(await this.printerNow(target, w.queue)));
        report = reportFor(
          w.cupsJobId,
          status,
          problems.get(w.queue) ?? null,
          target.kind === 'ipp' ? 'the printer' : 'CUPS',
        );
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
