import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Where LibreOffice runs (docs/decisions/030). With `SOFFICE_SANDBOX=bwrap` (the default) every
 * conversion runs under Debian's bubblewrap: new user, mount, network, PID, IPC and UTS namespaces (no network at
 * all, only its own loopback), all capabilities dropped, as `nobody` inside, with only /usr (read-only; /usr/local
 * hidden but its fonts), the font and LibreOffice configuration, its own empty home and temp folder, the input
 * read-only and one output folder. It cannot see DATA_DIR, the server's files or any other customer's. The
 * environment is built from nothing (no secret of the server's reaches it), and prlimit caps its address space,
 * file size and CPU time (decision 031).
 *
 * Where bubblewrap is missing or cannot run (no user namespaces, e.g. a locked-down laptop or container), office
 * files are refused and the shop says it takes PDF, JPG and PNG; the start log says why and how to fix it.
 * `SOFFICE_SANDBOX=off` is the explicit choice to convert without the sandbox (every other limit still applies);
 * each start then warns.
 */

export type SandboxMode = 'bwrap' | 'off';

export interface SandboxPaths {
  /** The input file, bound read-only at /job/in/document. */
  input: string;
  /** Written by LibreOffice: /job/out. */
  outDir: string;
  /** Its own home (profile inside) and temp folder: /home/soffice and /tmp. */
  homeDir: string;
  tmpDir: string;
}

/** Paths as LibreOffice sees them inside the sandbox. */
export const INSIDE = { input: '/job/in/document', outDir: '/job/out', home: '/home/soffice', tmp: '/tmp' } as const;

/**
 * The only environment LibreOffice gets: a path, its home and temp folder, a UTF-8 locale, the headless display
 * plug-in, and fewer malloc arenas (each thread's 64 MB arena reservation counted against the address-space cap
 * for nothing: measured, a one-page résumé needs a 400 MB cap with 2 arenas and about 570 MB without).
 */
export function sofficeEnv(home: string, tmp: string): Record<string, string> {
  return {
    PATH: '/usr/bin:/bin',
    HOME: home,
    TMPDIR: tmp,
    LANG: 'C.UTF-8',
    SAL_USE_VCLPLUGIN: 'svp',
    MALLOC_ARENA_MAX: '2',
  };
}

const realpath = (p: string) => {
  try {
    return fs.realpathSync(p);
  } catch {
    return path.resolve(p);
  }
};
const isUnder = (child: string, parent: string) =>
  child === parent || child.startsWith(parent.endsWith('/') ? parent : `${parent}/`);

/** A program by path or looked up on PATH (symlinks followed), or null when it is not there. */
export function findProgram(soffice: string): string | null {
  const candidates = soffice.includes('/')
    ? [soffice]
    : (process.env.PATH ?? '')
        .split(path.delimiter)
        .filter(Boolean)
        .map((d) => path.join(d, soffice));
  for (const c of candidates) {
    try {
      fs.accessSync(c, fs.constants.X_OK);
      return realpath(c);
    } catch {
      // next
    }
  }
  return null;
}

/**
 * bubblewrap's arguments around one command. `hide` are folders of the server's (DATA_DIR, its own directory) that
 * must not show even where they sit under /usr; the program's own installation is bound when it is elsewhere
 * (LibreOffice from TDF's packages lives in /opt).
 */
export function bwrapArgs(opts: {
  program: string;
  paths: SandboxPaths | null;
  env: Record<string, string>;
  hide: string[];
}): string[] {
  const args = [
    '--unshare-all',
    '--unshare-user',
    '--uid',
    '65534',
    '--gid',
    '65534',
    '--die-with-parent',
    '--new-session',
    '--cap-drop',
    'ALL',
    '--ro-bind',
    '/usr',
    '/usr',
    // /usr/local may hold the server itself or other software: hidden, but for fonts the shop installed there.
    '--tmpfs',
    '/usr/local',
    '--ro-bind-try',
    '/usr/local/share/fonts',
    '/usr/local/share/fonts',
    '--symlink',
    'usr/lib',
    '/lib',
    '--symlink',
    'usr/lib64',
    '/lib64',
    '--symlink',
    'usr/bin',
    '/bin',
    '--symlink',
    'usr/sbin',
    '/sbin',
    '--ro-bind-try',
    '/etc/fonts',
    '/etc/fonts',
    '--ro-bind-try',
    '/etc/libreoffice',
    '/etc/libreoffice',
    '--ro-bind-try',
    '/etc/ld.so.cache',
    '/etc/ld.so.cache',
    '--ro-bind-try',
    '/var/cache/fontconfig',
    '/var/cache/fontconfig',
    '--proc',
    '/proc',
    '--dev',
    '/dev',
  ];
  for (const h of opts.hide.map(realpath)) if (isUnder(h, '/usr') && !isUnder(h, '/usr/local')) args.push('--tmpfs', h);
  if (opts.paths) {
    args.push(
      '--bind',
      opts.paths.homeDir,
      INSIDE.home,
      '--bind',
      opts.paths.tmpDir,
      INSIDE.tmp,
      '--ro-bind',
      opts.paths.input,
      INSIDE.input,
      '--bind',
      opts.paths.outDir,
      INSIDE.outDir,
    );
  } else args.push('--tmpfs', '/tmp');
  const program = realpath(opts.program);
  if (!isUnder(program, '/usr')) {
    // The installation folder (…/program/soffice → …), bound read-only where it is (last, so it shows even in /tmp).
    const dir = path.dirname(program);
    const root = path.basename(dir) === 'program' ? path.dirname(dir) : dir;
    args.push('--ro-bind', root, root);
  }
  args.push('--clearenv');
  for (const [k, v] of Object.entries(opts.env)) args.push('--setenv', k, v);
  args.push('--chdir', '/tmp', '--', program);
  return args;
}

/** Address space, file size and CPU time caps, as prlimit's options (decision 031). */
export function prlimitArgs(limits: { memoryBytes: number; fileBytes: number; cpuSeconds: number }): string[] {
  return [`--as=${limits.memoryBytes}`, `--fsize=${limits.fileBytes}`, `--cpu=${limits.cpuSeconds}`, '--core=0'];
}

export interface SandboxStatus {
  /** Conversions may run (in the sandbox, or without it by explicit choice). */
  usable: boolean;
  mode: SandboxMode;
  /** Why it cannot run, for the start log: the tool's own words. */
  reason?: string;
}

const probed = new Map<string, SandboxStatus>();

/**
 * Whether conversions can run as configured, found once per process (a sandboxed `true`, well under a second):
 * bubblewrap and prlimit present and working. Synchronous so the shop's public configuration can say at once
 * whether it takes office files.
 */
export function sandboxStatus(mode: SandboxMode, bwrapProgram = 'bwrap'): SandboxStatus {
  const key = `${mode}:${bwrapProgram}`;
  const hit = probed.get(key);
  if (hit) return hit;
  let status: SandboxStatus;
  const prlimit = findProgram('prlimit');
  if (!prlimit) status = { usable: false, mode, reason: 'prlimit (util-linux) is not installed' };
  else if (mode === 'off') status = { usable: true, mode };
  else {
    const bwrap = findProgram(bwrapProgram);
    if (!bwrap) status = { usable: false, mode, reason: 'bubblewrap (bwrap) is not installed' };
    else {
      const truth = findProgram('true') ?? '/usr/bin/true';
      const run = spawnSync(
        prlimit,
        [
          ...prlimitArgs({ memoryBytes: 256 * 1024 * 1024, fileBytes: 1024 * 1024, cpuSeconds: 5 }),
          bwrap,
          ...bwrapArgs({ program: truth, paths: null, env: { PATH: '/usr/bin' }, hide: [] }),
        ],
        {
          encoding: 'utf8',
          timeout: 10_000,
          env: {},
        },
      );
      status =
        run.status === 0
          ? { usable: true, mode }
          : {
              usable: false,
              mode,
              reason: (run.stderr || run.error?.message || `exit ${run.status ?? run.signal}`).trim().split('\n')[0],
            };
    }
  }
  probed.set(key, status);
  return status;
}

/** Paths found once for the spawns. */
export function sandboxTools(): { prlimit: string; bwrap: string | null; nice: string } {
  tools ??= {
    prlimit: findProgram('prlimit') ?? 'prlimit',
    bwrap: findProgram('bwrap'),
    nice: findProgram('nice') ?? 'nice',
  };
  return tools;
}
let tools: { prlimit: string; bwrap: string | null; nice: string } | null = null;
