/**
 * Counter staff accounts, managed by the admin.
 * The module's front door: other code imports only what is named here (docs/decisions/045-module-front-doors.md).
 */
export { staffAdminRoutes } from './staff-admin.routes.ts';
