import { adminPeopleRoutes as routes } from '@shop/shared/auth/admin-routes';
import type { FastifyInstance } from 'fastify';
import type { staff } from '../../db/schema/index.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { hashPassword } from '../../lib/crypto.ts';
import { requireAdmin, userOf } from '../../plugins/auth.ts';
import { typed } from '../../plugins/contracts.ts';
import { conflict, notFound } from '../../plugins/errors.ts';
import { toStaffDto } from './staff-dto.ts';
import { staffRepository } from './staff.repository.ts';
import type { AuthContext } from '../auth/index.ts';

const duplicateMobile = () => conflict('A staff member with this mobile number already exists', 'duplicate_mobile');

/** The admin's staff screen: counter staff added, changed, deactivated and deleted. */
export async function staffAdminRoutes(app: FastifyInstance, ctx: AuthContext): Promise<void> {
  const { db } = ctx;
  await app.register(async (scope) => {
    scope.addHook('preValidation', requireAdmin);
    const admin = typed(scope);

    admin.route({ ...routes.staff, handler: async () => (await staffRepository.listCurrent(db)).map(toStaffDto) });

    admin.route({
      ...routes.addStaff,
      handler: async (request, reply) => {
        const body = request.body;
        const me = userOf(request);
        try {
          const row = await staffRepository.create(db, {
            name: body.name,
            mobileNumber: body.mobile_number,
            passwordHash: await hashPassword(body.password),
            createdBy: me.id,
          });
          ctx.log.info({ staffId: row.id }, 'staff created');
          return reply.status(201).send(toStaffDto(row));
        } catch (err) {
          if (isUniqueViolation(err)) throw duplicateMobile();
          throw err;
        }
      },
    });

    admin.route({
      ...routes.changeStaff,
      handler: async (request) => {
        const { id } = request.params;
        const body = request.body;
        const patch: Partial<typeof staff.$inferInsert> = { updatedAt: new Date() };
        if (body.name !== undefined) patch.name = body.name;
        if (body.mobile_number !== undefined) patch.mobileNumber = body.mobile_number;
        if (body.password) patch.passwordHash = await hashPassword(body.password);
        if (body.is_active !== undefined) patch.isActive = body.is_active;
        let row: typeof staff.$inferSelect | undefined;
        try {
          row = await staffRepository.update(db, id, patch);
        } catch (err) {
          if (isUniqueViolation(err)) throw duplicateMobile();
          throw err;
        }
        if (!row) throw notFound('Staff member not found');
        // A deactivated staff member, or a new password, ends their sessions at once.
        if (body.is_active === false || body.password) await ctx.sessions.revokeAllForStaff(id);
        else await ctx.sessions.forgetStaff(id);
        ctx.log.info({ staffId: id, fields: Object.keys(body) }, 'staff updated');
        return toStaffDto(row);
      },
    });

    admin.route({
      ...routes.removeStaff,
      handler: async (request) => {
        const { id } = request.params;
        // Deactivated for good: they can never sign in again, and their sessions end now.
        if (!(await staffRepository.softDelete(db, id))) throw notFound('Staff member not found');
        await ctx.sessions.revokeAllForStaff(id);
        ctx.log.info({ staffId: id }, 'staff deleted');
        return { message: 'Staff deleted', id };
      },
    });
  });
}
