import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkJobAttributes, checkJobName, pinnedDocumentUrl, UnsafeJob } from '../src/job-attributes.ts';
import { ServerLink } from '../src/server-link.ts';
import { closeAll, fakeShop, listen, runAgent } from './fake-shop.ts';

/**
 * Decision 035: the agent does not trust whatever the server sends. Its token goes only to its own
 * server (no absolute document address elsewhere, no redirect), and only the shop's job settings, checked, go to a
 * printer, only to a printer it offers.
 */
describe('what the agent lets through', () => {
  it.each([
    [{ copies: 1, sides: 'one-sided', media: 'iso_a4_210x297mm', 'print-color-mode': 'monochrome' }, []],
    [
      {
        copies: 3,
        sides: 'two-sided-long-edge',
        media: 'iso_a3_297x420mm',
        'print-color-mode': 'color',
        'job-hold-until': 'indefinite',
        'output-bin': 'x',
        finishings: [4],
      },
      ['job-hold-until', 'output-bin', 'finishings'],
    ],
  ])('passes the shop’s four settings and drops the rest: %j', (ipp, dropped) => {
    const checked = checkJobAttributes(ipp, []);
    expect(Object.keys(checked.attributes).sort()).toEqual(['copies', 'media', 'print-color-mode', 'sides']);
    expect(checked.dropped).toEqual(dropped);
  });

  it.each([
    [null, /no print settings/],
    [
      { copies: 0, sides: 'one-sided', media: 'iso_a4_210x297mm', 'print-color-mode': 'color' },
      /copies must be 1 to 999/,
    ],
    [{ copies: 1.5, sides: 'one-sided', media: 'iso_a4_210x297mm', 'print-color-mode': 'color' }, /copies/],
    [
      { copies: 1, sides: 'one-sided; lpr', media: 'iso_a4_210x297mm', 'print-color-mode': 'color' },
      /sides must be one of/,
    ],
    [
      { copies: 1, sides: 'one-sided', media: 'iso_a4_210x297mm', 'print-color-mode': 'process-monochrome' },
      /print-color-mode/,
    ],
    [{ copies: 1, sides: 'one-sided', media: 'iso_a4"><x', 'print-color-mode': 'color' }, /PWG media name/],
    [{ copies: 1, sides: 'one-sided', media: { 'media-size': 1 }, 'print-color-mode': 'color' }, /PWG media name/],
  ])('refuses %j', (ipp, message) => {
    expect(() => checkJobAttributes(ipp, [])).toThrow(UnsafeJob);
    expect(() => checkJobAttributes(ipp, [])).toThrow(message);
  });

  it('refuses paper the printer does not have', () => {
    const ipp = { copies: 1, sides: 'one-sided', media: 'iso_a3_297x420mm', 'print-color-mode': 'color' };
    expect(() => checkJobAttributes(ipp, ['iso_a4_210x297mm'])).toThrow(/has no iso_a3_297x420mm paper/);
  });

  it('keeps the job key in the printer’s job name, printable and short', () => {
    expect(checkJobName('12.1.1', 'PS-261126-7K3QX [shop-job 12.1.1]')).toEqual({
      key: '12.1.1',
      jobName: 'PS-261126-7K3QX [shop-job 12.1.1]',
    });
    expect(checkJobName('12.1.2', 'PS-1\u0000\u001b[2J')).toEqual({
      key: '12.1.2',
      jobName: 'PS-1  [2J [shop-job 12.1.2]',
    });
    const long = checkJobName('7.3.1', `${'x'.repeat(500)} [shop-job 7.3.1]`).jobName;
    expect(long.length).toBeLessThanOrEqual(200);
    expect(long.endsWith('[shop-job 7.3.1]')).toBe(true);
    for (const key of ['', '1.1', '1.1.3', 'a.b.c', '1.1.1; rm'])
      expect(() => checkJobName(key, 'x')).toThrow(UnsafeJob);
  });

  it.each([
    ['/api/agent/jobs/4/document?attempt=1&pass=1', 'https://shop.example/api/agent/jobs/4/document?attempt=1&pass=1'],
    [
      'https://shop.example/api/agent/jobs/4/document?attempt=2&pass=1',
      'https://shop.example/api/agent/jobs/4/document?attempt=2&pass=1',
    ],
  ])('fetches %s from its own server', (url, expected) => {
    expect(pinnedDocumentUrl(url, 'https://shop.example').href).toBe(expected);
  });

  it.each([
    ['https://evil.example/api/agent/jobs/4/document', /another server/],
    ['//evil.example/api/agent/jobs/4/document', /another server/],
    ['http://shop.example/api/agent/jobs/4/document', /another server/],
    ['https://shop.example:8443/api/agent/jobs/4/document', /another server/],
    ['/api/admin/print/agents', /not one of the shop’s print jobs/],
    ['/api/agent/jobs/../../admin/x', /not one of the shop’s print jobs/],
    ['', /no document address/],
  ])('refuses to send its token to %s', (url, message) => {
    expect(() => pinnedDocumentUrl(url, 'https://shop.example')).toThrow(message);
  });
});

describe('an agent handed untrusted jobs by a server', () => {
  let shop: http.Server;
  let thief: http.Server;
  let shopUrl: string;
  let thiefUrl: string;
  const stolen: string[] = [];
  const reports: Array<{ id: number; body: { state: string; reason?: string } }> = [];
  let jobsGiven = false;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agent-trust-'));

  const job = (id: number, over: Record<string, unknown>) => ({
    id,
    attempt: 1,
    pass: 1,
    key: `${id}.1.1`,
    queue: 'Office_Laser',
    jobName: `PS-1 [shop-job ${id}.1.1]`,
    documentUrl: `/api/agent/jobs/${id}/document?attempt=1&pass=1`,
    ipp: { copies: 1, sides: 'one-sided', media: 'iso_a4_210x297mm', 'print-color-mode': 'monochrome' },
    pages: 1,
    ...over,
  });

  beforeAll(async () => {
    thief = http.createServer((req, res) => {
      stolen.push(`${req.method} ${req.url} ${req.headers.authorization ?? ''}`);
      res.end('%PDF-1.7');
    });
    thiefUrl = await listen(thief);
    shop = fakeShop((url, raw, send, res) => {
      if (url === '/api/agent/hello')
        return send({
          agentId: 1,
          name: 'Counter PC',
          active: [],
          heartbeatSeconds: 30,
          leaseSeconds: 60,
          directPrinters: [],
        });
      if (url === '/api/agent/printers') return send({ ok: true, directPrinters: [] });
      if (url === '/api/agent/goodbye') return send({ ok: true });
      if (url.startsWith('/api/agent/jobs?')) {
        if (jobsGiven) return setTimeout(() => send({ jobs: [], directPrinters: [] }), 200);
        jobsGiven = true;
        return send({
          jobs: [
            job(1, { documentUrl: `${thiefUrl}/api/agent/jobs/1/document?attempt=1&pass=1` }),
            job(2, {
              ipp: {
                copies: 1,
                sides: 'two-sided-long-edge\nfinishings=4',
                media: 'iso_a4_210x297mm',
                'print-color-mode': 'monochrome',
              },
            }),
            job(3, {
              ipp: { copies: 5000, sides: 'one-sided', media: 'iso_a4_210x297mm', 'print-color-mode': 'monochrome' },
            }),
            job(4, {}),
          ],
          directPrinters: [],
        });
      }
      const report = /^\/api\/agent\/jobs\/(\d+)\/report$/.exec(url);
      if (report) {
        reports.push({ id: Number(report[1]), body: JSON.parse(raw) as { state: string; reason?: string } });
        return send({ state: 'failed', attempt: 1, pass: 1 });
      }
      if (url.startsWith('/api/agent/jobs/9/document')) {
        res.writeHead(302, { location: `${thiefUrl}/steal` });
        return res.end();
      }
      send({ message: 'no such route' }, 404);
    });
    shopUrl = await listen(shop);
  });
  afterAll(() => closeAll(dir, shop, thief));

  it('refuses each with its reason, prints nothing, and never sends its token elsewhere', async () => {
    await runAgent(shopUrl, dir, () => reports.length >= 4);
    const reasons = Object.fromEntries(reports.map((r) => [r.id, r.body]));
    expect(reasons[1]).toEqual({
      state: 'failed',
      reason: expect.stringMatching(
        /^Not printed: the document is on another server \(http:\/\/127\.0\.0\.1:\d+\); the agent only fetches from/,
      ),
      attempt: 1,
      pass: 1,
    });
    expect(reasons[2]!.reason).toMatch(/^Not printed: sides must be one of/);
    expect(reasons[3]!.reason).toMatch(/^Not printed: copies must be 1 to 999/);
    // A printer it does not offer (no CUPS here, none added by address).
    expect(reasons[4]!.reason).toBe('This agent does not print to "Office_Laser": it is not one of its printers');
    expect(stolen).toEqual([]);
  });

  it('does not follow a redirect with its token', async () => {
    const link = new ServerLink(shopUrl, 'psa_test-token', 'test');
    await expect(link.document(job(9, {}) as never)).rejects.toThrow(/cannot be reached/);
    expect(stolen).toEqual([]);
  });
});
