/**
 * Refunds and their credit notes (docs/decisions/021).
 * The module's front door: other code imports only what is named here (docs/decisions/045-module-front-doors.md).
 */
export { refundsRoutes } from './refunds.routes.ts';
export { onProviderRefund, refundSettlementJob, settleWaitingRefunds } from './refunds.service.ts';
