/**
 * Prices of documents and orders: quotes, checkout and the counter (one price function in shared).
 * The module's front door: other code imports only what is named here (docs/decisions/045-module-front-doors.md).
 */
export { documentRows, findOwnFile, priceDocuments } from './order-documents.service.ts';
export { registerPricingRoutes } from './pricing.routes.ts';
