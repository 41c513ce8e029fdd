import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { savedMobileSchema, type SavedDetails } from '@shop/shared/orders/saved-details';
import type { AppContext } from '../../context.ts';
import { savedAddresses, users } from '../../db/schema/index.ts';
import { idParam } from '../../http/params.ts';
import { requireUser, userOf } from '../../plugins/auth.ts';
import { notFound, parseInput } from '../../plugins/errors.ts';

/** The customer's saved mobile number and delivery addresses (issue 12, item 7): read, change the number, delete an address. */
export async function profileRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const details = async (userId: number): Promise<SavedDetails> => {
    const [user] = await ctx.db.select({ mobileNumber: users.mobileNumber }).from(users).where(eq(users.id, userId)).limit(1);
    const rows = await ctx.db.select().from(savedAddresses).where(eq(savedAddresses.userId, userId)).orderBy(desc(savedAddresses.lastUsedAt), desc(savedAddresses.id));
    return {
      mobileNumber: user?.mobileNumber ?? null,
      addresses: rows.map((r) => ({ id: r.id, doorNumber: r.doorNumber, address: r.address, landmark: r.landmark, pincode: r.pincode, mobileNumber: r.mobileNumber })),
    };
  };

  app.get('/api/profile/saved-details', { preHandler: requireUser }, async (request) => details(userOf(request).id));

  app.put('/api/profile/mobile', { preHandler: requireUser }, async (request) => {
    const user = userOf(request);
    const { mobileNumber } = parseInput(savedMobileSchema, request.body);
    await ctx.db.update(users).set({ mobileNumber: mobileNumber || null, updatedAt: new Date() }).where(eq(users.id, user.id));
    return details(user.id);
  });

  app.delete('/api/profile/addresses/:id', { preHandler: requireUser }, async (request, reply) => {
    const user = userOf(request);
    const id = idParam(request.params, 'Address');
    const gone = await ctx.db.delete(savedAddresses).where(and(eq(savedAddresses.id, id), eq(savedAddresses.userId, user.id))).returning({ id: savedAddresses.id });
    if (!gone.length) throw notFound('Address not found');
    return reply.status(204).send();
  });
}
