import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { parsePrinterMap, PrintAgent, TokenRefused } from '@shop/print-agent';
import type { AppContext } from '../../context.ts';
import { printAgents } from '../../db/schema/index.ts';
import { sha256Hex } from '../../lib/crypto.ts';
import { newAgentToken } from './agents.service.ts';

/**
 * PRINT_AGENT_LOCAL: the server and the printers are on one machine, so the server runs the same agent code itself,
 * talking to its own HTTP port like any agent. Its agent row is marked local; the token is made afresh at each start
 * (it never leaves the process). One server copy only: several copies would each replace the other's token.
 */
export function startLocalAgent(app: FastifyInstance, ctx: AppContext) {
  const printers = ctx.config.PRINT_AGENT_PRINTERS ? parsePrinterMap(ctx.config.PRINT_AGENT_PRINTERS) : undefined;
  let agent: PrintAgent | null = null;
  app.addHook('onListen', async () => {
    const address = app.server.address();
    if (!address || typeof address === 'string') return;
    const host =
      address.family === 'IPv6'
        ? `[${address.address === '::' ? '::1' : address.address}]`
        : address.address === '0.0.0.0'
          ? '127.0.0.1'
          : address.address;
    const token = newAgentToken();
    const [existing] = await ctx.db.select().from(printAgents).where(eq(printAgents.isLocal, true)).limit(1);
    const values = { tokenHash: sha256Hex(token), tokenHint: token.slice(-4), revokedAt: null };
    if (existing) await ctx.db.update(printAgents).set(values).where(eq(printAgents.id, existing.id));
    else await ctx.db.insert(printAgents).values({ name: 'This server', isLocal: true, ...values });
    const log = ctx.log.child({ module: 'print-agent' });
    agent = new PrintAgent({
      server: `http://${host}:${address.port}`,
      token,
      cupsUrl: ctx.config.PRINT_AGENT_CUPS_URL,
      printers,
      journalFile: path.join(ctx.config.dataDir, 'print-agent', 'journal.jsonl'),
      version: 'in-process',
      logger: {
        info: (m, f) => log.info(f ?? {}, m),
        warn: (m, f) => log.warn(f ?? {}, m),
        error: (m, f) => log.error(f ?? {}, m),
      },
    });
    agent.run().catch((err: unknown) => {
      if (!(err instanceof TokenRefused))
        log.error({ err: { message: (err as Error).message } }, 'print agent stopped');
    });
  });
  app.addHook('preClose', (done) => {
    agent?.stop();
    done();
  });
}
