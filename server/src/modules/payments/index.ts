/**
 * Checkout and payment: drafts, the provider (sandbox or Razorpay), verify, webhook, reconciliation, fulfilment
 * (docs/decisions/002). The module's front door: other code imports only what is named here
 * (docs/decisions/045-module-front-doors.md).
 */
// Its answers, registered for plugins/answer-language.ts to put into the caller's language.
import './i18n/index.ts';

export { paymentConfirmRoutes } from './confirm.routes.ts';
export { draftRoutes } from './drafts.routes.ts';
export { insertNumberedOrder, orderTotalsOf } from './order-number.ts';
export { paymentsRoutes } from './payments.routes.ts';
export { PriceChangedError } from './payments.service.ts';
export {
  createPaymentProvider,
  type PaymentsContext,
  PROVIDER_TIMEOUT_MS,
  ProviderCallError,
  providerTroubleInWords,
  type ProviderRefundEvent,
  type ProviderRefundListener,
} from './provider.ts';
export { reconcileJob } from './reconcile.ts';
