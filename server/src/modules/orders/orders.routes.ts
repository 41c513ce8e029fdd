import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';

export async function ordersRoutes(_app: FastifyInstance, _ctx: AppContext): Promise<void> {
  // Routes of this area are registered here.
}
