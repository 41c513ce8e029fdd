import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordSecret } from '../helpers/log-capture.ts';
import { openEventStream, type EventStream } from '../helpers/sse.ts';
import { until } from '../helpers/until.ts';
import { freePort, startServer, stopGracefully, type ServerProcess } from '../faults-payments/server-process.ts';
import { DELIVERY, PRINT_OPTIONS, ShopClient, type Answer } from './shop-client.ts';
import { TcpProxy } from './tcp-proxy.ts';

/**
 * "The database going away mid-request: a clear 503, and the shop recovers without restart when it returns."
 * The real server runs as a process on PostgreSQL, reaching it through a TCP proxy the test controls. The database
 * is terminated under in-flight queries, cut off, refused and black-holed; every answer meanwhile must be the JSON
 * 503 with Retry-After (never a 500, never SQL or a stack), the health check must say so, and when the database is
 * back the same process must serve sign-in, lists, ordering and paying, and live events again.
 */

const BASE_URL = process.env.TEST_DATABASE_URL;
const UNAVAILABLE = 'The shop is briefly unavailable. Please try again in a moment.';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits through the outage: a probe that throws counts as not yet, and the last error is named on a failure. */
function untilThrough<T>(what: string, fn: () => Promise<T | undefined | false>, timeoutMs: number): Promise<T> {
  let last: unknown;
  const probe = async () => {
    try {
      return await fn();
    } catch (err) {
      last = err;
      return undefined;
    }
  };
  return until(probe, () => `${what}${last ? ` (last error: ${String(last)})` : ''}`, timeoutMs);
}

/** The answer a visitor gets while the database is away. */
function expectUnavailable(res: Answer, what: string) {
  expect(res.status, `${what}: ${res.text}`).toBe(503);
  expect(res.headers.get('content-type'), what).toMatch(/application\/json/);
  expect(res.headers.get('retry-after'), what).toBe('5');
  const body = res.json();
  expect(body.message, what).toBe(UNAVAILABLE);
  expect(body.code, what).toBe('unavailable');
  // Nothing of the inside: no SQL, no driver error, no stack.
  expect(res.text, what).not.toMatch(
    /select|insert|update |Failed query|params|ECONN|terminat|timeout|pg_|\bat \S+:\d+|node_modules|\.ts:\d/i,
  );
}

describe.skipIf(!BASE_URL)(
  'the database going away and coming back (real server on PostgreSQL through a proxy)',
  () => {
    let admin: pg.Client;
    /** A plain connection to the shop's database, as another server copy would have. */
    let direct: pg.Client;
    let dbName: string;
    let proxy: TcpProxy;
    let server: ServerProcess;
    let shop: ShopClient;
    let root: string;
    const statuses: Array<{ what: string; status: number }> = [];
    const streams: EventStream[] = [];

    /**
     * An event published by another server copy (a NOTIFY straight into the database) reaches the stream. The
     * listener may still be reconnecting, so it is sent again each second until heard (20 s at most).
     */
    const heardFromAnotherCopy = async (stream: EventStream, serviceId: number) => {
      const mark = stream.events.length;
      const deadline = Date.now() + 20_000;
      for (;;) {
        await direct.query(`SELECT pg_notify('shop_events', $1)`, [
          JSON.stringify({
            origin: 'another-copy',
            event: { type: 'service.changed', serviceId, at: new Date().toISOString() },
          }),
        ]);
        try {
          return await stream.waitFor(
            (e) => e.type === 'service.changed' && e.data.serviceId === serviceId,
            1_000,
            mark,
          );
        } catch (err) {
          if (Date.now() > deadline) {
            console.log(server.output().slice(-6000));
            throw err;
          }
        }
      }
    };

    /** Every answer is noted: none may be a 5xx other than 503. */
    const note = (what: string, res: Answer) => {
      statuses.push({ what, status: res.status });
      return res;
    };

    beforeAll(async () => {
      const base = new URL(BASE_URL!);
      dbName = `shop_outage_${crypto.randomBytes(5).toString('hex')}`;
      admin = new pg.Client({ connectionString: BASE_URL });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${dbName}`);
      const directUrl = new URL(BASE_URL!);
      directUrl.pathname = `/${dbName}`;
      direct = new pg.Client({ connectionString: directUrl.toString() });
      await direct.connect();
      proxy = new TcpProxy(base.hostname === 'localhost' ? '127.0.0.1' : base.hostname, Number(base.port || 5432));
      const proxyPort = await proxy.listen();
      const viaProxy = new URL(BASE_URL!);
      viaProxy.host = `127.0.0.1:${proxyPort}`;
      viaProxy.pathname = `/${dbName}`;
      root = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-outage-'));
      fs.mkdirSync(path.join(root, 'tmp'));
      server = await startServer({
        dataDir: path.join(root, 'data'),
        port: await freePort(),
        tmpDir: path.join(root, 'tmp'),
        env: { DATABASE_URL: viaProxy.toString(), EVENTS: 'postgres' },
      });
      shop = new ShopClient(server.base);
    });

    afterAll(async () => {
      for (const s of streams) s.close();
      if (server) await stopGracefully(server);
      await proxy?.close();
      await direct?.end().catch(() => {});
      if (admin) {
        await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => {});
        await admin.end();
      }
      if (root) fs.rmSync(root, { recursive: true, force: true });
    });

    it(
      'answers a clear 503 while it is away, says so on /api/health, and serves again when it is back',
      { timeout: 240_000 },
      async () => {
        // ---- The shop working: a customer with a paid order, the admin, a clerk with the live stream open.
        const email = `padma.${Date.now()}@example.com`;
        const customer = await shop.register(email, 'Padma');
        const spareCustomerToken = await shop.login(email); // a second session, not yet seen by the server's session cache
        const adminToken = await shop.login('admin@printshop.local', 'Admin@12345');
        const mobile = `9${crypto.randomInt(100_000_000, 999_999_999)}`;
        await shop.createStaff(adminToken, 'Ramu', mobile);
        const clerk = await shop.staffLogin(mobile);
        const fileId = await shop.upload(customer);
        const first = await shop.placeAndPay(customer, fileId);
        const stream = await openEventStream(`${server.base}/api/events`, { authorization: `Bearer ${clerk}` });
        streams.push(stream);
        expect(stream.status).toBe(200);
        await shop.ok('PATCH', `/api/staff/orders/${first.orderId}/status`, {
          token: clerk,
          body: { status: 'processing' },
        });
        await stream.waitFor((e) => e.type === 'order.status' && e.data.orderNumber === first.orderNumber, 15_000);
        const health = await shop.ok('GET', '/api/health', { token: adminToken });
        expect(health).toMatchObject({ ok: true, database: 'postgres', events: 'postgres', databaseReachable: true });

        // ---- 1. PostgreSQL terminates the shop's connections (a restart, an admin) while a request waits on a query.
        proxy.hold();
        const inFlight = shop.call('GET', '/api/orders/user', { token: customer });
        await untilThrough('the query to reach the proxy', async () => proxy.heldBytes > 0, 10_000);
        const { rowCount } = await admin.query(
          'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> $2',
          [dbName, (direct as unknown as { processID: number }).processID],
        );
        expect(rowCount).toBeGreaterThan(0);
        expectUnavailable(
          note('query cut by pg_terminate_backend', await inFlight),
          'a read whose connection was terminated (57P01)',
        );
        await proxy.restore();
        // The pool makes new connections by itself: the next calls work.
        const afterTerminate = await untilThrough(
          'a list after the terminated connections',
          async () => {
            const r = note('list after terminate', await shop.call('GET', '/api/orders/user', { token: customer }));
            if (r.status !== 503) return r;
            return undefined;
          },
          20_000,
        );
        expect(afterTerminate.status).toBe(200);
        // The live stream's listening connection was terminated too; it comes back by itself and hears other copies.
        await heardFromAnotherCopy(stream, 101);

        // ---- 2. The database goes away with requests in flight: reads and writes are held, then every connection drops.
        const spare = await shop.upload(customer); // a fresh file for an order attempt while down
        proxy.hold();
        const pending = {
          list: shop.call('GET', '/api/orders/user', { token: customer }),
          staffQueue: shop.call('GET', `/api/staff/orders?search=${crypto.randomBytes(3).toString('hex')}`, {
            token: clerk,
          }),
          signIn: shop.call('POST', '/api/auth/login', { body: { email, password: 'Str0ng!Pass' } }),
          status: shop.call('PATCH', `/api/staff/orders/${first.orderId}/status`, {
            token: clerk,
            body: { status: 'completed' },
          }),
          register: shop.call('POST', '/api/auth/register', {
            body: {
              name: 'Venkat',
              email: `venkat.${Date.now()}@example.com`,
              password: 'Str0ng!Pass',
              confirmPassword: 'Str0ng!Pass',
            },
          }),
        };
        await untilThrough('the queries to reach the proxy', async () => proxy.heldBytes > 0, 10_000);
        await sleep(300); // the others get to their first query too
        let settled = 0;
        for (const p of Object.values(pending)) void p.then(() => settled++);
        await sleep(10);
        expect(settled, 'nothing can answer while the database holds every query').toBe(0);
        await proxy.refuse(); // every connection dropped, new ones refused
        for (const [what, p] of Object.entries(pending))
          expectUnavailable(note(`in flight: ${what}`, await p), `in flight: ${what}`);

        // ---- 3. While it is down (connections refused): reads, writes, sign-in, an unknown session, the health check.
        const down: Array<[string, () => Promise<Answer>]> = [
          ['order history', () => shop.call('GET', '/api/orders/user', { token: customer })],
          ['order tracking', () => shop.call('GET', `/api/orders/${first.orderNumber}`, { token: customer })],
          [
            'customer sign-in',
            () => shop.call('POST', '/api/auth/login', { body: { email, password: 'Str0ng!Pass' } }),
          ],
          [
            'staff sign-in',
            () =>
              shop.call('POST', '/api/auth/staff/login', { body: { mobile_number: mobile, password: 'Counter@789' } }),
          ],
          [
            'a session the server has not seen yet',
            () => shop.call('GET', '/api/auth/user', { token: spareCustomerToken }),
          ],
          [
            'staff status change',
            () =>
              shop.call('PATCH', `/api/staff/orders/${first.orderId}/status`, {
                token: clerk,
                body: { status: 'completed' },
              }),
          ],
          ['admin staff list', () => shop.call('GET', '/api/admin/staff', { token: adminToken })],
          [
            'a new order',
            () =>
              shop.call('POST', '/api/razorpay/create-order', {
                token: customer,
                body: {
                  amount: 1000,
                  currency: 'INR',
                  fileId: spare,
                  options: PRINT_OPTIONS,
                  deliveryType: 'delivery',
                  deliveryDetails: DELIVERY,
                },
              }),
          ],
        ];
        for (const [what, call] of down) expectUnavailable(note(`down: ${what}`, await call()), `down: ${what}`);
        const downHealth = note('health while down', await shop.call('GET', '/api/health'));
        expectUnavailable(downHealth, 'health while down');
        expect(downHealth.json()).toMatchObject({ ok: false, status: 'unavailable' });

        // ---- 4. A database that accepts connections and never answers: the pool's connect timeout is a 503 too.
        proxy.blackhole();
        await proxy.reopen();
        const acceptedBefore = proxy.accepted;
        expectUnavailable(
          note('black hole: order history', await shop.call('GET', '/api/orders/user', { token: customer })),
          'black hole: order history',
        );
        expect(proxy.accepted, 'the pool tried to connect').toBeGreaterThan(acceptedBefore);
        expect(server.child.exitCode, 'the server process is still running').toBeNull();

        // ---- 5. The database is back: the same process serves again, without a restart. Connection attempts that went
        // into the black hole stay unanswered: the pool and the events listener must give up on them and try again.
        await proxy.restore();
        await untilThrough(
          '/api/health to be 200 again',
          async () => (await shop.call('GET', '/api/health')).status === 200,
          30_000,
        );
        const again = await shop.login(email);
        const history = await shop.ok('GET', '/api/orders/user', { token: again });
        expect(JSON.stringify(history)).toContain(first.orderNumber);
        await shop.ok('GET', '/api/staff/orders', { token: clerk });
        expect((await shop.ok('GET', '/api/auth/user', { token: spareCustomerToken })).email).toBe(email);
        expect(await shop.staffLogin(mobile)).toBeTruthy();
        // Nothing written while it was down: the refused status change did not happen.
        const tracking = await shop.ok('GET', `/api/orders/${first.orderNumber}`, { token: again });
        expect(tracking.status).toBe('processing');
        // Ordering and paying work, and the stream opened before the outage hears of it.
        const before = stream.events.length;
        const second = await shop.placeAndPay(again, spare);
        await stream.waitFor(
          (e) => e.type === 'order.paid' && e.data.orderNumber === second.orderNumber,
          5_000,
          before,
        );
        await shop.ok('PATCH', `/api/staff/orders/${second.orderId}/status`, {
          token: clerk,
          body: { status: 'completed' },
        });
        await stream.waitFor(
          (e) => e.type === 'order.status' && e.data.orderNumber === second.orderNumber && e.data.to === 'completed',
          5_000,
          before,
        );
        expect(stream.ended()).toBe(false);
        // An event of another copy reaches the stream through the reconnected listener.
        await heardFromAnotherCopy(stream, 102);

        // ---- Never a 500 (or any 5xx but 503); the process never restarted; the log names the outage.
        expect(statuses.filter((s) => s.status >= 500 && s.status !== 503)).toEqual([]);
        expect(server.child.exitCode).toBeNull();
        const log = server.output();
        expect(log).toContain('database unavailable');
        expect(log).toContain('live events: lost the database, reconnecting');
        expect(log).toContain('live events: listening again');
        expect(log).not.toMatch(/unhandled error|uncaught|UnhandledPromiseRejection/i);
        recordSecret('session token', spareCustomerToken);
      },
    );
  },
);
