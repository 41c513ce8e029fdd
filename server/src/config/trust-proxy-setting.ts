import { isIP } from 'node:net';
import { NEVER, type z } from 'zod';

/** Names proxy-addr (Fastify's trustProxy) understands for whole private ranges. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address, bits, extra] = entry.split('/');
  const family = isIP(address ?? '');
  if (!family || extra !== undefined) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: `false` (no proxy), a hop count (`1`: one reverse proxy in front), or a comma-separated list of the
 * proxies' addresses / CIDR ranges. `true` (trust every hop) is kept only to be refused in production.
 */
export function parseTrustProxy(value: string, ctx: z.RefinementCtx): boolean | number | string[] {
  const v = value.trim().toLowerCase();
  if (v === 'false' || v === 'no' || v === '0') return false;
  if (v === 'true' || v === 'yes') return true;
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    if (hops <= 10) return hops;
  }
  const entries = v
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  if (entries.length && entries.every(isAddressOrRange)) return entries;
  ctx.addIssue({
    code: 'custom',
    message:
      'must be false, the number of proxies in front of the shop (1-10), or a comma-separated list of proxy addresses or CIDR ranges',
  });
  return NEVER;
}
