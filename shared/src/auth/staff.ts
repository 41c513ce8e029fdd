import { z } from 'zod';
import { INDIAN_MOBILE, normaliseIndianMobile } from '../common/mobile.ts';
import { BIDI_NAME_MESSAGE, hasBidiControls, MAX_PASSWORD, passwordSchema } from './schemas.ts';

/** The admin's staff forms (create and edit), checked alike by the form and the server. */

const FILL_ALL = 'Please fill all fields';

export const staffMobileSchema = z
  .string({ error: FILL_ALL })
  .trim()
  .transform(normaliseIndianMobile)
  .pipe(z.string().regex(INDIAN_MOBILE, 'Please enter a valid 10-digit Indian mobile number'));

export const staffNameSchema = z
  .string({ error: FILL_ALL })
  .trim()
  .min(1, FILL_ALL)
  .max(100, 'Name must be at most 100 characters')
  .refine((n) => !/[\u0000-\u001f\u007f<>]/.test(n), 'Invalid name: Please enter a valid name.')
  .refine((n) => !hasBidiControls(n), BIDI_NAME_MESSAGE);

/** A clerk's password follows the customers' rules: 8+ characters with upper, lower, a number and a symbol. */
export const staffCreateSchema = z.object({
  name: staffNameSchema,
  mobile_number: staffMobileSchema,
  password: z.string({ error: FILL_ALL }).min(1, FILL_ALL).pipe(passwordSchema),
});
export type StaffCreateInput = z.input<typeof staffCreateSchema>;

export const staffUpdateSchema = z.object({
  name: staffNameSchema.optional(),
  mobile_number: staffMobileSchema.optional(),
  // An empty password keeps the old one.
  password: z
    .string()
    .max(MAX_PASSWORD, 'Password is too long')
    .optional()
    .transform((p) => (p ? p : undefined))
    .pipe(passwordSchema.optional()),
  is_active: z.boolean({ error: 'is_active must be true or false' }).optional(),
});
export type StaffUpdateInput = z.input<typeof staffUpdateSchema>;
