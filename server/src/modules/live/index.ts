/**
 * Live updates for the screens (Server-Sent Events), from the event bus.
 * The module's front door: other code imports only what is named here (docs/decisions/045-module-front-doors.md).
 */
export { liveRoutes } from './live.routes.ts';
