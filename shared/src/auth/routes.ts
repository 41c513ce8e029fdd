import { z } from 'zod';
import { defineRoute, messageSchema, noBodySchema } from '../common/contract.ts';
import {
  authResponseSchema,
  forgotPasswordSchema,
  loginSchema,
  profileUpdateSchema,
  publicStaffSchema,
  publicUserSchema,
  registerSchema,
  resetPasswordSchema,
  staffAuthResponseSchema,
  staffLoginSchema,
  staffPreferencesSchema,
} from './schemas.ts';

const tags = ['accounts'] as const;

/** Sign-up, sign-in and sessions, of customers and of staff (decision 001). */
export const authRoutes = {
  register: defineRoute('POST', '/api/auth/register', {
    summary: 'Create a customer account and sign in',
    description: "Public. 409 `email_taken` 'An account with this email already exists'. Sets the session cookie.",
    tags,
    body: registerSchema,
    response: { 201: authResponseSchema },
  }),
  login: defineRoute('POST', '/api/auth/login', {
    summary: 'Sign in (customer or admin)',
    description:
      "Public. 401 `invalid_credentials` 'Invalid email or password'; 429 when throttled. Sets the session cookie.",
    tags,
    body: loginSchema,
    response: { 200: authResponseSchema },
  }),
  logout: defineRoute('POST', '/api/auth/logout', {
    summary: 'Sign out',
    description: "Public. Revokes the session and clears the cookie: `{ message: 'Signed out' }`.",
    tags,
    body: noBodySchema,
    response: { 200: messageSchema },
  }),
  me: defineRoute('GET', '/api/auth/user', {
    summary: 'The signed-in customer or admin',
    description:
      "401 'No auth token' when signed out (and an unknown session cookie is cleared); 403 for a staff session.",
    tags,
    response: { 200: publicUserSchema },
  }),
  updateProfile: defineRoute('PATCH', '/api/auth/user', {
    summary: "Change one's name or language",
    description:
      "Customer or admin. `language` null follows the browser again; 400 'Nothing to change: send a name or a language'.",
    tags,
    body: profileUpdateSchema,
    response: { 200: publicUserSchema },
  }),
  forgotPassword: defineRoute('POST', '/api/auth/forgot-password', {
    summary: 'Mail a password reset link',
    description:
      "Public. Always `{ message: 'If your email exists in our system, you will receive a reset link soon.' }` (at most 3 mails an hour to one inbox).",
    tags,
    body: forgotPasswordSchema,
    response: { 200: messageSchema },
  }),
  resetPassword: defineRoute('POST', '/api/auth/reset-password/:token', {
    summary: 'Set a new password with a reset link',
    description:
      "Public. 400 `invalid_reset_token` 'Invalid or expired reset link'; the admin's new password needs 12+ characters. Signs the account out everywhere.",
    tags,
    params: z.object({ token: z.string() }),
    body: resetPasswordSchema,
    response: { 200: messageSchema },
  }),
  staffLogin: defineRoute('POST', '/api/auth/staff/login', {
    summary: 'Counter staff sign in by mobile number',
    description:
      "Public. 401 `invalid_credentials` 'Invalid mobile number or password. A deactivated account cannot sign in: ask the shop admin.' for every failure, a deactivated or deleted account with the right password included (decision 034); 429 when throttled.",
    tags,
    body: staffLoginSchema,
    response: { 200: staffAuthResponseSchema },
  }),
  setStaffLanguage: defineRoute('PATCH', '/api/auth/staff/me', {
    summary: "Set the clerk's language for the counter screens",
    description:
      "A staff session only (403 otherwise; 401 'No auth token' when signed out). `language` null follows the browser again.",
    tags,
    body: staffPreferencesSchema,
    response: { 200: publicStaffSchema },
  }),
  staffMe: defineRoute('GET', '/api/auth/staff/me', {
    summary: 'The signed-in staff member',
    description: "A staff session only (403 otherwise); 401 'No auth token' when signed out or deactivated.",
    tags,
    response: { 200: publicStaffSchema },
  }),
};
