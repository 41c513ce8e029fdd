import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { authRoutes as routes } from '@shop/shared/auth/routes';
import { SESSION_COOKIE, SIGNED_IN_COOKIE, requireUser, staffOf, userOf } from '../../plugins/auth.ts';
import { typed } from '../../plugins/contracts.ts';
import { AppError } from '../../plugins/errors.ts';
import { AuthService, REGISTERED, type SignInClient } from './auth.service.ts';
import { DEVICE_COOKIE, DEVICE_COOKIE_PATH, DEVICE_TTL_DAYS } from './known-devices.ts';
import { FORGOT_ANSWER, PasswordResets, RESET_DONE } from './password-reset.ts';
import { DbRateStore } from '../quotas/index.ts';
import { TooManyAttempts } from './throttle.ts';
import type { AuthContext } from './session.service.ts';

const NO_AUTH = 'No auth token';

/**
 * Per-address request ceilings for the sign-in calls (on top of the sign-in throttle of throttle.ts): `max` a minute
 * for each route, counted before the body is read, in the database's GCRA store (quotas/db-rate-store.ts), so every
 * server copy counts against the same ceiling.
 */
function perMinute(ctx: AuthContext, route: string, max: number) {
  // The browser journeys run many sign-ins from one address within a minute; production keeps the tight ceiling.
  const ceiling = ctx.config.NODE_ENV === 'test' ? max * 5 : max;
  const rule = { burst: ceiling, intervalMs: 60_000 / ceiling };
  const store = new DbRateStore(ctx.db);
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const decision = await store.hit(`address:${route}:${request.ip}`, rule, Date.now());
    if (decision.allowed) return;
    reply.header('retry-after', String(Math.max(1, Math.ceil(decision.retryAfterMs / 1000))));
    throw new AppError('rate_limited', 429, 'Too many attempts. Please wait a few minutes and try again.');
  };
}

export async function authRoutes(app: FastifyInstance, ctx: AuthContext): Promise<void> {
  const auth = new AuthService(ctx);
  const resets = new PasswordResets(ctx, auth.throttle, auth.devices);
  const secure = ctx.config.publicUrl.startsWith('https://');
  const clientOf = (request: FastifyRequest): SignInClient => ({
    ip: request.ip,
    device: request.cookies?.[DEVICE_COOKIE],
  });
  /** This browser is now known for the account (only the sign-in routes ever receive the cookie). */
  const setDeviceCookie = (reply: FastifyReply, token: string) =>
    reply.setCookie(DEVICE_COOKIE, token, {
      httpOnly: true,
      sameSite: 'strict',
      secure,
      path: DEVICE_COOKIE_PATH,
      maxAge: DEVICE_TTL_DAYS * 86400,
    });
  /** A throttled sign-in tells, in Retry-After too, how long to wait. */
  const throttled = async <T>(reply: FastifyReply, work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (err) {
      if (err instanceof TooManyAttempts) reply.header('retry-after', String(err.retryAfter));
      throw err;
    }
  };

  const setSessionCookie = (reply: FastifyReply, token: string, expiresAt: Date) =>
    reply
      .setCookie(SESSION_COOKIE, token, { httpOnly: true, sameSite: 'lax', secure, path: '/', expires: expiresAt })
      .setCookie(SIGNED_IN_COOKIE, '1', { httpOnly: false, sameSite: 'lax', secure, path: '/', expires: expiresAt });
  const clearSessionCookie = (reply: FastifyReply) =>
    reply
      .clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'lax', secure, path: '/' })
      .clearCookie(SIGNED_IN_COOKIE, { httpOnly: false, sameSite: 'lax', secure, path: '/' });
  /**
   * A new sign-in: it replaces whatever session this browser held before, its cookies are set, and this browser is
   * now known for the account.
   */
  const startSession = async (
    request: FastifyRequest,
    reply: FastifyReply,
    signedIn: { token: string; expiresAt: Date; device: string },
  ) => {
    if (request.principal && request.authVia === 'cookie') await ctx.sessions.revoke(request.principal.tokenHash);
    setSessionCookie(reply, signedIn.token, signedIn.expiresAt);
    setDeviceCookie(reply, signedIn.device);
  };

  app.addHook('onClose', async () => {
    await resets.drain();
  });

  const api = typed(app);
  api.route({
    ...routes.register,
    onRequest: perMinute(ctx, 'register', 20),
    handler: async (request, reply) => {
      const signedIn = await auth.register(request.body, clientOf(request));
      await startSession(request, reply, signedIn);
      return reply.status(201).send({ token: signedIn.token, user: signedIn.user, message: REGISTERED });
    },
  });

  api.route({
    ...routes.login,
    onRequest: perMinute(ctx, 'login', 20),
    handler: async (request, reply) => {
      const signedIn = await throttled(reply, () => auth.login(request.body, clientOf(request)));
      await startSession(request, reply, signedIn);
      return { token: signedIn.token, user: signedIn.user };
    },
  });

  api.route({
    ...routes.logout,
    handler: async (request, reply) => {
      if (request.principal) await ctx.sessions.revoke(request.principal.tokenHash);
      clearSessionCookie(reply);
      return { message: 'Signed out' };
    },
  });

  /** A session cookie the server no longer knows (expired, revoked): drop it and its page-readable hint. */
  const signedOut = (request: FastifyRequest, reply: FastifyReply) => {
    if (request.cookies?.[SESSION_COOKIE] || request.cookies?.[SIGNED_IN_COOKIE]) clearSessionCookie(reply);
    return new AppError('unauthorized', 401, NO_AUTH);
  };

  api.route({
    ...routes.me,
    handler: async (request, reply) => {
      const p = request.principal;
      if (!p) throw signedOut(request, reply);
      if (p.kind !== 'user')
        throw new AppError('forbidden', 403, 'This is a staff session; sign in with a customer account.');
      const user = await auth.getUser(p.user.id);
      if (!user) throw new AppError('unauthorized', 401, NO_AUTH);
      return user;
    },
  });

  api.route({
    ...routes.updateProfile,
    preValidation: requireUser,
    handler: async (request) => auth.updateProfile(userOf(request).id, request.body),
  });

  api.route({
    ...routes.forgotPassword,
    onRequest: perMinute(ctx, 'forgotPassword', 10),
    handler: async (request) => {
      resets.request(request.body.email);
      return { message: FORGOT_ANSWER };
    },
  });

  api.route({
    ...routes.resetPassword,
    onRequest: perMinute(ctx, 'resetPassword', 20),
    handler: async (request, reply) => {
      setDeviceCookie(
        reply,
        await resets.reset(request.params.token, request.body.password, request.cookies?.[DEVICE_COOKIE]),
      );
      return { message: RESET_DONE };
    },
  });

  api.route({
    ...routes.staffLogin,
    onRequest: perMinute(ctx, 'staffLogin', 20),
    handler: async (request, reply) => {
      const signedIn = await throttled(reply, () => auth.staffLogin(request.body, clientOf(request)));
      await startSession(request, reply, signedIn);
      return { token: signedIn.token, staff: signedIn.staff, message: 'Sign in successful - Welcome back!' };
    },
  });

  api.route({
    ...routes.staffMe,
    handler: async (request, reply) => {
      const p = request.principal;
      if (!p) throw signedOut(request, reply);
      if (p.kind !== 'staff') throw new AppError('forbidden', 403, 'This is for staff sessions only.');
      const s = await auth.getStaff(p.staff.id);
      if (!s || !s.is_active) throw new AppError('unauthorized', 401, NO_AUTH);
      return s;
    },
  });

  /** The language the clerk's account suggests to a new counter device (decision 039). */
  api.route({
    ...routes.setStaffLanguage,
    // Who may ask comes before what they sent: a visitor is told to sign in, not that the body is wrong.
    preValidation: (request, reply, done) => {
      if (!request.principal) return done(signedOut(request, reply));
      if (request.principal.kind !== 'staff')
        return done(new AppError('forbidden', 403, 'This is for staff sessions only.'));
      done();
    },
    handler: async (request) => auth.setStaffLanguage(staffOf(request)!.id, request.body.language),
  });
}
