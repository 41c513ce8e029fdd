import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixturePdf } from '../factories/index.ts';
import {
  freePort,
  REPO_ROOT,
  startServer,
  stopGracefully,
  type ServerProcess,
} from '../faults-payments/server-process.ts';
import { shopDay } from '@shop/shared/common/shop-clock';
import { serveCommand } from '../../../scripts/serve-command.ts';
import { checkNode } from '../../src/lib/node-support.ts';

/**
 * What ships is the bundle in server/dist, not the TypeScript the other suites run: build it as `npm start` does,
 * start it as `npm run serve` does on a fresh data folder, and use the parts whose paths differ in the bundle
 * (PGlite's first-start initialisation, the migrations, the PDF worker).
 */
describe('the production build', () => {
  let server: ServerProcess;
  let dataDir: string;
  // Its own build beside the shipped one (server/dist), which the browser journeys may be running at the same time
  // (scripts/test.sh): the same build.mjs, only the folder differs (SERVER_BUILD_OUTDIR).
  const outdir = `.dist-build-test-${process.pid}`;
  const dist = path.join(REPO_ROOT, 'server', outdir);

  beforeAll(async () => {
    execFileSync(process.execPath, [path.join(REPO_ROOT, 'server/build.mjs')], {
      cwd: REPO_ROOT,
      stdio: 'pipe',
      env: { ...process.env, SERVER_BUILD_OUTDIR: outdir },
    });
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-build-'));
    const { env, args } = serveCommand();
    server = await startServer({
      dataDir,
      port: await freePort(),
      tmpDir: os.tmpdir(),
      env,
      argv: args.map((a) => a.replace('server/dist/', `server/${outdir}/`)),
      database: 'fresh',
    });
  });
  afterAll(async () => {
    if (server) await stopGracefully(server);
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('starts on a fresh data folder: database created and migrated, demo services seeded', async () => {
    // Anyone learns only that the shop is up; the admin sees what it runs on.
    expect(await (await fetch(`${server.base}/api/health`)).json()).toEqual({ ok: true, status: 'ok' });
    const login = await fetch(`${server.base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@printshop.local', password: 'Admin@12345' }),
    });
    const { token } = (await login.json()) as { token: string };
    const health = await (
      await fetch(`${server.base}/api/health`, { headers: { authorization: `Bearer ${token}` } })
    ).json();
    expect(health).toMatchObject({ ok: true, database: 'pglite', storage: 'local', mail: 'outbox' });
    const services = (await (await fetch(`${server.base}/api/services`)).json()) as Array<{ category: string }>;
    expect(new Set(services.map((s) => s.category))).toEqual(
      new Set(['color_printing', 'black_white_printing', 'pvc_card']),
    );
    // The start says when the Node.js running the shop no longer gets security fixes (Node 20 since 30/04/2026), and
    // says nothing of it otherwise.
    const node = checkNode(process.version, shopDay(Date.now()));
    await expect.poll(() => server.output()).toContain('is open at');
    expect(server.output().includes(node.message), node.message).toBe(node.status !== 'ok');
  });

  it('starts without the libraries only some requests need: they load when first used (decisions 044, 048, 050)', () => {
    // The packages the bundle imports statically from server.js, following its static imports of its own chunks
    // (`import()` of a chunk or a package is not followed: that is loading on first use).
    const seen = new Set<string>();
    const packages = new Set<string>();
    const queue = ['server.js'];
    while (queue.length) {
      const file = queue.shift()!;
      if (seen.has(file)) continue;
      seen.add(file);
      const code = fs.readFileSync(path.join(dist, file), 'utf8');
      // The bundle's whitespace is minified: `import{a as b}from"./chunks/c.js";import"x";` (never `import(`).
      for (const m of code.matchAll(/(?:^|[;\n])\s*import\s*(?:[\w*${}\s,]+?\s*from\s*)?"([^"]+)"/g)) {
        const spec = m[1]!;
        if (spec.startsWith('.')) queue.push(path.posix.normalize(path.posix.join(path.posix.dirname(file), spec)));
        else packages.add(spec);
      }
    }
    const heavy = [
      'mupdf',
      'pdf-lib',
      'qrcode',
      '@fastify/swagger',
      '@aws-sdk/client-s3',
      'nodemailer',
      'pg',
      // decision 050: the backup's tar writer and the GSTR-1 export's zip
      'tar-stream',
      'fflate',
    ];
    expect(heavy.filter((p) => [...packages].some((s) => s === p || s.startsWith(`${p}/`)))).toEqual([]);
    expect(packages).toContain('fastify');
  });

  it('reads an uploaded PDF in its worker thread and renders its first page', async () => {
    const email = `build.${Date.now()}@example.com`;
    const password = 'Str0ng!Pass';
    const reg = await fetch(`${server.base}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.base },
      body: JSON.stringify({ name: 'Build Check', email, password, confirmPassword: password }),
    });
    expect(reg.status).toBe(201);
    const { token } = (await reg.json()) as { token: string };
    const form = new FormData();
    form.append(
      'file',
      new Blob([fs.readFileSync(fixturePdf('notes-a4-38p.pdf'))], { type: 'application/pdf' }),
      'notes-a4-38p.pdf',
    );
    const up = await fetch(`${server.base}/api/pdf/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(up.status, await up.clone().text()).toBe(201);
    const result = (await up.json()) as { file: { previewUrl: string }; pdfInfo: { pageCount: number } };
    expect(result.pdfInfo.pageCount).toBe(38);
    const preview = await fetch(server.base + result.file.previewUrl, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(preview.headers.get('content-type')).toBe('image/png');
    expect(
      Buffer.from(await preview.arrayBuffer())
        .subarray(1, 4)
        .toString(),
    ).toBe('PNG');
    // Read in the worker, not by the inline fallback that would stall every other request.
    expect(server.output()).not.toContain('PDF worker thread could not start');
  });
});
