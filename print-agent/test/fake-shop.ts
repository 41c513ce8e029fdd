import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { PrintAgent } from '../src/agent.ts';

/** Helpers for tests that run a real PrintAgent against a small HTTP server playing the shop. */

type Send = (body: unknown, status?: number) => void;

/** A server playing the shop: `route` gets each request's address and whole body, and answers with JSON by `send`. */
export function fakeShop(
  route: (url: string, body: string, send: Send, res: http.ServerResponse) => void,
): http.Server {
  return http.createServer((req, res) => {
    const send: Send = (body, status = 200) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => route(req.url ?? '', raw, send, res));
  });
}

/** Listens on a free port of 127.0.0.1; its address. */
export const listen = (server: http.Server) =>
  new Promise<string>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as { port: number }).port}`)),
  );

/** After the tests: the servers closed, the agent's folder removed. */
export async function closeAll(dir: string, ...servers: http.Server[]): Promise<void> {
  for (const server of servers) await new Promise((resolve) => server.close(resolve));
  fs.rmSync(dir, { recursive: true, force: true });
}

/**
 * An agent with no CUPS (it prints only to printers added by address) against `shopUrl`, its journal in `dir`, run
 * until `done()` or 20 s, then `settleMs` more (for what is still on its way), then stopped.
 */
export async function runAgent(shopUrl: string, dir: string, done: () => boolean, settleMs = 0): Promise<void> {
  const agent = new PrintAgent({
    server: shopUrl,
    token: 'psa_test-token',
    cupsUrl: null,
    journalFile: path.join(dir, 'journal.jsonl'),
    version: 'test',
  });
  const running = agent.run();
  const end = Date.now() + 20_000;
  while (!done() && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
  if (settleMs) await new Promise((r) => setTimeout(r, settleMs));
  agent.stop();
  await running;
}
