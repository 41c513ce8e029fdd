import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { profileRoutes as routes, type SavedDetails } from '@shop/shared/orders/saved-details';
import type { AppContext } from '../../context.ts';
import { savedAddresses, users } from '../../db/schema/index.ts';
import { requireUser, userOf } from '../../plugins/auth.ts';
import { sendNoContent, typed } from '../../plugins/contracts.ts';
import { notFound } from '../../plugins/errors.ts';

/** The customer's saved mobile number and delivery addresses: read, change the number, delete an address. */
export async function profileRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const details = async (userId: number): Promise<SavedDetails> => {
    const [user] = await ctx.db
      .select({ mobileNumber: users.mobileNumber })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    const rows = await ctx.db
      .select()
      .from(savedAddresses)
      .where(eq(savedAddresses.userId, userId))
      .orderBy(desc(savedAddresses.lastUsedAt), desc(savedAddresses.id));
    return {
      mobileNumber: user?.mobileNumber ?? null,
      addresses: rows.map((r) => ({
        id: r.id,
        doorNumber: r.doorNumber,
        address: r.address,
        landmark: r.landmark,
        pincode: r.pincode,
        mobileNumber: r.mobileNumber,
      })),
    };
  };

  const api = typed(app);
  api.route({
    ...routes.savedDetails,
    preValidation: requireUser,
    handler: async (request) => details(userOf(request).id),
  });

  api.route({
    ...routes.setMobile,
    preValidation: requireUser,
    handler: async (request) => {
      const user = userOf(request);
      const { mobileNumber } = request.body;
      await ctx.db
        .update(users)
        .set({ mobileNumber: mobileNumber || null, updatedAt: new Date() })
        .where(eq(users.id, user.id));
      return details(user.id);
    },
  });

  api.route({
    ...routes.removeAddress,
    preValidation: requireUser,
    handler: async (request, reply) => {
      const user = userOf(request);
      const { id } = request.params;
      const gone = await ctx.db
        .delete(savedAddresses)
        .where(and(eq(savedAddresses.id, id), eq(savedAddresses.userId, user.id)))
        .returning({ id: savedAddresses.id });
      if (!gone.length) throw notFound('Address not found');
      return sendNoContent(reply);
    },
  });
}
