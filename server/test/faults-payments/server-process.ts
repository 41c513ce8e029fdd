import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, inject } from 'vitest';
import { builtFromLatest } from '../../build-freshness.mjs';
import { serveCommand } from '../../../scripts/serve-command.ts';
import { captureLogLine } from '../helpers/log-capture.ts';

/**
 * The real server as a child process, for crash tests: the build as `npm run serve` runs it (what ships) when
 * server/dist is up to date with the sources (`npm test` builds first), else the TypeScript through tsx.
 */

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export { freePort } from '../helpers/free-port.ts';

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  base: string;
  /** stdout and stderr so far, for failure messages. */
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export async function startServer(opts: {
  dataDir: string;
  port: number;
  tmpDir: string;
  timeoutMs?: number;
  /** Set after the local defaults (e.g. DATABASE_URL and EVENTS for a shop on PostgreSQL). */
  env?: Record<string, string>;
  /** node's arguments; default: serverCommand()'s. */
  argv?: string[];
  /**
   * A shop on PGlite whose DATA_DIR has no database yet starts from a copy of the run's migrated template
   * (decision 043), as the in-process test apps do; `fresh` lets the server create and migrate it (what a first
   * start on a new machine does: the production-build test checks that).
   */
  database?: 'template' | 'fresh';
}): Promise<ServerProcess> {
  if (opts.database !== 'fresh' && !opts.env?.DATABASE_URL) seedPgliteFromTemplate(path.join(opts.dataDir, 'db'));
  const command = serverCommand();
  const env: NodeJS.ProcessEnv = { ...process.env, ...(opts.argv ? {} : command.env) };
  // A local shop: PGlite in DATA_DIR/db, files in DATA_DIR/files, whatever the calling environment has.
  for (const k of Object.keys(env))
    if (/^(DATABASE_URL|S3_|SMTP_URL|PAYMENTS_PROVIDER|RAZORPAY_|EVENTS$)/.test(k)) delete env[k];
  Object.assign(env, {
    NODE_ENV: 'test',
    DATA_DIR: opts.dataDir,
    PORT: String(opts.port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${opts.port}`,
    // Info, so business events are in the log the leak check searches (log-leak-check.ts).
    LOG_LEVEL: 'info',
    RECONCILE_INTERVAL_SECONDS: '0',
    // The upload receiver's temporary files go here (os.tmpdir()), so the test can watch and inspect them.
    TMPDIR: opts.tmpDir,
    ...opts.env,
  });
  const child = spawn(process.execPath, opts.argv ?? command.args, {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const source = `${(expect.getState().testPath ?? 'server process').replace(/^.*?server\/test\//, 'server/test/')} (server process)`;
  let partial = '';
  const take = (d: Buffer) => {
    const text = d.toString();
    out += text;
    const parts = (partial + text).split('\n');
    partial = parts.pop()!;
    for (const line of parts) if (line.trim()) captureLogLine(source, line);
  };
  child.stdout!.on('data', take);
  child.stderr!.on('data', take);
  child.once('exit', () => {
    if (partial.trim()) captureLogLine(source, partial);
  });
  const exited = once(child, 'exit').then(([code, signal]) => ({
    code: code as number | null,
    signal: signal as NodeJS.Signals | null,
  }));
  const base = `http://127.0.0.1:${opts.port}`;
  const proc: ServerProcess = { child, port: opts.port, base, output: () => out, exited };

  const deadline = Date.now() + (opts.timeoutMs ?? 90_000);
  let gone = false;
  void exited.then(() => (gone = true));
  while (Date.now() < deadline) {
    if (gone) throw new Error(`the server exited before it was ready:\n${out}`);
    try {
      const res = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return proc;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`the server did not become ready in time:\n${out}`);
}

/**
 * How the tests start the server: `npm run serve`'s environment and node arguments (scripts/serve-command.ts) when
 * server/dist/server.js was built from the sources as they are, else the TypeScript through tsx (a file run alone
 * after an edit, without a build). The build starts on about 2.7 CPU s, the sources through tsx on 4.6.
 */
export function serverCommand(): { env: Record<string, string>; args: string[]; built: boolean } {
  if (builtFromLatest(path.join(REPO_ROOT, 'server/dist/server.js'))) return { ...serveCommand(), built: true };
  return { env: {}, args: ['--import', 'tsx', 'server/src/server.ts'], built: false };
}

/**
 * Unpacks the run's migrated PGlite template (a dump of its data folder) as `dir`, when `dir` holds no database yet:
 * the server then opens it instead of initialising and migrating a new one (about 9 CPU seconds). Without the
 * template (a test run without the global setup) the server makes its database as on a first start.
 */
function seedPgliteFromTemplate(dir: string) {
  if (fs.existsSync(path.join(dir, 'PG_VERSION'))) return;
  let dump: string | undefined;
  try {
    dump = inject('dbTemplates')?.pgliteDump;
  } catch {
    return;
  }
  if (!dump || !fs.existsSync(dump)) return;
  fs.mkdirSync(dir, { recursive: true });
  // The dump's paths are absolute inside PGlite's data folder (/base, /global, …).
  execFileSync('tar', ['-xf', dump, '-C', dir], { stdio: ['ignore', 'ignore', 'pipe'] });
}

/** Sends SIGKILL and waits for the process to be gone. */
export async function killHard(proc: ServerProcess): Promise<void> {
  if (proc.child.exitCode === null && proc.child.signalCode === null) proc.child.kill('SIGKILL');
  await proc.exited;
}

/** SIGTERM (graceful shutdown, releases the data folder lock) and wait; SIGKILL after `ms`. */
export async function stopGracefully(
  proc: ServerProcess,
  ms = 20_000,
): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  if (proc.child.exitCode !== null || proc.child.signalCode !== null) return proc.exited;
  proc.child.kill('SIGTERM');
  const timer = setTimeout(() => proc.child.kill('SIGKILL'), ms);
  try {
    return await proc.exited;
  } finally {
    clearTimeout(timer);
  }
}

/** A multipart/form-data upload of `file` over node:http, written in chunks; `beforeChunk` may pause or stop it. */
export function streamUpload(opts: {
  base: string;
  token: string;
  file: Buffer;
  filename: string;
  chunkSize?: number;
  /** Called before each chunk with the bytes of the file sent so far; return false to stop writing (the request stays open). */
  beforeChunk?: (sentFileBytes: number) => Promise<boolean>;
}): { response: Promise<{ status: number; body: string }>; done: Promise<void> } {
  const boundary = `----shopfault${Date.now().toString(16)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${opts.filename}"\r\nContent-Type: application/pdf\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const url = new URL('/api/pdf/upload', opts.base);
  const req = http.request({
    host: url.hostname,
    port: url.port,
    path: url.pathname,
    method: 'POST',
    agent: false,
    headers: {
      authorization: `Bearer ${opts.token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': head.length + opts.file.length + tail.length,
    },
  });
  const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req.on('response', (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
  response.catch(() => {}); // observed by the caller; never an unhandled rejection
  const chunkSize = opts.chunkSize ?? 64 * 1024;
  const done = (async () => {
    const write = (b: Buffer) =>
      new Promise<void>((resolve) => {
        if (req.write(b)) return resolve();
        const go = () => {
          req.off('drain', go);
          req.off('close', go);
          resolve();
        };
        req.on('drain', go);
        req.on('close', go);
      });
    await write(head);
    for (let sent = 0; sent < opts.file.length; sent += chunkSize) {
      if (req.destroyed) return;
      if (opts.beforeChunk && !(await opts.beforeChunk(sent))) return;
      if (req.destroyed) return;
      await write(opts.file.subarray(sent, sent + chunkSize));
    }
    req.end(tail);
  })().catch(() => {});
  return { response, done };
}
