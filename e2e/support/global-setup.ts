import { preparePgliteTemplate } from '../../server/test/helpers/db-templates.ts';

/**
 * Once per run, before any journey: the migrated PGlite template the vitest suites also start from (decision 043),
 * kept in the system's temporary folder under the migrations' key. Each worker's shop (support/start-server.mjs)
 * starts on a copy of it instead of creating its database (an initdb and every migration, ~8 CPU seconds a shop).
 * Workers inherit the variable set here. A first start on an empty folder is checked by production-build.test.ts.
 */
export default async function globalSetup() {
  process.env.E2E_PGLITE_TEMPLATE = await preparePgliteTemplate();
}
