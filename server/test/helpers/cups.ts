import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CupsClient } from '@shop/print-agent';
import { freePort } from './free-port.ts';

/**
 * A private CUPS for the printing tests: its own cupsd (own config, spool, port and logs, so the machine's CUPS and
 * other test files are untouched) with cups-pdf queues whose output goes to a temporary folder. cups-pdf only runs
 * for root (its backend is mode 0700 and drops to the job's user), so off root the tests skip with `cupsSkipReason`;
 * CI runs as root (.ci/run installs cups and printer-driver-cups-pdf).
 */
const CUPSD = '/usr/sbin/cupsd';
const CUPS_PDF_BACKEND = '/usr/lib/cups/backend/cups-pdf';
const CUPS_PDF_PPD = '/usr/share/ppd/cups-pdf/CUPS-PDF_opt.ppd';

export const cupsSkipReason: string | null =
  process.getuid?.() !== 0
    ? 'printing tests need root to start a private cupsd with the cups-pdf backend (CI runs as root)'
    : !fs.existsSync(CUPSD) || !fs.existsSync(CUPS_PDF_BACKEND) || !fs.existsSync(CUPS_PDF_PPD)
      ? 'printing tests need Debian packages cups and printer-driver-cups-pdf (.ci/run installs them)'
      : null;

/** A Duplex option added to cups-pdf's PPD: CUPS then reports two-sided printing (sides-supported) for the queue. */
const DUPLEX_UI = `
*OpenUI *Duplex/2-Sided Printing: PickOne
*OrderDependency: 10 AnySetup *Duplex
*DefaultDuplex: None
*Duplex None/Off: "<</Duplex false>>setpagedevice"
*Duplex DuplexNoTumble/Long Edge: "<</Duplex true/Tumble false>>setpagedevice"
*Duplex DuplexTumble/Short Edge: "<</Duplex true/Tumble true>>setpagedevice"
*CloseUI: *Duplex
`;

export interface PdfQueue {
  queue: string;
  /** Where cups-pdf writes what the queue printed. */
  outDir: string;
}

export class TestCups {
  readonly url: string;
  readonly client: CupsClient;
  private queues: PdfQueue[] = [];
  private constructor(
    readonly dir: string,
    readonly port: number,
    private proc: ChildProcess,
  ) {
    this.url = `http://127.0.0.1:${port}`;
    this.client = new CupsClient(this.url);
  }

  static async start(): Promise<TestCups> {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-cups-'));
    for (const d of ['etc/ppd', 'spool/tmp', 'cache', 'state', 'log'])
      fs.mkdirSync(path.join(dir, d), { recursive: true });
    // cupsd's filters run as lp: the private tree must be readable, the temp folder writable.
    execFileSync('chmod', ['-R', 'a+rX', dir]);
    fs.chmodSync(path.join(dir, 'spool/tmp'), 0o1777);
    const port = await freePort();
    fs.writeFileSync(
      path.join(dir, 'etc/cups-files.conf'),
      [
        `ServerRoot ${dir}/etc`,
        `RequestRoot ${dir}/spool`,
        `CacheDir ${dir}/cache`,
        `StateDir ${dir}/state`,
        `TempDir ${dir}/spool/tmp`,
        `AccessLog ${dir}/log/access_log`,
        `ErrorLog ${dir}/log/error_log`,
        `PageLog ${dir}/log/page_log`,
        'User lp',
        'Group lp',
        'SystemGroup root',
        'FileDevice No',
        'Printcap',
      ].join('\n'),
    );
    fs.writeFileSync(
      path.join(dir, 'etc/cupsd.conf'),
      [
        `Listen 127.0.0.1:${port}`,
        'LogLevel info',
        'Browsing No',
        'WebInterface No',
        'DefaultAuthType None',
        'PreserveJobHistory Yes',
        '<Location />\n  Order allow,deny\n  Allow from 127.0.0.1\n</Location>',
        '<Location /admin>\n  Order allow,deny\n  Allow from 127.0.0.1\n</Location>',
        '<Policy default>\n  <Limit All>\n    Order deny,allow\n  </Limit>\n</Policy>',
      ].join('\n'),
    );
    const proc = spawn(CUPSD, ['-f', '-c', `${dir}/etc/cupsd.conf`, '-s', `${dir}/etc/cups-files.conf`], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    proc.stderr!.on('data', (b: Buffer) => (stderr += b.toString()));
    const cups = new TestCups(dir, port, proc);
    for (let i = 0; i < 100; i++) {
      try {
        await cups.client.queues();
        return cups;
      } catch {
        if (proc.exitCode !== null) break;
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    await cups.stop();
    throw new Error(`cupsd did not start or answer on port ${port}: ${stderr}`);
  }

  private admin(cmd: string, args: string[]) {
    execFileSync(cmd, ['-h', `127.0.0.1:${this.port}`, ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
  }

  /** A cups-pdf queue writing into its own folder; `duplex` gives it a two-sided option. */
  addPdfQueue(opts: { duplex?: boolean } = {}): PdfQueue {
    const queue = `shoptest_${crypto.randomBytes(4).toString('hex')}`;
    const outDir = path.join(this.dir, 'out', queue);
    const spool = path.join(this.dir, 'cups-pdf-spool', queue);
    fs.mkdirSync(outDir, { recursive: true, mode: 0o777 });
    fs.mkdirSync(spool, { recursive: true, mode: 0o777 });
    fs.chmodSync(outDir, 0o1777);
    fs.chmodSync(spool, 0o1777);
    // cups-pdf reads its per-queue settings from /etc/cups (compiled in); the file is removed at stop().
    fs.writeFileSync(
      `/etc/cups/cups-pdf-${queue}.conf`,
      [
        `Out ${outDir}`,
        `AnonDirName ${outDir}`,
        `Spool ${spool}`,
        'UserUMask 0000',
        'Grp root',
        `Log ${this.dir}/log`,
        'LogType 3',
      ].join('\n'),
    );
    let ppd = CUPS_PDF_PPD;
    if (opts.duplex) {
      ppd = path.join(this.dir, `${queue}.ppd`);
      fs.writeFileSync(ppd, fs.readFileSync(CUPS_PDF_PPD, 'latin1') + DUPLEX_UI, 'latin1');
    }
    this.admin('lpadmin', ['-p', queue, '-E', '-v', `cups-pdf:/${queue}`, '-P', ppd]);
    const q = { queue, outDir };
    this.queues.push(q);
    return q;
  }

  /** cupsdisable: the queue keeps accepting jobs but prints nothing (printer-state stopped, reason paused). */
  disable(queue: string) {
    this.admin('cupsdisable', [queue]);
  }
  enable(queue: string) {
    this.admin('cupsenable', [queue]);
  }

  /** PDFs cups-pdf wrote for this queue (newest last). */
  outputs(q: PdfQueue): string[] {
    return fs
      .readdirSync(q.outDir)
      .filter((f) => f.endsWith('.pdf'))
      .map((f) => path.join(q.outDir, f))
      .sort((a, b) => fs.statSync(a).mtimeMs - fs.statSync(b).mtimeMs);
  }

  async waitForOutputs(q: PdfQueue, count: number, timeoutMs = 30_000): Promise<string[]> {
    const until = Date.now() + timeoutMs;
    for (;;) {
      // cups-pdf writes in place: a file is done when its size stops changing and it ends like a PDF.
      const done = this.outputs(q).filter((f) => fs.readFileSync(f).subarray(-1024).includes('%%EOF'));
      if (done.length >= count || Date.now() > until) return done;
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  errorLog(): string {
    const f = path.join(this.dir, 'log/error_log');
    return fs.existsSync(f) ? fs.readFileSync(f, 'utf8') : '';
  }

  async stop() {
    for (const q of this.queues) fs.rmSync(`/etc/cups/cups-pdf-${q.queue}.conf`, { force: true });
    if (this.proc.exitCode === null && this.proc.signalCode === null) {
      this.proc.kill('SIGTERM');
      await new Promise((r) => this.proc.once('exit', r));
    }
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}
