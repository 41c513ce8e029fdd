import type { FastifyInstance } from 'fastify';
import { agentRoutes as routes } from '@shop/shared/printing/routes';
import { directPrintersTag, type PrintJobState } from '@shop/shared/printing/schemas';
import { typed } from '../../plugins/contracts.ts';
import { activeJobs, applyReport, LEASE_MS, takeJobs } from './agent-queue.ts';
import {
  agentOf,
  directPrintersOf,
  markAgentGone,
  recordPrinters,
  releaseTakenJobs,
  requireAgent,
} from './agents.service.ts';
import { jobDocument } from './documents.service.ts';
import type { OrdersContext } from '../orders/index.ts';

/** How often the agent sends its printers' states (and how soon a restarted server hears from it). */
const HEARTBEAT_SECONDS = 30;

/**
 * The print agent's own routes (`Authorization: Bearer psa_…`): it says hello with its printers, waits for jobs
 * (long poll: outbound HTTPS only, so it works behind the shop's NAT and proxies), downloads each job's print-ready
 * PDF and reports what CUPS did with it. Sessions of people are refused here, and agent tokens everywhere else.
 */
export async function agentRoutes(app: FastifyInstance, ctx: OrdersContext): Promise<void> {
  // Waiting polls end when the server shuts down (answered with no job), so a restart never waits 25 s for them.
  const waiting = new Set<AbortController>();
  app.addHook('preClose', (done) => {
    for (const w of waiting) w.abort();
    done();
  });
  await app.register(async (scope) => {
    scope.decorateRequest('agent', null);
    scope.addHook('preValidation', requireAgent(ctx));
    const agentApi = typed(scope);

    agentApi.route({
      ...routes.hello,
      handler: async (request) => {
        const agent = agentOf(request);
        const hello = request.body;
        await recordPrinters(ctx, agent, hello);
        // It (re)started: what it had taken comes back to it now, and it goes on watching what CUPS has.
        await releaseTakenJobs(ctx, agent);
        request.log.info(
          { agentId: agent.id, printers: hello.printers.length, version: hello.version },
          'print agent connected',
        );
        return {
          agentId: agent.id,
          name: agent.name,
          active: await activeJobs(ctx, agent),
          heartbeatSeconds: HEARTBEAT_SECONDS,
          leaseSeconds: LEASE_MS / 1000,
          directPrinters: await directPrintersOf(ctx, agent),
        };
      },
    });

    agentApi.route({
      ...routes.goodbye,
      handler: async (request) => {
        const agent = agentOf(request);
        await markAgentGone(ctx, agent);
        request.log.info({ agentId: agent.id }, 'print agent stopped');
        return { ok: true as const };
      },
    });

    agentApi.route({
      ...routes.printers,
      config: { quietLog: true },
      handler: async (request) => {
        const agent = agentOf(request);
        await recordPrinters(ctx, agent, request.body);
        return { ok: true as const, directPrinters: await directPrintersOf(ctx, agent) };
      },
    });

    agentApi.route({
      ...routes.jobs,
      config: { longPoll: true },
      handler: async (request) => {
        const agent = agentOf(request);
        const closed = new AbortController();
        request.raw.once('close', () => closed.abort());
        waiting.add(closed);
        try {
          const known = request.query.printers;
          const jobs = await takeJobs(ctx, agent, request.query.wait * 1000, closed.signal, async () =>
            known === undefined ? false : directPrintersTag(await directPrintersOf(ctx, agent)) !== known,
          );
          return { jobs, directPrinters: await directPrintersOf(ctx, agent) };
        } finally {
          waiting.delete(closed);
        }
      },
    });

    agentApi.route({
      ...routes.document,
      handler: async (request, reply) => {
        const { attempt, pass } = request.query;
        const { pdf, pageCount } = await jobDocument(ctx, agentOf(request), request.params.id, attempt, pass);
        return reply
          .header('content-type', 'application/pdf')
          .header('cache-control', 'no-store')
          .header('x-page-count', String(pageCount))
          .send(Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength));
      },
    });

    agentApi.route({
      ...routes.report,
      handler: async (request) => {
        const job = await applyReport(ctx, agentOf(request), request.params.id, request.body);
        return { state: job.state as PrintJobState, attempt: job.attempt, pass: job.pass };
      },
    });
  });
}
