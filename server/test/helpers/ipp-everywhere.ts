import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './free-port.ts';

/**
 * A real IPP Everywhere printer for the tests: CUPS' `ippeveprinter` (Debian cups-ipp-utils) on its own port, with a
 * command that keeps each document it receives and the job's IPP attributes (ippeveprinter hands them to the command
 * as IPP_* variables), so a test reads what arrived: the bytes (PDF or PWG raster), copies, sides, colour mode, media.
 * ippeveprinter will not start without a DNS-SD daemon, so the helper starts dbus and avahi first when they are not
 * running (root only; .ci/run installs cups-ipp-utils, dbus and avahi-daemon).
 */
const IPPEVEPRINTER = ['/usr/sbin/ippeveprinter', '/usr/bin/ippeveprinter'].find((p) => fs.existsSync(p));
const AVAHI = '/usr/sbin/avahi-daemon';
const DBUS = '/usr/bin/dbus-daemon';

const avahiRunning = () => fs.existsSync(AVAHI) && spawnSync(AVAHI, ['--check']).status === 0;

/**
 * Why the IPP Everywhere tests cannot run on this machine, or null. Where they must run (.ci/run installs the
 * packages and sets REQUIRE_IPP_EVERYWHERE) it is always null, so a missing printer fails the tests instead of
 * skipping them.
 */
export const ippEverywhereSkipReason: string | null = process.env.REQUIRE_IPP_EVERYWHERE
  ? null
  : !IPPEVEPRINTER
    ? 'IPP Everywhere tests need ippeveprinter (Debian cups-ipp-utils; .ci/run installs it)'
    : !avahiRunning() && (process.getuid?.() !== 0 || !fs.existsSync(AVAHI) || !fs.existsSync(DBUS))
      ? 'IPP Everywhere tests need a DNS-SD daemon for ippeveprinter: avahi-daemon running, or root with dbus and avahi-daemon installed'
      : null;

/** Whether the system bus runs: its socket is there and the process its pid file names is alive. */
function dbusRunning(): boolean {
  if (!fs.existsSync('/run/dbus/system_bus_socket')) return false;
  try {
    const pid = Number(fs.readFileSync('/run/dbus/pid', 'utf8').trim());
    return pid > 0 && fs.existsSync(`/proc/${pid}`);
  } catch {
    return false;
  }
}

/** dbus (system bus) and avahi, once per machine: ippeveprinter exits with "Unable to initialize DNS-SD" without them. */
function ensureDnsSd() {
  if (avahiRunning()) return;
  if (!dbusRunning()) {
    fs.mkdirSync('/run/dbus', { recursive: true });
    // A stale pid file or socket from a dbus that died (a machine restarted without clearing /run) would stop the new one.
    fs.rmSync('/run/dbus/pid', { force: true });
    fs.rmSync('/run/dbus/system_bus_socket', { force: true });
    execFileSync(DBUS, ['--system', '--fork']);
  }
  const started = spawnSync(AVAHI, ['--no-drop-root', '--no-chroot', '-D']);
  // Another test file may have started it a moment ago: running is what matters.
  for (let i = 0; i < 50 && !avahiRunning(); i++) spawnSync('sleep', ['0.1']);
  if (!avahiRunning()) throw new Error(`avahi-daemon did not start: ${started.stderr?.toString() ?? ''}`);
}

/** A document the printer received, with the job attributes it printed it with. */
export interface ReceivedJob {
  jobId: number;
  file: string;
  bytes: Buffer;
  /** IPP_COPIES, IPP_SIDES, IPP_MEDIA, IPP_PRINT_COLOR_MODE, IPP_JOB_NAME, IPP_DOCUMENT_FORMAT_SUPPLIED… */
  attributes: Record<string, string>;
}

export class TestIppPrinter {
  private constructor(
    readonly uri: string,
    readonly spool: string,
    private readonly proc: ChildProcess,
    private readonly log: () => string,
  ) {}

  /**
   * `formats`: what it takes (`application/pdf,image/pwg-raster`, or `image/pwg-raster` for a raster-only printer);
   * `colour` and `duplex` as a real printer reports them.
   */
  static async start(opts: {
    name: string;
    formats: string;
    colour: boolean;
    duplex: boolean;
  }): Promise<TestIppPrinter> {
    ensureDnsSd();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-ippeve-'));
    const spool = path.join(dir, 'spool');
    fs.mkdirSync(spool);
    const command = path.join(dir, 'keep-job.sh');
    // The document stays in the spool (-k); the command writes the job's attributes next to it.
    fs.writeFileSync(command, '#!/bin/sh\nenv | grep "^IPP_" > "$1.env.tmp" && mv "$1.env.tmp" "$1.env"\nexit 0\n', {
      mode: 0o755,
    });
    const port = await freePort();
    const args = [
      '-p',
      String(port),
      '-d',
      spool,
      '-k',
      '-c',
      command,
      '-f',
      opts.formats,
      '-s',
      opts.colour ? '10,10' : '10,0',
      '-r',
      'off',
      '-m',
      'Test IPP Everywhere',
      '-M',
      'Shop Tests',
    ];
    if (opts.duplex) args.push('-2');
    args.push(opts.name);
    if (!IPPEVEPRINTER) throw new Error('ippeveprinter is not installed (Debian cups-ipp-utils; .ci/run installs it)');
    const proc = spawn(IPPEVEPRINTER, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    proc.stderr!.on('data', (b: Buffer) => (stderr = (stderr + b.toString()).slice(-20_000)));
    const printer = new TestIppPrinter(`ipp://127.0.0.1:${port}/ipp/print`, spool, proc, () => stderr);
    for (let i = 0; i < 100; i++) {
      if (proc.exitCode !== null) break;
      if (
        await new Promise<boolean>((resolve) =>
          net
            .connect(port, '127.0.0.1')
            .once('connect', function (this: net.Socket) {
              this.destroy();
              resolve(true);
            })
            .once('error', () => resolve(false)),
        )
      )
        return printer;
      await new Promise((r) => setTimeout(r, 100));
    }
    await printer.stop();
    throw new Error(`ippeveprinter did not start: ${stderr.slice(-2000)}`);
  }

  /** Every document it has finished with (its attributes written), oldest first. */
  received(): ReceivedJob[] {
    return fs
      .readdirSync(this.spool)
      .filter((f) => f.endsWith('.env'))
      .map((envFile) => {
        const file = path.join(this.spool, envFile.slice(0, -'.env'.length));
        const attributes = Object.fromEntries(
          fs
            .readFileSync(path.join(this.spool, envFile), 'utf8')
            .split('\n')
            .filter(Boolean)
            .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
        );
        return { jobId: Number(path.basename(file).split('-')[0]), file, bytes: fs.readFileSync(file), attributes };
      })
      .sort((a, b) => a.jobId - b.jobId);
  }

  errorLog(): string {
    return this.log();
  }

  async stop(): Promise<void> {
    if (this.proc.exitCode === null) {
      const exited = new Promise((r) => this.proc.once('exit', r));
      this.proc.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(path.dirname(this.spool), { recursive: true, force: true });
  }
}
