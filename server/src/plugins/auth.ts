import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config/env.ts';
import type { Principal, SessionService, StaffPrincipal, UserPrincipal } from '../modules/auth/session.service.ts';
import { AppError, forbidden, unauthorized } from './errors.ts';

export const SESSION_COOKIE = 'ps_session';
/**
 * Readable by the page (not HttpOnly) and holding no secret: it only tells the web app that a session cookie was
 * set, so a visitor's first page does not ask the server who they are (spec: the user is fetched only when a
 * token exists). The session itself stays in the HttpOnly cookie.
 */
export const SIGNED_IN_COOKIE = 'ps_signed_in';

declare module 'fastify' {
  interface FastifyRequest {
    /** Who is calling, resolved once per request from the session cookie or `Authorization: Bearer`. */
    principal: Principal | null;
    authVia: 'cookie' | 'bearer' | null;
  }
}

function readToken(request: FastifyRequest): { token: string; via: 'cookie' | 'bearer' } | null {
  const header = request.headers.authorization;
  if (typeof header === 'string' && /^Bearer\s+/i.test(header)) {
    const token = header.replace(/^Bearer\s+/i, '').trim();
    if (token) return { token, via: 'bearer' };
  }
  const cookie = request.cookies?.[SESSION_COOKIE];
  if (cookie) return { token: cookie, via: 'cookie' };
  return null;
}

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function registerAuth(app: FastifyInstance, sessions: SessionService, config: Config) {
  const allowedOrigins = new Set([new URL(config.publicUrl).origin]);
  app.decorateRequest('principal', null);
  app.decorateRequest('authVia', null);

  app.addHook('onRequest', async (request) => {
    const found = readToken(request);
    if (!found) return;
    // A request carried by the cookie that changes state must come from the shop's own pages (CSRF).
    if (found.via === 'cookie' && UNSAFE_METHODS.has(request.method)) {
      const origin = request.headers.origin;
      const host = request.headers.host;
      const ownOrigins = new Set(allowedOrigins);
      if (host) {
        ownOrigins.add(`http://${host}`);
        ownOrigins.add(`https://${host}`);
      }
      if (origin && !ownOrigins.has(origin)) {
        throw new AppError('bad_origin', 403, 'This request did not come from the shop’s own pages.');
      }
      if (!origin && request.headers['sec-fetch-site'] === 'cross-site') {
        throw new AppError('bad_origin', 403, 'This request did not come from the shop’s own pages.');
      }
    }
    request.principal = await sessions.resolve(found.token);
    request.authVia = request.principal ? found.via : null;
  });
}

/** Any signed-in customer or the admin (a person with a user account). */
export async function requireUser(request: FastifyRequest, _reply: FastifyReply) {
  const p = request.principal;
  if (!p) throw unauthorized();
  if (p.kind !== 'user') throw forbidden('This page is for customer accounts.');
}

export async function requireAdmin(request: FastifyRequest, _reply: FastifyReply) {
  const p = request.principal;
  if (!p) throw unauthorized();
  if (p.kind !== 'user' || p.user.role !== 'admin') throw forbidden('Only the shop admin can do that.');
}

/** Counter staff, or the admin, who can do everything staff can. */
export async function requireStaffOrAdmin(request: FastifyRequest, _reply: FastifyReply) {
  const p = request.principal;
  if (!p) throw unauthorized();
  if (p.kind === 'staff') return;
  if (p.kind === 'user' && p.user.role === 'admin') return;
  throw forbidden('Only shop staff can do that.');
}

export function userOf(request: FastifyRequest): UserPrincipal['user'] {
  const p = request.principal;
  if (!p || p.kind !== 'user') throw unauthorized();
  return p.user;
}

export function staffOf(request: FastifyRequest): StaffPrincipal['staff'] | null {
  const p = request.principal;
  return p && p.kind === 'staff' ? p.staff : null;
}
