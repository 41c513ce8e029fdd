import fs from 'node:fs';
import { afterAll } from 'vitest';

declare module '@vitest/runner' {
  interface TaskMeta {
    /** CPU seconds the file used (import and tests) and those of the programs it ran and waited for. */
    cpu?: { own: number; children: number; pid: number };
  }
}

/** utime + stime and cutime + cstime of this process, in seconds (Linux; zero elsewhere). */
function cpuSeconds(): { own: number; children: number } {
  try {
    // The fields after the command name (which is in parentheses and may hold spaces).
    const f = fs.readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ').map(Number);
    const tick = 100;
    return { own: (f[11]! + f[12]!) / tick, children: (f[13]! + f[14]!) / tick };
  } catch {
    return { own: 0, children: 0 };
  }
}

/**
 * Vitest setup file: after each test file, the CPU time it used (the import, the tests, PGlite and worker threads)
 * and that of the programs it started and waited for (LibreOffice, Ghostscript, cupsd, a server process…), for the
 * slowest-files report. On a machine shared with other work the wall time of a file says little; its CPU seconds
 * say what it costs. A worker process runs several files one after the other (vitest's `isolate: false`): each file
 * is charged what the process used since the previous one ended, its import included; the mark lives on globalThis
 * so that it holds whether or not this setup file is evaluated again for each file.
 */
const mark = globalThis as { shopCpuSince?: { own: number; children: number } };
// The first parameter is the hook's fixtures (vitest reads it as a pattern); the file's suite comes second.
// oxlint-disable-next-line no-empty-pattern
afterAll(({}, suite) => {
  const now = cpuSeconds();
  const since = mark.shopCpuSince ?? { own: 0, children: 0 };
  mark.shopCpuSince = now;
  suite.file.meta.cpu = { own: now.own - since.own, children: now.children - since.children, pid: process.pid };
});
