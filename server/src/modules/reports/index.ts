/**
 * The day report and the CSV exports.
 * The module's front door: other code imports only what is named here (docs/decisions/045-module-front-doors.md).
 */
export { reportsRoutes } from './reports.routes.ts';
