import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lazyRequestLogger } from '../../src/plugins/request-log.ts';
import { createCustomer } from '../factories/index.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';

/** The request log: one line per answered request at level info, the path without its query, no line when quiet. */

describe('the request log', () => {
  let app: TestApp;
  const lines: string[] = [];
  interface Line {
    msg?: string;
    reqId?: string;
    responseTime?: unknown;
    req?: { method: string; url: string };
    res?: { statusCode: number };
  }
  const parsed = () => lines.map((l) => JSON.parse(l) as Line);

  beforeAll(async () => {
    app = await createTestApp({ logLines: lines });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('writes one line per request with method, path (no query string), status, time and request id', async () => {
    lines.length = 0;
    const res = await app.inject({ method: 'GET', url: '/api/services?search=private-words' });
    expect(res.statusCode).toBe(200);
    const mine = parsed().filter((l) => l.req?.url === '/api/services');
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ msg: 'request completed', req: { method: 'GET', url: '/api/services' }, res: { statusCode: 200 } });
    expect(typeof mine[0]!.responseTime).toBe('number');
    expect(mine[0]!.reqId).toBeTruthy();
    expect(lines.join('\n')).not.toContain('private-words');
    expect(parsed().some((l) => l.msg === 'incoming request')).toBe(false);
  });

  it('logs a refused request with its status, and what a route logs carries the same request id', async () => {
    const customer = await createCustomer(app);
    lines.length = 0;
    const res = await app.inject({ method: 'POST', url: '/api/pdf/calculate-cost', headers: { ...customer.headers, 'content-type': 'application/json' }, payload: '{"a":' });
    expect(res.statusCode).toBe(400);
    const done = parsed().filter((l) => l.msg === 'request completed');
    expect(done).toHaveLength(1);
    expect(done[0]).toMatchObject({ req: { method: 'POST', url: '/api/pdf/calculate-cost' }, res: { statusCode: 400 } });
    for (const l of parsed()) expect(l.reqId).toBe(done[0]!.reqId);
  });
});

describe('a request logger', () => {
  const sink = () => {
    const out: string[] = [];
    return { out, stream: new Writable({ write: (chunk, _enc, cb) => (out.push(String(chunk)), cb()) }) };
  };

  it('makes its child logger only when it writes a line, and binds the request id to it', () => {
    const { out, stream } = sink();
    const parent = Fastify({ logger: { level: 'warn', stream } }).log;
    let children = 0;
    const child = parent.child.bind(parent);
    parent.child = (...args: Parameters<typeof child>) => (children++, child(...args));
    const log = lazyRequestLogger(parent, { reqId: 'req-7' }, {});
    log.info('not at this level');
    log.debug({ a: 1 }, 'nor this');
    expect(children).toBe(0);
    expect(out).toHaveLength(0);
    log.warn({ orderId: 5 }, 'first');
    log.error('second');
    expect(children).toBe(1);
    expect(out.map((l) => JSON.parse(l) as Record<string, unknown>)).toEqual([
      expect.objectContaining({ reqId: 'req-7', orderId: 5, msg: 'first', level: 40 }),
      expect.objectContaining({ reqId: 'req-7', msg: 'second', level: 50 }),
    ]);
    expect(log.level).toBe('warn');
  });
});
