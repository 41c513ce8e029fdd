import { DrizzleQueryError } from 'drizzle-orm/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseErrorSummary, isDatabaseUnavailable, serializeErrorForLog } from '../../src/plugins/errors.ts';
import { createCustomer, createStaff } from '../factories/index.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';

/**
 * The embedded database (PGlite) cannot "go away" like a server, but it can stop: closed, or its WebAssembly
 * aborted. Decision: the shop then answers every call with the same clear JSON 503 as a PostgreSQL outage, logs
 * each one at error level ("database unavailable" with PGlite's own words), and /api/health answers 503 so a
 * supervisor (systemd, Docker, the host's monitor) restarts it. It does not recover in-process: PGlite has no
 * reconnect; a restart of the shop reopens the data folder (see faults-payments/crash-upload.test.ts).
 */

const UNAVAILABLE = 'The shop is briefly unavailable. Please try again in a moment.';

describe('the embedded database stopped under a running shop (PGlite)', () => {
  let app: TestApp;
  const lines: string[] = [];
  let customer: Awaited<ReturnType<typeof createCustomer>>;
  let clerk: Awaited<ReturnType<typeof createStaff>>;

  beforeAll(async () => {
    app = await createTestApp({ logLines: lines });
    customer = await createCustomer(app, { name: 'Padma' });
    clerk = await createStaff(app, { name: 'Ramu' });
    // Both sessions are now in the session cache: the stop is met by the route's own queries.
    expect((await app.inject({ method: 'GET', url: '/api/orders/user', headers: customer.headers })).statusCode).toBe(
      200,
    );
    expect((await app.inject({ method: 'GET', url: '/api/staff/orders', headers: clerk.headers })).statusCode).toBe(
      200,
    );
    await app.ctx.database.close();
  });
  afterAll(async () => {
    await app?.close().catch(() => {});
  });

  it('answers the clear 503 to reads, writes and sign-in, never a silent 500, and logs every one', async () => {
    const calls = [
      { method: 'GET' as const, url: '/api/orders/user', headers: customer.headers },
      { method: 'GET' as const, url: '/api/staff/orders?search=abc', headers: clerk.headers },
      {
        method: 'POST' as const,
        url: '/api/auth/login',
        payload: { email: customer.record.email, password: customer.password },
      },
      {
        method: 'POST' as const,
        url: '/api/auth/register',
        payload: {
          name: 'Venkat',
          email: 'venkat@example.com',
          password: 'Str0ng!Pass',
          confirmPassword: 'Str0ng!Pass',
        },
      },
      {
        method: 'GET' as const,
        url: '/api/auth/user',
        headers: { authorization: 'Bearer never-seen-before-token-value' },
      },
    ];
    for (const call of calls) {
      const before = lines.length;
      const res = await app.inject(call);
      expect(res.statusCode, `${call.method} ${call.url}: ${res.body}`).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toEqual({ message: UNAVAILABLE, code: 'unavailable' });
      const logged = lines
        .slice(before)
        .map((l) => JSON.parse(l) as { level: number; msg: string; err?: { message?: string } });
      const entry = logged.find((l) => l.msg === 'database unavailable');
      expect(entry, `${call.method} ${call.url} was logged`).toBeTruthy();
      expect(entry!.level).toBe(50);
      expect(entry!.err?.message).toBe('PGlite is closed');
    }
    const health = await app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toEqual({ ok: false, status: 'unavailable', code: 'unavailable', message: UNAVAILABLE });
    expect(lines.some((l) => l.includes('unhandled error'))).toBe(false);
  });
});

describe('telling a database outage from a bug, and logging it without the data', () => {
  const address = 'Flat 7, Sri Lakshmi Residency, Arundelpet 4th Lane';
  const wrapped = (cause: unknown) =>
    new DrizzleQueryError('insert into "orders" ("address") values ($1)', [address], cause as Error);
  const pgError = (code: string, message: string) => Object.assign(new Error(message), { code });

  it.each([
    ['connection refused', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })],
    ['connection reset', Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' })],
    ['admin shutdown', pgError('57P01', 'terminating connection due to administrator command')],
    ['crash shutdown', pgError('57P02', 'terminating connection because of crash of another server process')],
    ['cannot connect now', pgError('57P03', 'the database system is starting up')],
    ['connection failure class 08', pgError('08006', 'connection failure')],
    ['too many connections', pgError('53300', 'sorry, too many clients already')],
    ['pool connect timeout', new Error('timeout exceeded when trying to connect')],
    ['client connect timeout', new Error('Connection terminated due to connection timeout')],
    ['connection dropped', new Error('Connection terminated unexpectedly')],
    ['PGlite closed', new Error('PGlite is closed')],
    [
      'PGlite aborted',
      new (
        globalThis as unknown as { WebAssembly: { RuntimeError: new (m: string) => Error } }
      ).WebAssembly.RuntimeError('unreachable'),
    ],
  ])('%s is "unavailable", wrapped by Drizzle or not', (_name, err) => {
    expect(isDatabaseUnavailable(err)).toBe(true);
    expect(isDatabaseUnavailable(wrapped(err))).toBe(true);
  });

  it.each([
    ['unique violation', pgError('23505', 'duplicate key value violates unique constraint')],
    ['syntax error', pgError('42601', 'syntax error at or near "selec"')],
    ['a plain bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
  ])('%s is not', (_name, err) => {
    expect(isDatabaseUnavailable(err)).toBe(false);
    expect(isDatabaseUnavailable(wrapped(err))).toBe(false);
  });

  it("never puts a query's parameters into the log", () => {
    const err = wrapped(pgError('57P01', 'terminating connection due to administrator command'));
    expect(err.message).toContain(address); // Drizzle's own message carries them
    const serialized = JSON.stringify(serializeErrorForLog(err));
    expect(serialized).not.toContain(address);
    expect(serialized).toContain('params: [redacted]');
    expect(serialized).toContain('57P01');
    expect(JSON.stringify(serializeErrorForLog({ message: err.message }))).not.toContain(address);
    expect(databaseErrorSummary(err)).toEqual({
      message: 'terminating connection due to administrator command',
      code: '57P01',
    });
  });
});
