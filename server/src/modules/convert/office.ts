import { spawn } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { FORMAT_MESSAGES } from '@shop/shared/files/formats';
import { UPLOAD_MESSAGES } from '@shop/shared/files/schemas';
import { FairQueue } from '../../lib/fair-queue.ts';
import { ConvertError } from './convert-error.ts';
import { INFILTERS } from './detect.ts';
import {
  bwrapArgs,
  findProgram,
  INSIDE,
  prlimitArgs,
  sandboxStatus,
  sandboxTools,
  sofficeEnv,
  type SandboxMode,
} from './sandbox.ts';
import { writeZip } from './zip.ts';

export type OfficeFormat = keyof typeof INFILTERS;

export interface OfficeOptions {
  /** `SOFFICE_PATH`: a path, or a name looked up on PATH. */
  soffice: string;
  sandbox: SandboxMode;
  timeoutMs: number;
  /** Address-space cap of one conversion (`SOFFICE_MEMORY_MB`). */
  memoryBytes: number;
  /** Folders of the server's that must stay invisible to LibreOffice even under /usr (DATA_DIR, its own folder). */
  hide: string[];
}

/** The upload was abandoned (the customer closed the page): the conversion was stopped or never started. */
export class ConversionAbandoned extends Error {
  constructor() {
    super('conversion abandoned');
    this.name = 'ConversionAbandoned';
  }
}

/**
 * Conversions at once, and how many may wait (docs/decisions/031): two, so one customer's slow file never holds
 * another's (each customer has at most one running, customers take turns); each LibreOffice takes a core and is
 * held under its memory cap, so two of them stay within a small shop machine.
 */
const RUNNING_MAX = 2;
const WAITING_PER_OWNER = 2;
const WAITING_MAX = 12;
/** A PDF LibreOffice writes larger than this is stopped (a document made to fill the disk). */
const OUTPUT_MAX_BYTES = 512 * 1024 * 1024;

const found = new Map<string, string | null>();
/** LibreOffice's program (`soffice` looked up on PATH), or null. */
function sofficeProgram(soffice: string): string | null {
  if (!found.has(soffice)) found.set(soffice, findProgram(soffice));
  return found.get(soffice)!;
}

/**
 * Whether the shop converts office files: LibreOffice is there and can run as configured (in the sandbox, or
 * without it when `SOFFICE_SANDBOX=off`). Without, the shop takes PDF, JPG and PNG and says so.
 */
export function officeAvailable(soffice: string, sandbox: SandboxMode = 'bwrap'): boolean {
  return sofficeProgram(soffice) !== null && sandboxStatus(sandbox).usable;
}

type Waiting = { owner: string; weight: number; start: () => void; cancel: () => void };
const queue = new FairQueue<Waiting>();
let running = 0;

function pump() {
  while (running < RUNNING_MAX) {
    const job = queue.take();
    if (!job) return;
    running++;
    job.start();
  }
}

/** Runs `work` in `owner`'s turn: at most one of theirs at a time, customers in turn, `RUNNING_MAX` in all. */
async function inTurn<T>(owner: string, signal: AbortSignal | undefined, work: () => Promise<T>): Promise<T> {
  if (signal?.aborted) throw new ConversionAbandoned();
  if (queue.waitingOf(owner) >= WAITING_PER_OWNER)
    throw new ConvertError('convert_busy', UPLOAD_MESSAGES.busyCustomer, 429);
  if (queue.waiting >= WAITING_MAX) throw new ConvertError('convert_busy', FORMAT_MESSAGES.busy, 503);
  await new Promise<void>((resolve, reject) => {
    const job: Waiting = {
      owner,
      weight: 0,
      start: () => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      },
      cancel: () => reject(new ConversionAbandoned()),
    };
    const onAbort = () => {
      if (queue.remove(job)) job.cancel();
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    queue.add(job);
    pump();
  });
  try {
    return await work();
  } finally {
    running--;
    queue.done(owner);
    pump();
  }
}

/** Conversions running and waiting now (tests, the bench). */
export function officeLoad(): { running: number; waiting: number } {
  return { running, waiting: queue.waiting };
}

// ---------------------------------------------------------------------------------------------------------------
// The profile: LibreOffice makes a user profile on first run (about a second and a half). One is made per server
// process from a document of the shop's own (at start, in the background: warmOfficeProfile), kept read-only, and
// copied into each conversion's empty home, so no conversion ever sees what another left and none pays for a new
// profile. Until it is ready a conversion makes its own as before, never waiting for it.

const profileRoot = path.join(os.tmpdir(), `shop-soffice-${process.pid}`);
const TEMPLATE_RETRY_MS = 10 * 60_000;
let cleanupHooked = false;

/**
 * The kept profile of one LibreOffice setup (its program and sandbox): a profile made by one program is no use to
 * another, and one setup failing to make it (a broken or stopped program) says nothing about another's.
 */
interface KeptProfile {
  making: Promise<string | null> | null;
  ready: string | null;
  /** When making it last failed: conversions then make their own, and it is tried again a while later. */
  failedAt: number;
}
const profiles = new Map<string, KeptProfile>();
const setupOf = (opts: Pick<OfficeOptions, 'soffice' | 'sandbox'>) =>
  `${sofficeProgram(opts.soffice) ?? opts.soffice}\0${opts.sandbox}`;
function keptProfile(opts: Pick<OfficeOptions, 'soffice' | 'sandbox'>): KeptProfile {
  const setup = setupOf(opts);
  let kept = profiles.get(setup);
  if (!kept) profiles.set(setup, (kept = { making: null, ready: null, failedAt: 0 }));
  return kept;
}

/** A one-line OpenDocument text made here (the profile is never made from a customer's file). */
function seedDocument(): Buffer {
  const content =
    '<?xml version="1.0" encoding="UTF-8"?><office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" office:version="1.3"><office:body><office:text><text:p>Profile</text:p></office:text></office:body></office:document-content>';
  const manifest =
    '<?xml version="1.0" encoding="UTF-8"?><manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.3"><manifest:file-entry manifest:full-path="/" manifest:version="1.3" manifest:media-type="application/vnd.oasis.opendocument.text"/><manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/></manifest:manifest>';
  return writeZip([
    { name: 'mimetype', data: Buffer.from('application/vnd.oasis.opendocument.text'), method: 0 },
    { name: 'content.xml', data: Buffer.from(content), method: 8 },
    { name: 'META-INF/manifest.xml', data: Buffer.from(manifest), method: 8 },
  ]);
}

function profileTemplate(opts: OfficeOptions): Promise<string | null> {
  const kept = keptProfile(opts);
  if (!kept.making && Date.now() - kept.failedAt < TEMPLATE_RETRY_MS) return Promise.resolve(null);
  if (!cleanupHooked) {
    cleanupHooked = true;
    process.once('exit', () => fs.rmSync(profileRoot, { recursive: true, force: true }));
  }
  kept.making ??= (async () => {
    await fsp.mkdir(profileRoot, { recursive: true });
    const dir = await fsp.mkdtemp(path.join(profileRoot, 'profile-'));
    const seed = path.join(dir, 'seed.odt');
    await fsp.writeFile(seed, seedDocument());
    const run = await runSoffice(seed, 'odt', opts, null);
    try {
      if (!run.ok) return null;
      const dest = path.join(dir, 'template');
      await fsp.cp(path.join(run.work, 'home', 'profile'), dest, { recursive: true });
      return dest;
    } finally {
      await fsp.rm(run.work, { recursive: true, force: true });
    }
  })()
    .catch(() => null)
    .then((t) => {
      if (!t) {
        kept.making = null;
        kept.failedAt = Date.now();
      }
      kept.ready = t;
      return t;
    });
  return kept.making;
}

/** The kept profile when it is ready; otherwise null at once, its making started (conversions never wait for it). */
function readyProfile(opts: OfficeOptions): string | null {
  const kept = keptProfile(opts);
  if (!kept.ready) void profileTemplate(opts);
  return kept.ready;
}

/** Makes the kept profile in the background (the start calls it when the shop converts office files). */
export function warmOfficeProfile(opts: OfficeOptions): void {
  if (officeAvailable(opts.soffice, opts.sandbox)) void profileTemplate(opts);
}

/** Whether this setup's kept profile is made, once its making has ended (tests). */
export async function profileTemplateReady(opts: Pick<OfficeOptions, 'soffice' | 'sandbox'>): Promise<boolean> {
  return (await keptProfile(opts).making) != null;
}

// ---------------------------------------------------------------------------------------------------------------

interface SofficeRun {
  ok: boolean;
  work: string;
  output: string;
  code: number | null;
  signal: NodeJS.Signals | null;
  stderr: string;
  timedOut: boolean;
  abandoned: boolean;
}

/** One LibreOffice run on `input` in a new work folder (home, temp, out), sandboxed as configured. */
async function runSoffice(
  input: string,
  format: OfficeFormat,
  opts: OfficeOptions & { big?: boolean },
  profile: string | null,
  signal?: AbortSignal,
): Promise<SofficeRun> {
  const program = sofficeProgram(opts.soffice);
  const work = await fsp.mkdtemp(path.join(os.tmpdir(), 'shop-convert-'));
  const dirs = {
    home: path.join(work, 'home'),
    tmp: path.join(work, 'tmp'),
    out: path.join(work, 'out'),
    in: path.join(work, 'in'),
  };
  await Promise.all(Object.values(dirs).map((d) => fsp.mkdir(d, { recursive: true, mode: 0o700 })));
  if (profile) await fsp.cp(profile, path.join(dirs.home, 'profile'), { recursive: true });
  const result: SofficeRun = {
    ok: false,
    work,
    output: path.join(dirs.out, 'document.pdf'),
    code: null,
    signal: null,
    stderr: '',
    timedOut: false,
    abandoned: false,
  };
  if (!program) return { ...result, code: -1, stderr: 'LibreOffice not found' };
  const sandboxed = opts.sandbox === 'bwrap';
  const inside = sandboxed
    ? { home: INSIDE.home, tmp: INSIDE.tmp, out: INSIDE.outDir, input: INSIDE.input }
    : { home: dirs.home, tmp: dirs.tmp, out: dirs.out, input: path.join(dirs.in, 'document') };
  if (!sandboxed) await fsp.copyFile(input, inside.input);
  const env = sofficeEnv(inside.home, inside.tmp);
  const sofficeArgs = [
    `-env:UserInstallation=file://${inside.home}/profile`,
    '--headless',
    '--invisible',
    '--norestore',
    '--nologo',
    '--nodefault',
    '--nolockcheck',
    '--nofirststartwizard',
    `--infilter=${INFILTERS[format]}`,
    '--convert-to',
    'pdf',
    '--outdir',
    inside.out,
    inside.input,
  ];
  const tools = sandboxTools();
  const limits = prlimitArgs({
    memoryBytes: opts.memoryBytes,
    fileBytes: OUTPUT_MAX_BYTES,
    cpuSeconds: Math.ceil((opts.timeoutMs / 1000) * 2) + 5,
  });
  const command = sandboxed
    ? [
        ...limits,
        tools.bwrap ?? 'bwrap',
        ...bwrapArgs({
          program,
          paths: { input, outDir: dirs.out, homeDir: dirs.home, tmpDir: dirs.tmp },
          env,
          hide: opts.hide,
        }),
      ]
    : [...limits, program];
  // A big document (much to unpack, many pictures) runs at a lower CPU priority: a small one beside it, another
  // customer's résumé, keeps its pace (decision 031).
  const nice = opts.big ? [tools.nice, '-n', '10'] : [];
  const [bin, ...args] = [...nice, tools.prlimit, ...command, ...sofficeArgs] as [string, ...string[]];
  const child = spawn(bin, args, {
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
    // Nothing of the server's environment (its secrets) reaches LibreOffice: bubblewrap clears it anyway, and
    // without the sandbox this is all LibreOffice gets.
    env: sandboxed ? { PATH: '/usr/bin:/bin' } : env,
    cwd: sandboxed ? work : dirs.tmp,
  });
  child.stderr?.on('data', (d: Buffer) => {
    if (result.stderr.length < 4000) result.stderr += d.toString();
  });
  const stop = () => {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      child.kill('SIGKILL');
    }
  };
  const timer = setTimeout(() => {
    result.timedOut = true;
    stop();
  }, opts.timeoutMs);
  const onAbort = () => {
    result.abandoned = true;
    stop();
  };
  signal?.addEventListener('abort', onAbort, { once: true });
  if (signal?.aborted) onAbort();
  [result.code, result.signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve) => {
    child.on('error', () => resolve([-1, null]));
    child.on('close', (c, s) => resolve([c, s]));
  });
  clearTimeout(timer);
  signal?.removeEventListener('abort', onAbort);
  result.ok =
    !result.timedOut &&
    !result.abandoned &&
    result.code === 0 &&
    (await fsp.stat(result.output).then(
      (s) => s.size > 0,
      () => false,
    ));
  return result;
}

/** Killed by the kernel or crashed: what LibreOffice does when it runs into its memory or file-size cap. */
function ranOutOfRoom(run: SofficeRun): boolean {
  const crashed = run.signal !== null || (run.code !== null && run.code > 128);
  return crashed || /bad_alloc|out of memory|Fatal exception/i.test(run.stderr);
}

/**
 * An office file (detected as `format`, links already taken out: office-prepare.ts) made into a PDF by LibreOffice
 * (docs/decisions/017, 030, 031): in `owner`'s turn, in a work folder of its own (empty home with a copy of the
 * shop's profile, empty temp folder), sandboxed, its memory, output size and CPU time capped, stopped after
 * `timeoutMs` or as soon as `signal` says the customer left. Returns the PDF's path inside a folder the caller
 * removes (the PDF's parent's parent).
 */
export async function officeToPdf(
  input: string,
  format: OfficeFormat,
  owner: string,
  opts: OfficeOptions & { signal?: AbortSignal; big?: boolean },
): Promise<string> {
  return inTurn(owner, opts.signal, async () => {
    const profile = readyProfile(opts);
    const run = await runSoffice(input, format, opts, profile, opts.signal);
    if (run.ok) return run.output;
    await fsp.rm(run.work, { recursive: true, force: true });
    if (run.abandoned) throw new ConversionAbandoned();
    if (run.timedOut) throw new ConvertError('convert_timeout', FORMAT_MESSAGES.tooSlow);
    if (run.code === 128 + 24 || run.signal === 'SIGXCPU')
      throw new ConvertError('convert_timeout', FORMAT_MESSAGES.tooSlow);
    if (ranOutOfRoom(run)) throw new ConvertError('convert_too_complex', FORMAT_MESSAGES.tooComplex);
    // LibreOffice says little; a password-protected file ends here too (headless, it cannot ask for the password).
    throw new ConvertError(
      'convert_broken',
      /password/i.test(run.stderr) ? FORMAT_MESSAGES.password : FORMAT_MESSAGES.broken,
    );
  });
}

/**
 * What the start says about office files (docs/decisions/030): converted in the sandbox, converted without it by
 * choice, or refused and why, with the fix.
 */
export function officeStartLine(soffice: string, sandbox: SandboxMode): { warn: boolean; text: string } {
  if (!sofficeProgram(soffice))
    return {
      warn: false,
      text: `office files: not taken (LibreOffice "${soffice}" not found; the shop takes PDF, JPG and PNG)`,
    };
  const status = sandboxStatus(sandbox);
  if (!status.usable) {
    return {
      warn: true,
      text: `office files: REFUSED, LibreOffice cannot run in its sandbox here (${status.reason}). Install bubblewrap and util-linux (apt-get install bubblewrap) and allow user namespaces, or set SOFFICE_SANDBOX=off to convert without the sandbox (not for a shop open to the public; docs/decisions/030-office-sandbox.md)`,
    };
  }
  if (sandbox === 'off')
    return {
      warn: true,
      text: 'office files: converted WITHOUT the sandbox (SOFFICE_SANDBOX=off): LibreOffice can read what the server can read; links are still stripped and memory capped (docs/decisions/030-office-sandbox.md)',
    };
  return {
    warn: false,
    text: 'office files: converted by LibreOffice in a bubblewrap sandbox (no network, nothing of the server visible)',
  };
}
