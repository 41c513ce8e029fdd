import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { requireStaffOrAdmin } from '../../plugins/auth.ts';

const HEARTBEAT_MS = 15_000;

/**
 * Server-Sent Events for the admin and staff screens: every paid order, status change and catalogue change,
 * pushed as it happens (through PostgreSQL LISTEN/NOTIFY when on PostgreSQL, so every server copy sees it).
 */
export async function eventsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const open = new Set<() => void>();
  app.addHook('onClose', async () => {
    for (const end of open) end();
  });
  app.get('/api/events', { preHandler: requireStaffOrAdmin }, async (request, reply) => {
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    res.write(`retry: 3000\n: connected\n\n`);
    const unsubscribe = ctx.events.subscribe((event) => {
      res.write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
    });
    const heartbeat = setInterval(() => res.write(`: ping\n\n`), HEARTBEAT_MS);
    const close = () => {
      clearInterval(heartbeat);
      unsubscribe();
      open.delete(end);
    };
    const end = () => {
      close();
      res.end();
    };
    open.add(end);
    request.raw.on('close', close);
  });
}
