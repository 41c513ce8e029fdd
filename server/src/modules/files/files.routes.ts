import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';

export async function filesRoutes(_app: FastifyInstance, _ctx: AppContext): Promise<void> {
  // Routes of this area are registered here.
}
