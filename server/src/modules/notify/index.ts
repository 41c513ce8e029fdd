/**
 * Telling customers about their orders: mails, WhatsApp, the shop's notes (docs/decisions/020, 022).
 * The module's front door: other code imports only what is named here (docs/decisions/045-module-front-doors.md).
 */
// Its answers, registered for plugins/answer-language.ts to put into the caller's language.
import './i18n/index.ts';

export { CustomerNotifier, type NotifyContext } from './customer-notifications.ts';
export { orderMailRecipient } from './order-customer.ts';
export { orderLinesIn } from './order-mails.ts';
export { orderMessageRoutes } from './order-messages.ts';
export { countSends, recordSends, type SendRecipient } from './staff-sends.ts';
export { recordWhatsAppOptIn } from './whatsapp/opt-in.ts';
