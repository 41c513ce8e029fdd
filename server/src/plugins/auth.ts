import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config/env.ts';
import { AppError, forbidden, unauthorized } from './errors.ts';

/** Who is calling: a customer or the admin (a user account), or a clerk at the counter. */
export interface UserPrincipal {
  kind: 'user';
  tokenHash: string;
  /** The session's absolute end (long-lived streams close then). */
  expiresAt: Date;
  user: { id: number; name: string; email: string; role: 'user' | 'admin'; createdAt: Date };
}
export interface StaffPrincipal {
  kind: 'staff';
  tokenHash: string;
  expiresAt: Date;
  staff: { id: number; name: string; mobileNumber: string };
}
export type Principal = UserPrincipal | StaffPrincipal;

/**
 * What this plugin needs of the session store (modules/auth's SessionService): a principal from a token, from
 * memory when it is there (`undefined` when it is not), else from the database.
 */
export interface SessionLookup {
  cached(token: string): Principal | null | undefined;
  resolve(token: string): Promise<Principal | null>;
}

export const SESSION_COOKIE = 'ps_session';
/**
 * Readable by the page (not HttpOnly) and holding no secret: it only tells the web app that a session cookie was
 * set, so a visitor's first page does not ask the server who they are (the user is fetched only when a token
 * exists). The session itself stays in the HttpOnly cookie.
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

export function registerAuth(app: FastifyInstance, sessions: SessionLookup, config: Config) {
  const allowedOrigins = new Set([new URL(config.publicUrl).origin]);
  app.decorateRequest('principal', null);
  app.decorateRequest('authVia', null);

  const crossSite = (request: FastifyRequest): AppError | undefined => {
    const origin = request.headers.origin;
    const host = request.headers.host;
    const ownOrigins = new Set(allowedOrigins);
    if (host) {
      ownOrigins.add(`http://${host}`);
      ownOrigins.add(`https://${host}`);
    }
    if ((origin && !ownOrigins.has(origin)) || (!origin && request.headers['sec-fetch-site'] === 'cross-site')) {
      return new AppError('bad_origin', 403, 'This request did not come from the shop’s own pages.');
    }
    return undefined;
  };

  // A callback hook, not an async one: a session already in the cache is answered without a promise.
  app.addHook('onRequest', (request, _reply, done) => {
    const found = readToken(request);
    if (!found) return done();
    // A request carried by the cookie that changes state must come from the shop's own pages (CSRF).
    if (found.via === 'cookie' && UNSAFE_METHODS.has(request.method)) {
      const refusal = crossSite(request);
      if (refusal) return done(refusal);
    }
    const settle = (principal: Principal | null) => {
      request.principal = principal;
      request.authVia = principal ? found.via : null;
    };
    const cached = sessions.cached(found.token);
    if (cached !== undefined) {
      settle(cached);
      return done();
    }
    sessions.resolve(found.token).then(
      (principal) => {
        settle(principal);
        done();
      },
      (err: Error) => done(err),
    );
  });
}

/** The guards below are callback hooks (no promise per request); they run as `preValidation`, before a request is checked against its route's schema (a visitor is told to sign in, not that the body is wrong). */
type HookDone = (err?: Error) => void;

/** Any signed-in customer or the admin (a person with a user account). */
export function requireUser(request: FastifyRequest, _reply: FastifyReply, done: HookDone) {
  const p = request.principal;
  if (!p) return done(unauthorized());
  if (p.kind !== 'user') return done(forbidden('This page is for customer accounts.'));
  done();
}

export function requireAdmin(request: FastifyRequest, _reply: FastifyReply, done: HookDone) {
  const p = request.principal;
  if (!p) return done(unauthorized());
  if (p.kind !== 'user' || p.user.role !== 'admin') return done(forbidden('Only the shop admin can do that.'));
  done();
}

/** Counter staff, or the admin, who can do everything staff can. */
export function requireStaffOrAdmin(request: FastifyRequest, _reply: FastifyReply, done: HookDone) {
  const p = request.principal;
  if (!p) return done(unauthorized());
  if (p.kind === 'staff' || (p.kind === 'user' && p.user.role === 'admin')) return done();
  done(forbidden('Only shop staff can do that.'));
}

/** Any signed-in person: customer, admin or staff (each route then checks the order itself). */
export function requireSignedIn(request: FastifyRequest, _reply: FastifyReply, done: HookDone) {
  if (!request.principal) return done(unauthorized());
  done();
}

/** Who is acting in the back office: the staff member or the admin (for timelines and logs). */
export function backOfficeActorOf(request: FastifyRequest): { kind: 'staff' | 'admin'; id: number; name: string } {
  const p = request.principal;
  if (p?.kind === 'staff') return { kind: 'staff', id: p.staff.id, name: p.staff.name };
  if (p?.kind === 'user' && p.user.role === 'admin') return { kind: 'admin', id: p.user.id, name: p.user.name };
  throw unauthorized();
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
