import { z } from 'zod';
import { normaliseIndianMobile } from '../common/mobile.ts';
import { languageSchema } from '../i18n/schema.ts';

/** Password rules of registration and their messages (the original API's words: clients and the form match them). */
export const PASSWORD_CRITERIA = [
  {
    key: 'length',
    label: 'At least 8 characters',
    message: 'Password must be at least 8 characters',
    test: (p: string) => p.length >= 8,
  },
  {
    key: 'upper',
    label: 'One uppercase letter',
    message: 'Password must contain at least 1 uppercase letter',
    test: (p: string) => /[A-Z]/.test(p),
  },
  {
    key: 'lower',
    label: 'One lowercase letter',
    message: 'Password must contain at least 1 lowercase letter',
    test: (p: string) => /[a-z]/.test(p),
  },
  {
    key: 'digit',
    label: 'One number',
    message: 'Password must contain at least 1 digit',
    test: (p: string) => /\d/.test(p),
  },
  {
    key: 'special',
    label: 'One special character',
    message: 'Password must contain at least 1 special character',
    test: (p: string) => /[^A-Za-z0-9]/.test(p),
  },
] as const;

export type PasswordStrength = 'Weak' | 'Medium' | 'Strong';
/** Strong when all 5 criteria hold, Medium with 3 or more, otherwise Weak; `missing` lists what is left. */
export function passwordStrength(password: string): { strength: PasswordStrength; met: number; missing: string[] } {
  const missing = PASSWORD_CRITERIA.filter((c) => !c.test(password)).map((c) => c.label);
  const met = PASSWORD_CRITERIA.length - missing.length;
  return { strength: met === 5 ? 'Strong' : met >= 3 ? 'Medium' : 'Weak', met, missing };
}

/** The admin's password: the same rules, and at least 12 characters (it opens every order, file and account). */
export const ADMIN_PASSWORD_MIN_LENGTH = 12;
export function isStrongAdminPassword(password: string): boolean {
  return password.length >= ADMIN_PASSWORD_MIN_LENGTH && PASSWORD_CRITERIA.every((c) => c.test(password));
}
export const ADMIN_PASSWORD_RULE =
  'The admin password needs at least 12 characters, with upper and lower case letters, a number and a symbol.';

export const MAX_PASSWORD = 200;

/**
 * Bidirectional control characters (embeddings, overrides, isolates, the direction marks): invisible, they reorder
 * the text around them, so a name could read differently on the counter's screen than it was typed.
 */
const BIDI_CONTROL_CHARS = '\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069';
const BIDI_CONTROL = new RegExp(`[${BIDI_CONTROL_CHARS}]`);
const BIDI_CONTROLS = new RegExp(`[${BIDI_CONTROL_CHARS}]`, 'g');
export const hasBidiControls = (text: string): boolean => BIDI_CONTROL.test(text);
/** For text stored before names were checked: shown without its direction controls. */
export const stripBidiControls = (text: string): string => text.replace(BIDI_CONTROLS, '');
export const BIDI_NAME_MESSAGE =
  'Invalid name: it contains hidden text-direction characters. Please type the name again.';

export const passwordSchema = PASSWORD_CRITERIA.reduce(
  (schema, c) => schema.refine(c.test, { message: c.message }),
  z.string({ error: 'Password is required' }).max(MAX_PASSWORD, 'Password is too long'),
);

export const emailSchema = z
  .string({ error: 'Invalid email format' })
  .trim()
  .max(254, 'Invalid email format')
  .pipe(z.email('Invalid email format'))
  .transform((e) => e.toLowerCase());

export const nameSchema = z
  .string({ error: 'Invalid name: Please enter a valid name.' })
  .trim()
  .min(1, 'Invalid name: Please enter a valid name.')
  .max(100, 'Name must be at most 100 characters')
  .refine((n) => !/[\u0000-\u001f\u007f<>]/.test(n), 'Invalid name: Please enter a valid name.')
  .refine((n) => !hasBidiControls(n), BIDI_NAME_MESSAGE);

export const registerSchema = z
  .object({
    name: nameSchema,
    email: emailSchema,
    password: passwordSchema,
    confirmPassword: z.string({ error: "Passwords don't match" }).max(MAX_PASSWORD),
    /** The language the visitor was reading when they signed up: the account keeps it. */
    language: languageSchema.optional(),
  })
  .refine((v) => v.password === v.confirmPassword, { message: "Passwords don't match", path: ['confirmPassword'] });
export type RegisterInput = z.input<typeof registerSchema>;

export const POLICY_REQUIRED_MESSAGE =
  'You must accept all policies (Terms & Conditions, Privacy Policy, and Cancellation & Refund Policy) to create an account.';

export const loginSchema = z.object({
  email: emailSchema,
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(MAX_PASSWORD, 'Password is too long'),
});
export type LoginInput = z.input<typeof loginSchema>;

export const forgotPasswordSchema = z.object({ email: emailSchema });

export const RESET_PASSWORD_MESSAGE =
  'Password must contain at least one uppercase letter, one lowercase letter, one number, and one special character';
export const resetPasswordSchema = z
  .object({
    password: z
      .string({ error: 'Password must be at least 8 characters' })
      .min(8, 'Password must be at least 8 characters')
      .max(MAX_PASSWORD, 'Password is too long')
      .refine(
        (p) => /[a-z]/.test(p) && /[A-Z]/.test(p) && /\d/.test(p) && /[!@#$%^&*()_+]/.test(p),
        RESET_PASSWORD_MESSAGE,
      ),
    confirmPassword: z.string({ error: 'Passwords do not match' }).max(MAX_PASSWORD),
  })
  .refine((v) => v.password === v.confirmPassword, { message: 'Passwords do not match', path: ['confirmPassword'] });
export type ResetPasswordInput = z.input<typeof resetPasswordSchema>;

/** PATCH /api/auth/user: the name, the language (null: follow the browser again), or both. */
export const profileUpdateSchema = z
  .object({ name: nameSchema.optional(), language: languageSchema.nullable().optional() })
  .refine((v) => v.name !== undefined || v.language !== undefined, {
    message: 'Nothing to change: send a name or a language',
  });
export type ProfileUpdate = z.input<typeof profileUpdateSchema>;

/** PATCH /api/auth/staff/me: the clerk's language (null: follow the browser again). */
export const staffPreferencesSchema = z.object({ language: languageSchema.nullable() });

export const staffLoginSchema = z.object({
  mobile_number: z
    .string({ error: 'Mobile number must be at least 10 digits' })
    .trim()
    .max(24, 'Mobile number is too long')
    // As people type it (spaces, +91, a leading 0): the same normalisation as the admin's staff form.
    .transform(normaliseIndianMobile)
    .refine((m) => /^\d{10,}$/.test(m), 'Mobile number must be at least 10 digits'),
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(MAX_PASSWORD, 'Password is too long'),
});
export type StaffLoginInput = z.input<typeof staffLoginSchema>;

/** The user as the API shows it (never the password). */
export const publicUserSchema = z
  .object({
    id: z.number(),
    name: z.string(),
    email: z.string(),
    role: z.enum(['user', 'admin']),
    /** The language chosen for this account; null until chosen (the browser's language is followed). */
    language: languageSchema.nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'PublicUser' });
export type PublicUser = z.infer<typeof publicUserSchema>;

export const publicStaffSchema = z
  .object({
    id: z.number(),
    name: z.string(),
    mobile_number: z.string(),
    is_active: z.boolean(),
    language: languageSchema.nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'PublicStaff' });
export type PublicStaff = z.infer<typeof publicStaffSchema>;

/** Login / register answer. The token is also set as an HttpOnly cookie; API clients may use it as a bearer. */
export const authResponseSchema = z
  .object({ token: z.string(), user: publicUserSchema, message: z.string().optional() })
  .meta({ id: 'AuthResponse' });
export type AuthResponse = z.infer<typeof authResponseSchema>;
export const staffAuthResponseSchema = z
  .object({ token: z.string(), staff: publicStaffSchema, message: z.string().optional() })
  .meta({ id: 'StaffAuthResponse' });
export type StaffAuthResponse = z.infer<typeof staffAuthResponseSchema>;
