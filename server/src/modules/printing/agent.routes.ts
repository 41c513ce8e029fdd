import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { agentHelloSchema, agentReportSchema } from '@shop/shared/printing/schemas';
import type { AppContext } from '../../context.ts';
import { notFound, parseInput } from '../../plugins/errors.ts';
import { activeJobs, applyReport, LEASE_MS, takeJobs } from './agent-queue.ts';
import { agentOf, markAgentGone, recordPrinters, releaseTakenJobs, requireAgent } from './agents.service.ts';
import { jobDocument } from './documents.service.ts';

const idParam = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const attemptQuery = z.object({ attempt: z.coerce.number().int().min(1).max(1000), pass: z.coerce.number().int().min(1).max(2) });
const waitQuery = z.object({ wait: z.coerce.number().int().min(0).max(25).default(25) });
/** How often the agent sends its printers' states (and how soon a restarted server hears from it). */
const HEARTBEAT_SECONDS = 30;

const jobId = (params: unknown) => {
  const parsed = idParam.safeParse(params);
  if (!parsed.success) throw notFound('Print job not found');
  return parsed.data.id;
};

/**
 * The print agent's own routes (`Authorization: Bearer psa_…`): it says hello with its printers, waits for jobs
 * (long poll: outbound HTTPS only, so it works behind the shop's NAT and proxies), downloads each job's print-ready
 * PDF and reports what CUPS did with it. Sessions of people are refused here, and agent tokens everywhere else.
 */
export async function agentRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // Waiting polls end when the server shuts down (answered with no job), so a restart never waits 25 s for them.
  const waiting = new Set<AbortController>();
  app.addHook('preClose', (done) => {
    for (const w of waiting) w.abort();
    done();
  });
  await app.register(async (scope) => {
    scope.decorateRequest('agent', null);
    scope.addHook('preHandler', requireAgent(ctx));

    scope.post('/api/agent/hello', async (request) => {
      const agent = agentOf(request);
      const hello = parseInput(agentHelloSchema, request.body);
      await recordPrinters(ctx, agent, hello);
      // It (re)started: what it had taken comes back to it now, and it goes on watching what CUPS has.
      await releaseTakenJobs(ctx, agent);
      request.log.info({ agentId: agent.id, printers: hello.printers.length, version: hello.version }, 'print agent connected');
      return { agentId: agent.id, name: agent.name, active: await activeJobs(ctx, agent), heartbeatSeconds: HEARTBEAT_SECONDS, leaseSeconds: LEASE_MS / 1000 };
    });

    scope.post('/api/agent/goodbye', async (request) => {
      const agent = agentOf(request);
      await markAgentGone(ctx, agent);
      request.log.info({ agentId: agent.id }, 'print agent stopped');
      return { ok: true };
    });

    scope.put('/api/agent/printers', { config: { quietLog: true } }, async (request) => {
      const agent = agentOf(request);
      await recordPrinters(ctx, agent, parseInput(agentHelloSchema, request.body));
      return { ok: true };
    });

    scope.get('/api/agent/jobs', { config: { longPoll: true } }, async (request) => {
      const agent = agentOf(request);
      const { wait } = parseInput(waitQuery, request.query);
      const closed = new AbortController();
      request.raw.once('close', () => closed.abort());
      waiting.add(closed);
      try {
        return { jobs: await takeJobs(ctx, agent, wait * 1000, closed.signal) };
      } finally {
        waiting.delete(closed);
      }
    });

    scope.get('/api/agent/jobs/:id/document', async (request, reply) => {
      const agent = agentOf(request);
      const q = parseInput(attemptQuery, request.query);
      const { pdf, pageCount } = await jobDocument(ctx, agent, jobId(request.params), q.attempt, q.pass);
      return reply
        .header('content-type', 'application/pdf')
        .header('cache-control', 'no-store')
        .header('x-page-count', String(pageCount))
        .send(Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength));
    });

    scope.post('/api/agent/jobs/:id/report', async (request) => {
      const agent = agentOf(request);
      const report = parseInput(agentReportSchema, request.body);
      const job = await applyReport(ctx, agent, jobId(request.params), report);
      return { state: job.state, attempt: job.attempt, pass: job.pass };
    });
  });
}
