/**
 * Pickup codes and handing orders over at the counter.
 * The module's front door: other code imports only what is named here (docs/decisions/045-module-front-doors.md).
 */
// Its answers, registered for plugins/answer-language.ts to put into the caller's language.
import './i18n/index.ts';

export { findByPickupCodeRoutes } from './find-by-code.routes.ts';
export { pickupRoutes } from './pickup.routes.ts';
export { newPickupCode } from './pickup.service.ts';
