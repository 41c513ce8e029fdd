import type { TestProject } from 'vitest/node';
import {
  dropPostgresTemplate,
  preparePgliteTemplate,
  preparePostgresTemplate,
  type DatabaseTemplates,
} from '../helpers/db-templates.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    dbTemplates: DatabaseTemplates;
  }
}

/**
 * Once per test run, before any test file: the migrated database templates every test app is copied from
 * (helpers/db-templates.ts, decision 043). Dropped again at the end of the run (the PGlite dump stays as a cache).
 */
export default async function setup(project: TestProject) {
  const templates: DatabaseTemplates = {};
  const base = process.env.TEST_DATABASE_URL;
  [templates.pgliteDump, templates.postgresTemplate] = await Promise.all([
    preparePgliteTemplate(),
    base ? preparePostgresTemplate(base) : undefined,
  ]);
  project.provide('dbTemplates', templates);
  return async () => {
    if (base && templates.postgresTemplate) await dropPostgresTemplate(base, templates.postgresTemplate);
  };
}
