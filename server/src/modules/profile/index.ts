/**
 * A customer's profile and saved delivery details.
 * The module's front door: other code imports only what is named here (docs/decisions/045-module-front-doors.md).
 */
export { profileRoutes } from './profile.routes.ts';
export { rememberOrderDetails } from './saved-details.ts';
