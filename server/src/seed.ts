import type { AppContext } from './context.ts';
import { ensureAdminAccount } from './modules/auth/index.ts';
import { seedCatalogue } from './modules/catalog/index.ts';

/**
 * Idempotent: safe at every start (and `npm run db:seed`). The paper types and, on a fresh database, the demo services;
 * the admin account as modules/auth/admin-account.ts says.
 */
export async function seedDatabase(ctx: Pick<AppContext, 'db' | 'config' | 'log'>): Promise<void> {
  await seedCatalogue(ctx);
  await ensureAdminAccount(ctx);
}
