import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeAll, fakeShop, listen, runAgent } from './fake-shop.ts';

/**
 * The shop takes each printers' report as the agent's whole list: a printer not in it is shown as gone and gets no
 * jobs. So the reports must reach it in the order they were read. Here the admin adds two printers by address in
 * quick succession, and reading the first one is slow the first time (a printer waking up): the report read before the
 * second printer was added must not arrive after the one that lists both.
 */
describe('an agent whose printers are added one after the other', () => {
  let shop: http.Server;
  let slowPrinter: http.Server;
  let shopUrl: string;
  let slowUrl: string;
  let printerAsked = 0;
  /** The queues of each report the shop received, in the order they arrived. */
  const reports: string[][] = [];
  let current: Array<{ queue: string; uri: string }> = [];
  let polls = 0;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agent-reports-'));

  beforeAll(async () => {
    // Not an IPP printer: the agent reports it as not answering, which is all this test needs (it is in the list).
    slowPrinter = http.createServer((req, res) => {
      printerAsked++;
      req.resume();
      setTimeout(() => res.writeHead(503).end(), printerAsked === 1 ? 1500 : 0);
    });
    slowUrl = await listen(slowPrinter);
    shop = fakeShop((url, raw, send, res) => {
      if (url === '/api/agent/hello')
        return send({ agentId: 1, name: 'Counter PC', active: [], heartbeatSeconds: 30, directPrinters: [] });
      if (url === '/api/agent/printers') {
        reports.push((JSON.parse(raw) as { printers: Array<{ queue: string }> }).printers.map((p) => p.queue));
        return send({ ok: true, directPrinters: current });
      }
      if (url === '/api/agent/goodbye') return send({ ok: true });
      if (url.startsWith('/api/agent/jobs?')) {
        polls++;
        // The admin adds the laser, then the colour tank a moment later: each long poll brings the new list.
        if (polls === 1) current = [{ queue: 'Office_Laser', uri: `${slowUrl.replace('http', 'ipp')}/ipp/print` }];
        else if (polls === 2) current = [...current, { queue: 'Colour_Tank', uri: 'ipp://127.0.0.1:9/ipp/print' }];
        else return setTimeout(() => send({ jobs: [] }), 200);
        return send({ jobs: [], directPrinters: current });
      }
      res.writeHead(404).end();
    });
    shopUrl = await listen(shop);
  });
  afterAll(() => closeAll(dir, shop, slowPrinter));

  it('sends its reports one at a time, so the last one the shop has lists both printers', async () => {
    // Both changes seen, the slow first read over, and time for any report still on its way to arrive.
    await runAgent(shopUrl, dir, () => polls >= 4 && printerAsked >= 2, 2500);
    expect(reports.length).toBeGreaterThanOrEqual(2);
    expect(reports.at(-1)!.sort()).toEqual(['Colour_Tank', 'Office_Laser']);
    // Once the shop has heard of both, no later report leaves one out.
    const first = reports.findIndex((r) => r.length === 2);
    expect(reports.slice(first).every((r) => r.length === 2)).toBe(true);
  });
});
