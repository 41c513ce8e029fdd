import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { agentCreateSchema, printerUpdateSchema, printOrderSchema } from '@shop/shared/printing/schemas';
import type { AppContext } from '../../context.ts';
import { eq } from 'drizzle-orm';
import { printAgents, printers } from '../../db/schema/index.ts';
import { requireAdmin, requireStaffOrAdmin, userOf } from '../../plugins/auth.ts';
import { notFound, parseInput } from '../../plugins/errors.ts';
import { idParam } from '../../http/params.ts';
import { agentRoutes } from './agent.routes.ts';
import { createAgent, listAgentsWithPrinters, publishAgent, replaceAgentToken, revokeAgent } from './agents.service.ts';
import { orderTicket } from './documents.service.ts';
import { jobDtos, latestJobsForOrders } from './jobs.repository.ts';
import { actorOf, cancelJob, confirmPrinted, printAllNew, printBacks, printOrder, retryJob } from './jobs.service.ts';
import { toAgentDto, toPrinterDto } from './printing-dto.ts';

const idOf = (params: unknown, what: string) => idParam(params, what);
/** `?orders=1,2,3`: the order cards on screen (a page holds at most 100). */
const ordersQuery = z.object({
  orders: z
    .string()
    .max(1200)
    .regex(/^\d{1,10}(,\d{1,10}){0,99}$/, 'orders must be a comma-separated list of at most 100 order ids')
    .transform((s) => [...new Set(s.split(',').map(Number))].filter((n) => n > 0 && n <= 2_147_483_647)),
});

/** Printing from the queue (docs/decisions/014-print-agent.md): the admin's printers, the counter's print buttons, the agent's routes. */
export async function printingRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(async (admin) => {
    admin.addHook('preHandler', requireAdmin);

    admin.get('/api/admin/print/agents', async () => {
      const now = Date.now();
      return (await listAgentsWithPrinters(ctx)).map(({ agent, printers: p }) => toAgentDto(agent, p, now));
    });

    /** The token is in this answer only: it is stored hashed. */
    admin.post('/api/admin/print/agents', async (request, reply) => {
      const { name } = parseInput(agentCreateSchema, request.body);
      const { agent, token } = await createAgent(ctx, name, userOf(request).id);
      await publishAgent(ctx, agent.id);
      return reply.status(201).send({ agent: toAgentDto(agent, []), token });
    });

    admin.post('/api/admin/print/agents/:id/token', async (request) => {
      const { agent, token } = await replaceAgentToken(ctx, idOf(request.params, 'Print agent'));
      return { agent: toAgentDto(agent, []), token };
    });

    admin.delete('/api/admin/print/agents/:id/token', async (request) => {
      await revokeAgent(ctx, idOf(request.params, 'Print agent'));
      return { message: 'The agent’s token is revoked. Its jobs wait until it has a new token.' };
    });

    admin.patch('/api/admin/print/printers/:id', async (request) => {
      const id = idOf(request.params, 'Printer');
      const { role } = parseInput(printerUpdateSchema, request.body);
      const [row] = await ctx.db.update(printers).set({ role, updatedAt: new Date() }).where(eq(printers.id, id)).returning();
      if (!row) throw notFound('Printer not found');
      request.log.info({ printerId: id, role }, 'printer role set');
      await publishAgent(ctx, row.agentId);
      const [agent] = await ctx.db.select().from(printAgents).where(eq(printAgents.id, row.agentId)).limit(1);
      return toPrinterDto(row, agent!);
    });
  });

  await app.register(async (counter) => {
    counter.addHook('preHandler', requireStaffOrAdmin);

    counter.get('/api/print/printers', async () => {
      const now = Date.now();
      return (await listAgentsWithPrinters(ctx)).flatMap(({ agent, printers: p }) => p.filter((x) => x.role).map((x) => toPrinterDto(x, agent, now)));
    });

    counter.get('/api/print/jobs', async (request) => {
      const { orders } = parseInput(ordersQuery, request.query);
      return latestJobsForOrders(ctx, orders);
    });

    counter.post('/api/print/orders/:id', async (request, reply) => {
      const { again } = parseInput(printOrderSchema, request.body ?? {});
      const job = await printOrder(ctx, idOf(request.params, 'Order'), actorOf(request), { again });
      return reply.status(201).send((await jobDtos(ctx, [job]))[0]);
    });

    counter.get('/api/print/orders/:id/ticket', async (request, reply) => {
      const { pdf, orderNumber } = await orderTicket(ctx, idOf(request.params, 'Order'));
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="ticket-${orderNumber.replace(/[^A-Za-z0-9-]/g, '')}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength));
    });

    counter.post('/api/print/new', async (request) => {
      const { jobs, skipped } = await printAllNew(ctx, actorOf(request));
      return { queued: jobs.length, jobs: await jobDtos(ctx, jobs), skipped };
    });

    const jobAction = (path: string, act: (id: number, request: Parameters<typeof actorOf>[0]) => Promise<Parameters<typeof jobDtos>[1][number]>) =>
      counter.post(path, async (request) => (await jobDtos(ctx, [await act(idOf(request.params, 'Print job'), request)]))[0]);
    jobAction('/api/print/jobs/:id/retry', (id) => retryJob(ctx, id));
    jobAction('/api/print/jobs/:id/backs', (id) => printBacks(ctx, id));
    jobAction('/api/print/jobs/:id/cancel', (id) => cancelJob(ctx, id));
    jobAction('/api/print/jobs/:id/confirm', (id, request) => confirmPrinted(ctx, id, actorOf(request)));
  });

  await agentRoutes(app, ctx);
  if (!ctx.config.PRINT_AGENT_LOCAL) return;
  const { startLocalAgent } = await import('./local-agent.ts');
  startLocalAgent(app, ctx);
}
