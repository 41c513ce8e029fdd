import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopConfig } from '../backup/shop.ts';
import { fixturePdf } from '../factories/index.ts';
import { startRazorpayFake, type RazorpayFake } from '../fakes/razorpay-fake.ts';
import {
  freePort,
  REPO_ROOT,
  startServer,
  stopGracefully,
  type ServerProcess,
} from '../faults-payments/server-process.ts';
import { recordSecret } from '../helpers/log-capture.ts';
import { runDoctor } from '../../src/doctor/doctor.ts';
import { serveCommand } from '../../../scripts/serve-command.ts';

/**
 * Going live (README): deploy/Caddyfile (its site address made local, `tls internal`) in front of the built server in
 * production mode; over HTTPS a customer signs up, uploads, pays (Razorpay test keys against the local fake of its
 * API) and downloads. Secure cookies, HSTS, and the client's address as the proxy reports it (TRUST_PROXY=1).
 */
const hasCaddy = (() => {
  try {
    execFileSync('caddy', ['version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  json<T = Record<string, any>>(): T; // eslint-disable-line @typescript-eslint/no-explicit-any
}

describe.skipIf(!hasCaddy)('the shop behind Caddy over HTTPS (deploy/)', () => {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-caddy-'));
  const outdir = `.dist-caddy-${crypto.randomBytes(3).toString('hex')}`;
  let caddy: ChildProcess;
  let caddyLog = '';
  let server: ServerProcess;
  let razorpay: RazorpayFake;
  let httpsPort: number;
  let ca: Buffer;
  let origin: string;
  const ADMIN_PASSWORD = 'Caddy!Admin-2026';

  function request(
    method: string,
    url: string,
    opts: { headers?: Record<string, string>; body?: Buffer | string } = {},
  ): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const req = https.request(`${origin}${url}`, { method, ca, headers: { origin, ...opts.headers } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          resolve({ status: res.statusCode!, headers: res.headers, body, json: () => JSON.parse(body.toString()) });
        });
      });
      req.on('error', reject);
      if (opts.body !== undefined) req.write(opts.body);
      req.end();
    });
  }
  const json = (method: string, url: string, body: unknown, headers: Record<string, string> = {}) =>
    request(method, url, { headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

  beforeAll(async () => {
    execFileSync(process.execPath, [path.join(REPO_ROOT, 'server/build.mjs')], {
      cwd: REPO_ROOT,
      stdio: 'pipe',
      env: { ...process.env, SERVER_BUILD_OUTDIR: outdir },
    });
    razorpay = await startRazorpayFake();
    const appPort = await freePort();
    httpsPort = await freePort();
    origin = `https://localhost:${httpsPort}`;
    recordSecret('password', ADMIN_PASSWORD);
    const { env, args } = serveCommand();
    server = await startServer({
      dataDir: path.join(work, 'data'),
      port: appPort,
      tmpDir: os.tmpdir(),
      argv: args.map((a) => a.replace('server/dist/', `server/${outdir}/`)),
      env: {
        ...env,
        NODE_ENV: 'production',
        PUBLIC_URL: origin,
        TRUST_PROXY: '1',
        ADMIN_EMAIL: 'owner@shop.test',
        ADMIN_PASSWORD,
        PAYMENTS_PROVIDER: 'razorpay',
        RAZORPAY_KEY_ID: razorpay.keyId,
        RAZORPAY_KEY_SECRET: razorpay.keySecret,
        RAZORPAY_WEBHOOK_SECRET: razorpay.webhookSecret,
        RAZORPAY_API_BASE: razorpay.url,
        BACKUP_HOUR: 'off',
      },
    });

    // deploy/Caddyfile as shipped, its site made local: this machine's name, Caddy's own CA, free ports.
    const shipped = fs.readFileSync(path.join(REPO_ROOT, 'deploy/Caddyfile'), 'utf8');
    const site = shipped
      .replace(/^print\.example\.in \{/m, `localhost:${httpsPort} {\n\ttls internal`)
      .replace('127.0.0.1:5000', `127.0.0.1:${appPort}`)
      .replace('/var/log/caddy/shop-access.log', path.join(work, 'access.log'));
    expect(site).toContain(`localhost:${httpsPort}`);
    const global = `{\n\tadmin off\n\tskip_install_trust\n\tstorage file_system ${path.join(work, 'caddy')}\n\thttp_port ${await freePort()}\n\thttps_port ${httpsPort}\n}\n`;
    fs.writeFileSync(path.join(work, 'Caddyfile'), global + site);
    caddy = spawn('caddy', ['run', '--config', path.join(work, 'Caddyfile'), '--adapter', 'caddyfile'], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, HOME: work },
    });
    caddy.stdout!.on('data', (d: Buffer) => (caddyLog += d.toString()));
    caddy.stderr!.on('data', (d: Buffer) => (caddyLog += d.toString()));
    const root = path.join(work, 'caddy/pki/authorities/local/root.crt');
    for (let i = 0; i < 200; i++) {
      if (fs.existsSync(root)) {
        ca = fs.readFileSync(root);
        const ok = await request('GET', '/api/health').then(
          (r) => r.status === 200,
          () => false,
        );
        if (ok) break;
      }
      if (caddy.exitCode !== null) throw new Error(`caddy stopped:\n${caddyLog}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    if (!ca) throw new Error(`caddy made no certificate:\n${caddyLog}`);
  }, 240_000);

  afterAll(async () => {
    caddy?.kill('SIGTERM');
    if (server) await stopGracefully(server);
    await razorpay?.close();
    fs.rmSync(path.join(REPO_ROOT, 'server', outdir), { recursive: true, force: true });
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('answers over HTTPS with a certificate the client trusts, and HSTS', async () => {
    const res = await request('GET', '/api/health');
    expect(res.status).toBe(200);
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
  });

  it('signs a customer up with a Secure, HttpOnly cookie; uploads, pays in test mode and downloads over HTTPS', async () => {
    const password = 'Caddy!Cust-2026';
    recordSecret('password', password);
    const reg = await json('POST', '/api/auth/register', {
      name: 'Asha',
      email: `asha.${Date.now()}@example.com`,
      password,
      confirmPassword: password,
    });
    expect(reg.status).toBe(201);
    const cookies = [reg.headers['set-cookie']].flat().filter(Boolean) as string[];
    expect(cookies.length).toBeGreaterThan(0);
    for (const c of cookies) expect(c).toMatch(/;\s*Secure/i);
    expect(cookies.some((c) => /HttpOnly/i.test(c))).toBe(true);
    const token = reg.json().token as string;
    recordSecret('session token', token);
    const auth = { authorization: `Bearer ${token}` };

    const pdf = fs.readFileSync(fixturePdf('letter-a4-4p.pdf'));
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'letter.pdf');
    const encoded = new Request('https://x/', { method: 'POST', body: form });
    const up = await request('POST', '/api/pdf/upload', {
      headers: { ...auth, 'content-type': encoded.headers.get('content-type')! },
      body: Buffer.from(await encoded.arrayBuffer()),
    });
    expect(up.status).toBe(201);
    const fileId = up.json().file.id as string;

    const services = (await request('GET', '/api/services')).json<Array<Record<string, unknown>>>();
    const s = services.find((x) => x.printing_type === 'bw' && x.paper_size === 'a4')!;
    const documents = [
      {
        fileId,
        options: {
          serviceId: s.id,
          printingType: s.printing_type,
          paperSize: s.paper_size,
          paperType: s.paper_type,
          sides: 'single',
          orientation: 'portrait',
          copies: 1,
        },
      },
    ];
    const quote = (await json('POST', '/api/pdf/calculate-cost', { documents }, auth)).json();
    const draft = await json(
      'POST',
      '/api/razorpay/create-order',
      {
        amount: Math.round(quote.totalCost * 100),
        currency: 'INR',
        documents,
        deliveryType: 'pickup',
        deliveryDetails: { mobileNumber: '9876543210' },
      },
      auth,
    );
    expect(draft.status).toBe(200);
    expect(draft.json().provider).toBe('razorpay');
    const proof = razorpay.pay(draft.json().id as string);
    recordSecret('signature', proof.razorpay_signature);
    const paid = await json(
      'POST',
      '/api/razorpay/verify-payment',
      {
        razorpay_order_id: proof.razorpay_order_id,
        razorpay_payment_id: proof.razorpay_payment_id,
        razorpay_signature: proof.razorpay_signature,
      },
      auth,
    );
    expect(paid.status).toBe(200);
    const orderNumber = paid.json().orderNumber as string;

    const file = await request('GET', `/api/orders/${orderNumber}/documents/1/file`, { headers: auth });
    expect(file.status).toBe(200);
    expect(crypto.createHash('sha256').update(file.body).digest('hex')).toBe(
      crypto.createHash('sha256').update(pdf).digest('hex'),
    );
  });

  it("sees each client's own address through the proxy: a made-up X-Forwarded-For does not escape the sign-in limit", async () => {
    const password = 'Caddy!Other-2026';
    recordSecret('password', password);
    const email = `ravi.${Date.now()}@example.com`;
    expect(
      (await json('POST', '/api/auth/register', { name: 'Ravi', email, password, confirmPassword: password })).status,
    ).toBe(201);
    const statuses: number[] = [];
    for (let i = 0; i < 12 && !statuses.includes(429); i++) {
      const made = `198.51.100.${Math.floor(Math.random() * 250) + 1}`;
      statuses.push(
        (await json('POST', '/api/auth/login', { email, password: `Wrong!Pass${i}` }, { 'x-forwarded-for': made }))
          .status,
      );
    }
    // Counted against one address (Caddy's view of this client), whatever the client claimed.
    expect(statuses).toContain(429);
  });

  it('npm run doctor says in words that this certificate is not one browsers trust', async () => {
    const config = shopConfig({
      NODE_ENV: 'development',
      PUBLIC_URL: origin,
      PAYMENTS_PROVIDER: 'sandbox',
      DATA_DIR: path.join(work, 'doctor'),
    });
    const results = await runDoctor(config);
    const httpsCheck = results.find((r) => r.area === 'HTTPS');
    expect(httpsCheck).toBeDefined();
    // Caddy's local CA is in no trust store: a customer's browser would refuse it too.
    expect(httpsCheck!.status).toBe('problem');
    expect(httpsCheck!.message).toMatch(/answers, but its certificate is not one browsers trust \([A-Z_]+\)/);
  });
});
