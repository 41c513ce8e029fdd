/**
 * Walk-in orders taken at the counter (docs/decisions/025).
 * The module's front door: other code imports only what is named here (docs/decisions/045-module-front-doors.md).
 */
// Its answers, registered for plugins/answer-language.ts to put into the caller's language.
import './i18n/index.ts';

export { walkInRoutes } from './walk-in.routes.ts';
