import fs from 'node:fs';
import { afterAll } from 'vitest';

declare module '@vitest/runner' {
  interface TaskMeta {
    /** CPU seconds of the file's process (import and tests) and of the programs it ran and waited for. */
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
 * Vitest setup file: after each test file, the CPU time its process used (each file runs in its own process: the
 * import, the tests, PGlite and worker threads) and that of the programs it started and waited for (LibreOffice,
 * Ghostscript, cupsd, a server process…), for the slowest-files report. On a machine shared with other work the
 * wall time of a file says little; its CPU seconds say what it costs.
 */
// The first parameter is the hook's fixtures (vitest reads it as a pattern); the file's suite comes second.
// oxlint-disable-next-line no-empty-pattern
afterAll(({}, suite) => {
  suite.file.meta.cpu = { ...cpuSeconds(), pid: process.pid };
});
