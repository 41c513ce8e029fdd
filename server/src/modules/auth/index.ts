/**
 * Accounts: sign-up, sign-in, password reset, sessions, the admin account (docs/decisions/001, 011, 013).
 * The module's front door: other code imports only what is named here (docs/decisions/045-module-front-doors.md).
 */
// Its answers, registered for plugins/answer-language.ts to put into the caller's language.
import './i18n/index.ts';

export { accountsRoutes } from './accounts.routes.ts';
export { ensureAdminAccount } from './admin-account.ts';
export { authRoutes } from './auth.routes.ts';
export { type AuthContext, SessionService } from './session.service.ts';
