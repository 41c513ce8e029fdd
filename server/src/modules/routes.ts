import type { FastifyInstance } from 'fastify';
import { docsRoute } from '../plugins/openapi.ts';
import { accountsRoutes, authRoutes, type AuthContext } from './auth/index.ts';
import { backupAdminRoutes, type BackupContext } from './backup/index.ts';
import { catalogAdminRoutes, catalogRoutes } from './catalog/index.ts';
import { fileManagerRoutes, filesRoutes, ownFilesRoutes } from './files/index.ts';
import { healthRoutes } from './health.routes.ts';
import { invoicesRoutes } from './invoices/index.ts';
import { liveRoutes } from './live/index.ts';
import { orderMessageRoutes, type NotifyContext } from './notify/index.ts';
import { backOfficeOrderRoutes, ordersRoutes, reorderRoutes } from './orders/index.ts';
import { draftRoutes, paymentConfirmRoutes, paymentsRoutes, type PaymentsContext } from './payments/index.ts';
import { pdfRoutes } from './pdf/index.ts';
import { findByPickupCodeRoutes, pickupRoutes } from './pickup/index.ts';
import { documentFileRoutes, printingRoutes, printSpeedRoutes } from './printing/index.ts';
import { profileRoutes } from './profile/index.ts';
import type { QuotasContext } from './quotas/index.ts';
import { refundsRoutes } from './refunds/index.ts';
import { reportsRoutes } from './reports/index.ts';
import { staffAdminRoutes } from './staff/index.ts';
import { uploadsRoutes } from './uploads/index.ts';
import { walkInRoutes } from './walk-in/index.ts';

/**
 * Everything the modules need, built once per app (app.ts): what every module gets (AppContext) and each module's
 * own service (the sessions, the payment provider, the order pages and their listeners, the quotas, the notifier, the
 * jobs' runner).
 */
export type ShopContext = AuthContext & PaymentsContext & QuotasContext & NotifyContext & BackupContext;

/** Every module's routes, each registered from its contract in shared (`shared/src/<area>/routes.ts`). */
export async function registerRoutes(api: FastifyInstance, ctx: ShopContext): Promise<void> {
  docsRoute(api, ctx.config.apiDocs);
  await healthRoutes(api, ctx);
  await authRoutes(api, ctx);
  await catalogRoutes(api, ctx);
  await pdfRoutes(api, ctx);
  await uploadsRoutes(api, ctx);
  await paymentsRoutes(api, ctx);
  await draftRoutes(api, ctx);
  await reorderRoutes(api, ctx);
  await profileRoutes(api, ctx);
  await ordersRoutes(api, ctx);
  await documentFileRoutes(api, ctx);
  await paymentConfirmRoutes(api, ctx);
  await filesRoutes(api, ctx);
  await backOfficeOrderRoutes(api, ctx);
  await walkInRoutes(api, ctx);
  await catalogAdminRoutes(api, ctx);
  await staffAdminRoutes(api, ctx);
  await accountsRoutes(api, ctx);
  await fileManagerRoutes(api, ctx);
  await ownFilesRoutes(api, ctx);
  await liveRoutes(api, ctx);
  await printingRoutes(api, ctx);
  await printSpeedRoutes(api, ctx);
  await invoicesRoutes(api, ctx);
  await reportsRoutes(api, ctx);
  await refundsRoutes(api, ctx);
  await pickupRoutes(api, ctx);
  await findByPickupCodeRoutes(api, ctx);
  await orderMessageRoutes(api, ctx);
  await backupAdminRoutes(api, ctx);
}
