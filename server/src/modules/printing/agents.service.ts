import crypto from 'node:crypto';
import { and, asc, eq, inArray, isNotNull, notInArray, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ACTIVE_PRINT_JOB_STATES, PRINTER_ADDRESS_MESSAGES, type AgentHello } from '@shop/shared/printing/schemas';
import type { AppContext } from '../../context.ts';
import { printAgents, printers, printJobs } from '../../db/schema/index.ts';
import { sha256Hex } from '../../lib/crypto.ts';
import { AppError, badRequest, notFound } from '../../plugins/errors.ts';

export type AgentRow = typeof printAgents.$inferSelect;
export type PrinterRow = typeof printers.$inferSelect;

/** Agent tokens are told apart from session tokens by their prefix (and never accepted as one). */
export const AGENT_TOKEN_PREFIX = 'psa_';
/** An agent not heard from for this long is shown offline: it asks for jobs at least every 25 s while it runs. */
export const AGENT_ONLINE_MS = 60_000;

export const newAgentToken = () => `${AGENT_TOKEN_PREFIX}${crypto.randomBytes(32).toString('base64url')}`;

declare module 'fastify' {
  interface FastifyRequest {
    agent: AgentRow | null;
  }
}

const refused = () =>
  new AppError(
    'agent_unauthorized',
    401,
    'This print agent’s token is not valid: it was revoked or mistyped. Ask the shop admin for a new token.',
  );

/** Guard of the agent's own routes: `Authorization: Bearer psa_…`, a live (not revoked) agent. Sessions are refused. */
export function requireAgent(ctx: AppContext) {
  const lastTouched = new Map<number, number>();
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const header = request.headers.authorization;
    const token = typeof header === 'string' ? header.replace(/^Bearer\s+/i, '').trim() : '';
    if (!token.startsWith(AGENT_TOKEN_PREFIX) || token.length > 100) throw refused();
    const [agent] = await ctx.db
      .select()
      .from(printAgents)
      .where(and(eq(printAgents.tokenHash, sha256Hex(token)), isNotNull(printAgents.tokenHash)))
      .limit(1);
    if (!agent) throw refused();
    request.agent = agent;
    // "Last seen" is written at most every 10 s per agent, not at every request.
    const now = Date.now();
    if (now - (lastTouched.get(agent.id) ?? 0) > 10_000) {
      lastTouched.set(agent.id, now);
      await ctx.db
        .update(printAgents)
        .set({ lastSeenAt: new Date(now) })
        .where(eq(printAgents.id, agent.id));
    }
  };
}

export function agentOf(request: FastifyRequest): AgentRow {
  if (!request.agent) throw refused();
  return request.agent;
}

export async function createAgent(ctx: AppContext, name: string, createdBy: number | null) {
  const token = newAgentToken();
  const [agent] = await ctx.db
    .insert(printAgents)
    .values({ name, tokenHash: sha256Hex(token), tokenHint: token.slice(-4), createdBy })
    .returning();
  ctx.log.info({ agentId: agent!.id, by: createdBy }, 'print agent registered');
  return { agent: agent!, token };
}

async function findAgent(ctx: AppContext, id: number) {
  const [agent] = await ctx.db.select().from(printAgents).where(eq(printAgents.id, id)).limit(1);
  if (!agent) throw notFound('Print agent not found');
  return agent;
}

/** A new token for an agent (the old one stops working at once); its printers and jobs stay. */
export async function replaceAgentToken(ctx: AppContext, id: number) {
  const agent = await findAgent(ctx, id);
  if (agent.isLocal)
    throw badRequest('The server’s own agent gets a new token at every start; it is set with PRINT_AGENT_LOCAL.');
  const token = newAgentToken();
  await ctx.db
    .update(printAgents)
    .set({ tokenHash: sha256Hex(token), tokenHint: token.slice(-4), revokedAt: null })
    .where(eq(printAgents.id, id));
  ctx.log.info({ agentId: id }, 'print agent token replaced');
  await publishAgent(ctx, id);
  return { agent: { ...agent, tokenHint: token.slice(-4), revokedAt: null }, token };
}

/** The agent can no longer connect; jobs waiting for its printers stay queued until it has a token again. */
export async function revokeAgent(ctx: AppContext, id: number) {
  const agent = await findAgent(ctx, id);
  if (agent.isLocal) throw badRequest('The server’s own agent is turned off with PRINT_AGENT_LOCAL, not revoked.');
  await ctx.db
    .update(printAgents)
    .set({ tokenHash: null, tokenHint: null, revokedAt: new Date() })
    .where(eq(printAgents.id, id));
  ctx.log.info({ agentId: id }, 'print agent token revoked');
  await publishAgent(ctx, id);
}

export async function publishAgent(ctx: AppContext, agentId: number) {
  await ctx.events.publish({ type: 'print.agent', agentId, at: new Date().toISOString() }).catch(() => {});
}

/**
 * What the agent read from CUPS: every queue it offers, upserted; queues it no longer reports are marked absent.
 * A role the agent suggests is taken only for a printer seen for the first time (the admin decides after that).
 */
export async function recordPrinters(ctx: AppContext, agent: AgentRow, report: AgentHello) {
  const now = new Date();
  let changed = false;
  await ctx.db.transaction(async (tx) => {
    const existing = await tx.select().from(printers).where(eq(printers.agentId, agent.id));
    const byQueue = new Map(existing.map((p) => [p.queueName, p]));
    for (const p of report.printers) {
      const values = {
        displayName: p.info || p.queue,
        makeAndModel: p.makeAndModel,
        capabilities: p.capabilities,
        state: p.state,
        stateReasons: p.stateReasons,
        stateMessage: p.stateMessage,
        isAccepting: p.accepting,
        isPresent: true,
        lastSeenAt: now,
      };
      const before = byQueue.get(p.queue);
      if (!before) {
        changed = true;
        await tx
          .insert(printers)
          .values({ agentId: agent.id, queueName: p.queue, role: p.suggestedRole ?? null, ...values, updatedAt: now });
        continue;
      }
      if (
        before.state !== p.state ||
        before.stateMessage !== p.stateMessage ||
        before.isAccepting !== p.accepting ||
        !before.isPresent ||
        JSON.stringify(before.stateReasons) !== JSON.stringify(p.stateReasons) ||
        JSON.stringify(before.capabilities) !== JSON.stringify(p.capabilities)
      ) {
        changed = true;
        await tx
          .update(printers)
          .set({ ...values, updatedAt: now })
          .where(eq(printers.id, before.id));
      } else await tx.update(printers).set({ lastSeenAt: now }).where(eq(printers.id, before.id));
    }
    const reported = report.printers.map((p) => p.queue);
    const gone = await tx
      .update(printers)
      .set({ isPresent: false, updatedAt: now })
      .where(
        and(
          eq(printers.agentId, agent.id),
          eq(printers.isPresent, true),
          reported.length ? notInArray(printers.queueName, reported) : sql`true`,
        ),
      )
      .returning({ id: printers.id });
    if (gone.length) changed = true;
    await tx
      .update(printAgents)
      .set({ lastSeenAt: now, version: report.version || null, printsDirect: report.printsDirect })
      .where(eq(printAgents.id, agent.id));
  });
  if (changed) await publishAgent(ctx, agent.id);
}

/** The printers the admin added by IPP address for this agent (decision 035): it reads and prints to them straight. */
export async function directPrintersOf(ctx: AppContext, agent: Pick<AgentRow, 'id'>) {
  const rows = await ctx.db
    .select({ queue: printers.queueName, uri: printers.uri })
    .from(printers)
    .where(and(eq(printers.agentId, agent.id), isNotNull(printers.uri)))
    .orderBy(asc(printers.id));
  return rows.map((r) => ({ queue: r.queue, uri: r.uri! }));
}

/**
 * A printer the agent prints to straight, added by the admin by its address. It shows as not reached until the agent
 * has read it (within a heartbeat); its role is set like any printer's.
 */
export async function addDirectPrinter(ctx: AppContext, agentId: number, input: { name: string; uri: string }) {
  const agent = await findAgent(ctx, agentId);
  if (!agent.printsDirect) throw new AppError('agent_prints_cups_only', 409, PRINTER_ADDRESS_MESSAGES.cupsOnly);
  const [row] = await ctx.db
    .insert(printers)
    .values({
      agentId,
      queueName: input.name,
      uri: input.uri,
      displayName: input.name,
      capabilities: { media: [], color: true, duplex: false, pdf: true },
      state: 'unknown',
      isPresent: false,
    })
    .onConflictDoNothing({ target: [printers.agentId, printers.queueName] })
    .returning();
  if (!row)
    throw new AppError('printer_name_taken', 409, PRINTER_ADDRESS_MESSAGES.taken, {
      name: PRINTER_ADDRESS_MESSAGES.taken,
    });
  ctx.log.info({ agentId, printerId: row.id }, 'printer added by IPP address');
  await publishAgent(ctx, agentId);
  return { row, agent };
}

/** Removes a printer added by address; CUPS queues are not removed here, and never one with a job on its way. */
export async function removeDirectPrinter(ctx: AppContext, printerId: number) {
  const [row] = await ctx.db.select().from(printers).where(eq(printers.id, printerId)).limit(1);
  if (!row) throw notFound('Printer not found');
  if (!row.uri) throw new AppError('printer_not_direct', 409, PRINTER_ADDRESS_MESSAGES.notDirect);
  const active = await ctx.db
    .select({ id: printJobs.id })
    .from(printJobs)
    .where(and(eq(printJobs.printerId, printerId), inArray(printJobs.state, [...ACTIVE_PRINT_JOB_STATES])))
    .limit(1);
  if (active.length) throw new AppError('printer_in_use', 409, PRINTER_ADDRESS_MESSAGES.inUse);
  await ctx.db.delete(printers).where(eq(printers.id, printerId));
  ctx.log.info({ printerId, agentId: row.agentId }, 'printer added by address removed');
  await publishAgent(ctx, row.agentId);
}

/** The agent (re)started: jobs it had taken but not reported are handed out again at once (it checks CUPS first). */
export async function releaseTakenJobs(ctx: AppContext, agent: AgentRow) {
  const mine = ctx.db.select({ id: printers.id }).from(printers).where(eq(printers.agentId, agent.id));
  await ctx.db
    .update(printJobs)
    .set({ sentAt: null })
    .where(and(eq(printJobs.state, 'sent'), inArray(printJobs.printerId, mine)));
}

/** The agent stopped (it said goodbye): offline at once, so new jobs go to a printer whose agent runs. */
export async function markAgentGone(ctx: AppContext, agent: AgentRow) {
  await ctx.db.update(printAgents).set({ lastSeenAt: null }).where(eq(printAgents.id, agent.id));
  await publishAgent(ctx, agent.id);
}

export async function listAgentsWithPrinters(ctx: AppContext) {
  const agents = await ctx.db.select().from(printAgents).orderBy(asc(printAgents.id));
  const all = await ctx.db.select().from(printers).orderBy(asc(printers.agentId), asc(printers.queueName));
  return agents.map((a) => ({ agent: a, printers: all.filter((p) => p.agentId === a.id) }));
}

export const isAgentOnline = (agent: Pick<AgentRow, 'lastSeenAt' | 'tokenHash'>, now = Date.now()) =>
  !!agent.tokenHash && !!agent.lastSeenAt && now - agent.lastSeenAt.getTime() < AGENT_ONLINE_MS;
