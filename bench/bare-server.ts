import fs from 'node:fs';
import Fastify from 'fastify';

/**
 * The yardstick: a bare Fastify route serving the same bytes (body and headers) from memory, in its own process,
 * so the shop's figures are compared with what this machine can do at all in the same run.
 */
const [file, port] = [process.argv[2]!, Number(process.argv[3])];
const routes = JSON.parse(fs.readFileSync(file, 'utf8')) as Array<{
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  body: string;
}>;
const app = Fastify({ logger: false });
for (const r of routes) {
  const bytes = Buffer.from(r.body, 'base64');
  app.route({
    method: r.method,
    url: r.url.split('?')[0]!,
    handler: (_req, reply) => reply.headers(r.headers).send(bytes),
  });
}
await app.listen({ port, host: '127.0.0.1' });
process.send?.('ready');
