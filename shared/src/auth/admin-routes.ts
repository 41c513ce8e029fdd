import { z } from 'zod';
import { defineRoute, deletedSchema, idParamsSchema } from '../common/contract.ts';
import { staffCreateSchema, staffUpdateSchema } from './staff.ts';

const tags = ['back office'] as const;

/** A staff member as the admin's staff screen reads them (never the password). */
export const staffMemberSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    mobile_number: z.string(),
    is_active: z.boolean(),
    /** The admin who added them. */
    created_by: z.number().int().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'StaffMember' });
export type StaffMember = z.infer<typeof staffMemberSchema>;

/** GET /api/admin/users: a shop account with its paid orders counted. */
export const accountSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    email: z.string(),
    role: z.enum(['user', 'admin']),
    created_at: z.string(),
    order_count: z.number().int(),
  })
  .meta({ id: 'Account' });
export type Account = z.infer<typeof accountSchema>;

export const accountsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).catch(50).default(50),
  offset: z.coerce.number().int().min(0).max(1_000_000).catch(0).default(0),
  search: z.string().trim().max(200).optional().catch(undefined),
});

const staffParams = idParamsSchema('Staff member not found');
const DUPLICATE = "409 `duplicate_mobile` 'A staff member with this mobile number already exists'.";

/** The admin's accounts list and staff screen. */
export const adminPeopleRoutes = {
  accounts: defineRoute('GET', '/api/admin/users', {
    summary: 'Shop accounts, newest first',
    description:
      'Admin only. `search` matches name or e-mail; `order_count` counts paid orders; the total in `x-total-count`.',
    tags: ['accounts'],
    querystring: accountsQuerySchema,
    response: { 200: z.array(accountSchema) },
  }),
  staff: defineRoute('GET', '/api/admin/staff', {
    summary: 'Counter staff (not deleted)',
    description: 'Admin only.',
    tags,
    response: { 200: z.array(staffMemberSchema) },
  }),
  addStaff: defineRoute('POST', '/api/admin/staff', {
    summary: 'Add a staff member',
    description: `Admin only. The customers' password rules. ${DUPLICATE}`,
    tags,
    body: staffCreateSchema,
    response: { 201: staffMemberSchema },
  }),
  changeStaff: defineRoute('PUT', '/api/admin/staff/:id', {
    summary: 'Change a staff member',
    description: `Admin only; only the fields sent change (an empty password keeps the old one). Deactivating or a new password ends their sessions at once. ${DUPLICATE}`,
    tags,
    params: staffParams,
    body: staffUpdateSchema,
    response: { 200: staffMemberSchema },
  }),
  removeStaff: defineRoute('DELETE', '/api/admin/staff/:id', {
    summary: 'Delete a staff member',
    description: 'Admin only. Deactivated for good; their sessions end now.',
    tags,
    params: staffParams,
    response: { 200: deletedSchema },
  }),
};
