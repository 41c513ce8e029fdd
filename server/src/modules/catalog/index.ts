/**
 * The catalogue: services, paper types, the shop's public configuration and the demo seed.
 * The module's front door: other code imports only what is named here (docs/decisions/045-module-front-doors.md).
 */
export { catalogAdminRoutes } from './catalog.admin-routes.ts';
export { catalogRoutes } from './catalog.routes.ts';
export { seedCatalogue } from './seed.ts';
export { publicShopConfig } from './shop-config.ts';
