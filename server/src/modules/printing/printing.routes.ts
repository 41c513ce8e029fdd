import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { printingRoutes as routes } from '@shop/shared/printing/routes';
import { printAgents, printers } from '../../db/schema/index.ts';
import { requireAdmin, requireStaffOrAdmin, userOf } from '../../plugins/auth.ts';
import { typed } from '../../plugins/contracts.ts';
import { notFound } from '../../plugins/errors.ts';
import { agentRoutes } from './agent.routes.ts';
import {
  addDirectPrinter,
  createAgent,
  listAgentsWithPrinters,
  publishAgent,
  removeDirectPrinter,
  replaceAgentToken,
  revokeAgent,
} from './agents.service.ts';
import { orderTicket } from './documents.service.ts';
import { jobDtos, latestJobsForOrders } from './jobs.repository.ts';
import { actorOf, cancelJob, confirmPrinted, printAllNew, printBacks, printOrder, retryJob } from './jobs.service.ts';
import { toAgentDto, toPrinterDto } from './printing-dto.ts';
import type { OrdersContext } from '../orders/index.ts';

/** Printing from the queue (docs/decisions/014-print-agent.md): the admin's printers, the counter's print buttons, the agent's routes. */
export async function printingRoutes(app: FastifyInstance, ctx: OrdersContext): Promise<void> {
  await app.register(async (scope) => {
    scope.addHook('preValidation', requireAdmin);
    const admin = typed(scope);

    admin.route({
      ...routes.agents,
      handler: async () => {
        const now = Date.now();
        return (await listAgentsWithPrinters(ctx)).map(({ agent, printers: p }) => toAgentDto(agent, p, now));
      },
    });

    /** The token is in this answer only: it is stored hashed. */
    admin.route({
      ...routes.addAgent,
      handler: async (request, reply) => {
        const { agent, token } = await createAgent(ctx, request.body.name, userOf(request).id);
        await publishAgent(ctx, agent.id);
        return reply.status(201).send({ agent: toAgentDto(agent, []), token });
      },
    });

    admin.route({
      ...routes.newToken,
      handler: async (request) => {
        const { agent, token } = await replaceAgentToken(ctx, request.params.id);
        return { agent: toAgentDto(agent, []), token };
      },
    });

    admin.route({
      ...routes.revokeToken,
      handler: async (request) => {
        await revokeAgent(ctx, request.params.id);
        return { message: 'The agent’s token is revoked. Its jobs wait until it has a new token.' };
      },
    });

    admin.route({
      ...routes.addDirectPrinter,
      handler: async (request, reply) => {
        const { row, agent } = await addDirectPrinter(ctx, request.params.id, request.body);
        return reply.status(201).send(toPrinterDto(row, agent));
      },
    });

    admin.route({
      ...routes.removeDirectPrinter,
      handler: async (request) => {
        await removeDirectPrinter(ctx, request.params.id);
        return { message: 'The printer is removed.' };
      },
    });

    admin.route({
      ...routes.setRole,
      handler: async (request) => {
        const { id } = request.params;
        const { role } = request.body;
        const [row] = await ctx.db
          .update(printers)
          .set({ role, updatedAt: new Date() })
          .where(eq(printers.id, id))
          .returning();
        if (!row) throw notFound('Printer not found');
        request.log.info({ printerId: id, role }, 'printer role set');
        await publishAgent(ctx, row.agentId);
        const [agent] = await ctx.db.select().from(printAgents).where(eq(printAgents.id, row.agentId)).limit(1);
        return toPrinterDto(row, agent!);
      },
    });
  });

  await app.register(async (scope) => {
    scope.addHook('preValidation', requireStaffOrAdmin);
    const counter = typed(scope);

    counter.route({
      ...routes.printers,
      handler: async () => {
        const now = Date.now();
        return (await listAgentsWithPrinters(ctx)).flatMap(({ agent, printers: p }) =>
          p.filter((x) => x.role).map((x) => toPrinterDto(x, agent, now)),
        );
      },
    });

    counter.route({ ...routes.jobs, handler: async (request) => latestJobsForOrders(ctx, request.query.orders) });

    counter.route({
      ...routes.print,
      handler: async (request, reply) => {
        const job = await printOrder(ctx, request.params.id, actorOf(request), { again: request.body.again });
        return reply.status(201).send((await jobDtos(ctx, [job]))[0]!);
      },
    });

    counter.route({
      ...routes.ticket,
      handler: async (request, reply) => {
        const { pdf, orderNumber } = await orderTicket(ctx, request.params.id);
        return reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', `inline; filename="ticket-${orderNumber.replace(/[^A-Za-z0-9-]/g, '')}.pdf"`)
          .header('cache-control', 'private, no-store')
          .send(Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength));
      },
    });

    counter.route({
      ...routes.printAllNew,
      handler: async (request) => {
        const { jobs, skipped } = await printAllNew(ctx, actorOf(request));
        return { queued: jobs.length, jobs: await jobDtos(ctx, jobs), skipped };
      },
    });

    const jobAction = (
      contract: typeof routes.retry,
      act: (id: number, request: Parameters<typeof actorOf>[0]) => Promise<Parameters<typeof jobDtos>[1][number]>,
    ) =>
      counter.route({
        ...contract,
        handler: async (request) => (await jobDtos(ctx, [await act(request.params.id, request)]))[0]!,
      });
    jobAction(routes.retry, (id) => retryJob(ctx, id));
    jobAction(routes.backs, (id) => printBacks(ctx, id));
    jobAction(routes.cancel, (id) => cancelJob(ctx, id));
    jobAction(routes.confirm, (id, request) => confirmPrinted(ctx, id, actorOf(request)));
  });

  await agentRoutes(app, ctx);
  if (!ctx.config.PRINT_AGENT_LOCAL) return;
  const { startLocalAgent } = await import('./local-agent.ts');
  startLocalAgent(app, ctx);
}
