import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/**
 * At close, ends the connections that never carried a request. Browsers open connections ahead of need (preconnect,
 * a request they then abort) and the print agent's fetch can leave one the same way; Fastify's close ends idle
 * keep-alive connections but not these, so the shop's shutdown (Ctrl+C, a service restart, an upgrade) waited for
 * Node's header timeout, 60–90 s, on each. No request is cut by ending them: none was sent on them.
 */
export function closeUnusedConnectionsOnClose(app: FastifyInstance): void {
  const unused = new Set<Socket>();
  app.server.on('connection', (socket: Socket) => {
    unused.add(socket);
    socket.once('close', () => unused.delete(socket));
  });
  app.server.on('request', (req: { socket: Socket }) => unused.delete(req.socket));
  app.addHook('preClose', (done) => {
    for (const socket of unused) socket.destroy();
    done();
  });
}
