/**
 * Quotas and rate limits: per account and per address (docs/decisions/012).
 * The module's front door: other code imports only what is named here (docs/decisions/045-module-front-doors.md).
 */
// Its answers, registered for plugins/answer-language.ts to put into the caller's language.
import './i18n/index.ts';

export { DbRateStore } from './db-rate-store.ts';
export type { RateRule } from './gcra.ts';
export { QuotaGuards, type QuotasContext } from './guards.ts';
export { CUSTOMER_FILE_KINDS, openDraftCondition } from './usage.ts';
