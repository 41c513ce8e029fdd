import type { FastifyRequest } from 'fastify';

/**
 * Whether a GET may change something as a side effect (docs/decisions/012-quotas-and-clean-up.md): only when no
 * other site can have caused it. A link or image on another site sends the session cookie along with a GET
 * (SameSite=Lax allows top-level navigations), so such a GET must read only. These may act:
 * - `Authorization: Bearer`: a header no other site can make a browser send;
 * - `Sec-Fetch-Site: same-origin` (the shop's own pages) or `none` (typed or bookmarked by the person).
 * A browser too old to send Sec-Fetch-Site counts as cross-site: the explicit action still works for it.
 */
export function mayActOnGet(request: FastifyRequest): boolean {
  if (request.authVia === 'bearer') return true;
  const site = request.headers['sec-fetch-site'];
  return site === 'same-origin' || site === 'none';
}
