import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  forgotPasswordSchema,
  loginSchema,
  profileUpdateSchema,
  registerSchema,
  resetPasswordSchema,
  staffLoginSchema,
} from '@shop/shared/auth/schemas';
import type { AppContext } from '../../context.ts';
import { SESSION_COOKIE, SIGNED_IN_COOKIE, requireUser, userOf } from '../../plugins/auth.ts';
import { AppError, parseInput } from '../../plugins/errors.ts';
import { AuthService, FORGOT_ANSWER, REGISTERED, RESET_DONE } from './auth.service.ts';

const NO_AUTH = 'No auth token';

/** Per-address request ceilings for the sign-in calls (on top of the per-account failure throttle). */
function perMinute(ctx: AppContext, max: number) {
  // The browser journeys run many sign-ins from one address within a minute; production keeps the tight ceiling.
  const ceiling = ctx.config.NODE_ENV === 'test' ? max * 5 : max;
  return { rateLimit: { max: ceiling, timeWindow: '1 minute' } };
}

export async function authRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const auth = new AuthService(ctx);
  const secure = ctx.config.publicUrl.startsWith('https://');

  const setSessionCookie = (reply: FastifyReply, token: string, expiresAt: Date) =>
    reply
      .setCookie(SESSION_COOKIE, token, { httpOnly: true, sameSite: 'lax', secure, path: '/', expires: expiresAt })
      .setCookie(SIGNED_IN_COOKIE, '1', { httpOnly: false, sameSite: 'lax', secure, path: '/', expires: expiresAt });
  const clearSessionCookie = (reply: FastifyReply) =>
    reply
      .clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'lax', secure, path: '/' })
      .clearCookie(SIGNED_IN_COOKIE, { httpOnly: false, sameSite: 'lax', secure, path: '/' });
  /** A new sign-in replaces whatever session this browser held before. */
  const dropPreviousSession = async (request: FastifyRequest) => {
    if (request.principal && request.authVia === 'cookie') await ctx.sessions.revoke(request.principal.tokenHash);
  };

  app.addHook('onClose', async () => {
    await auth.drain();
  });

  app.post('/api/auth/register', { config: perMinute(ctx, 20) }, async (request, reply) => {
    const input = parseInput(registerSchema, request.body);
    const { user, token, expiresAt } = await auth.register(input);
    await dropPreviousSession(request);
    setSessionCookie(reply, token, expiresAt);
    return reply.status(201).send({ token, user, message: REGISTERED });
  });

  app.post('/api/auth/login', { config: perMinute(ctx, 20) }, async (request, reply) => {
    const input = parseInput(loginSchema, request.body);
    const { user, token, expiresAt } = await auth.login(input, request.ip);
    await dropPreviousSession(request);
    setSessionCookie(reply, token, expiresAt);
    return { token, user };
  });

  app.post('/api/auth/logout', async (request, reply) => {
    if (request.principal) await ctx.sessions.revoke(request.principal.tokenHash);
    clearSessionCookie(reply);
    return { message: 'Signed out' };
  });

  /** A session cookie the server no longer knows (expired, revoked): drop it and its page-readable hint. */
  const signedOut = (request: FastifyRequest, reply: FastifyReply) => {
    if (request.cookies?.[SESSION_COOKIE] || request.cookies?.[SIGNED_IN_COOKIE]) clearSessionCookie(reply);
    return new AppError('unauthorized', 401, NO_AUTH);
  };

  app.get('/api/auth/user', async (request, reply) => {
    const p = request.principal;
    if (!p) throw signedOut(request, reply);
    if (p.kind !== 'user') throw new AppError('forbidden', 403, 'This is a staff session; sign in with a customer account.');
    const user = await auth.getUser(p.user.id);
    if (!user) throw new AppError('unauthorized', 401, NO_AUTH);
    return user;
  });

  app.patch('/api/auth/user', { preHandler: requireUser }, async (request) => {
    const { name } = parseInput(profileUpdateSchema, request.body);
    return auth.updateName(userOf(request).id, name);
  });

  app.post('/api/auth/forgot-password', { config: perMinute(ctx, 10) }, async (request) => {
    const { email } = parseInput(forgotPasswordSchema, request.body);
    auth.requestPasswordReset(email);
    return { message: FORGOT_ANSWER };
  });

  app.post<{ Params: { token: string } }>('/api/auth/reset-password/:token', { config: perMinute(ctx, 20) }, async (request) => {
    const { password } = parseInput(resetPasswordSchema, request.body);
    await auth.resetPassword(request.params.token, password);
    return { message: RESET_DONE };
  });

  app.post('/api/auth/staff/login', { config: perMinute(ctx, 20) }, async (request, reply) => {
    const input = parseInput(staffLoginSchema, request.body);
    const { staff, token, expiresAt } = await auth.staffLogin(input, request.ip);
    await dropPreviousSession(request);
    setSessionCookie(reply, token, expiresAt);
    return { token, staff, message: 'Sign in successful - Welcome back!' };
  });

  app.get('/api/auth/staff/me', async (request, reply) => {
    const p = request.principal;
    if (!p) throw signedOut(request, reply);
    if (p.kind !== 'staff') throw new AppError('forbidden', 403, 'This is for staff sessions only.');
    const s = await auth.getStaff(p.staff.id);
    if (!s || !s.is_active) throw new AppError('unauthorized', 401, NO_AUTH);
    return s;
  });
}
