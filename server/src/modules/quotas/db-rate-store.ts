import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rateLimits } from '../../db/schema/index.ts';
import type { RateDecision, RateRule } from './gcra.ts';

/**
 * GCRA counters in PostgreSQL / PGlite (table rate_limits), shared by every server copy. One statement per key:
 * the upsert only writes when the request is allowed, and the row lock it takes serialises concurrent requests for
 * the same key, so N copies together allow exactly what one would. The clock is the server's (epoch ms), passed in.
 */
export class DbRateStore {
  constructor(private readonly db: Db) {}

  async hit(key: string, rule: RateRule, nowMs: number): Promise<RateDecision> {
    const interval = Math.max(1, Math.round(rule.intervalMs));
    const limit = nowMs + rule.burst * interval;
    const next = sql`greatest(${rateLimits.tatMs}, ${nowMs}::bigint) + ${interval}::bigint`;
    const rows = await this.db
      .insert(rateLimits)
      .values({ key, tatMs: nowMs + interval })
      .onConflictDoUpdate({ target: rateLimits.key, set: { tatMs: next }, setWhere: sql`${next} <= ${limit}::bigint` })
      .returning({ tatMs: rateLimits.tatMs });
    if (rows.length) return { allowed: true, tatMs: Number(rows[0]!.tatMs) };
    const [row] = await this.db
      .select({ tatMs: rateLimits.tatMs })
      .from(rateLimits)
      .where(eq(rateLimits.key, key))
      .limit(1);
    const tat = Number(row?.tatMs ?? nowMs);
    return { allowed: false, retryAfterMs: Math.max(1, Math.max(tat, nowMs) + interval - limit) };
  }

  /** Undoes one counted request (when a later check refused it). */
  async giveBack(key: string, rule: RateRule): Promise<void> {
    const interval = Math.max(1, Math.round(rule.intervalMs));
    await this.db
      .update(rateLimits)
      .set({ tatMs: sql`${rateLimits.tatMs} - ${interval}::bigint` })
      .where(eq(rateLimits.key, key));
  }

  /** Rows whose time has passed mean the same as no row: the clean-up job removes them. */
  async prune(nowMs: number, limit = 5000): Promise<number> {
    const stale = this.db
      .select({ key: rateLimits.key })
      .from(rateLimits)
      .where(lt(rateLimits.tatMs, nowMs))
      .limit(limit);
    const deleted = await this.db
      .delete(rateLimits)
      .where(and(lt(rateLimits.tatMs, nowMs), sql`${rateLimits.key} in (${stale})`))
      .returning({ key: rateLimits.key });
    return deleted.length;
  }
}
