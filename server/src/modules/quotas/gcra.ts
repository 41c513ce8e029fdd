/**
 * Rate limiting by GCRA (the generic cell rate algorithm, as in ATM networks and most API gateways): each key keeps
 * one number, its "theoretical arrival time" (TAT). A rule allows `burst` requests back to back, then one every
 * `intervalMs`; a refused request changes nothing. One number per key makes it cheap in memory and one atomic
 * statement in the database (db-rate-store.ts).
 */
export interface RateRule {
  /** Requests allowed at once. */
  burst: number;
  /** After the burst, one request per this many milliseconds. */
  intervalMs: number;
}

export type RateDecision = { allowed: true; tatMs: number } | { allowed: false; retryAfterMs: number };

/** The decision for a key whose stored TAT is `tatMs` (0 when unseen), at `nowMs`. */
export function decide(rule: RateRule, tatMs: number, nowMs: number): RateDecision {
  const next = Math.max(tatMs, nowMs) + rule.intervalMs;
  const limit = nowMs + rule.burst * rule.intervalMs;
  if (next <= limit) return { allowed: true, tatMs: next };
  return { allowed: false, retryAfterMs: next - limit };
}

/** The rule with burst and rate multiplied by `scale` (RATE_LIMIT_SCALE). */
export function scaleRule(rule: RateRule, scale: number): RateRule {
  if (scale === 1) return rule;
  return { burst: Math.max(1, Math.round(rule.burst * scale)), intervalMs: rule.intervalMs / scale };
}

/**
 * Per-process counters for limits that protect this copy's own CPU (quotes: docs/decisions/012). Bounded: when it
 * holds too many keys, those whose TAT has passed (the same as unseen) are dropped first.
 */
export class MemoryRateStore {
  private readonly tats = new Map<string, number>();
  constructor(private readonly maxKeys = 100_000) {}

  /**
   * Counts one request against every key, or against none: the first refusal is returned and nothing is charged (so a
   * busy network does not use up its customers' own allowance, nor a refused customer the network's).
   */
  hit(limits: Array<[key: string, rule: RateRule]>, nowMs: number): RateDecision & { index: number } {
    const decisions: Array<[string, number]> = [];
    for (const [index, [key, rule]] of limits.entries()) {
      const d = decide(rule, this.tats.get(key) ?? 0, nowMs);
      if (!d.allowed) return { ...d, index };
      decisions.push([key, d.tatMs]);
    }
    for (const [key, tat] of decisions) {
      if (this.tats.size >= this.maxKeys && !this.tats.has(key)) this.sweep(nowMs);
      this.tats.set(key, tat);
    }
    return { allowed: true, tatMs: decisions.at(-1)?.[1] ?? nowMs, index: -1 };
  }

  get size(): number {
    return this.tats.size;
  }

  private sweep(nowMs: number) {
    for (const [k, tat] of this.tats) if (tat <= nowMs) this.tats.delete(k);
    // Still full of live keys (a flood of new accounts or addresses): forget the oldest half rather than grow.
    if (this.tats.size >= this.maxKeys) {
      let drop = Math.ceil(this.tats.size / 2);
      for (const k of this.tats.keys()) {
        if (drop-- <= 0) break;
        this.tats.delete(k);
      }
    }
  }
}
