import { withDatabase } from './cli.ts';

/** npm run db:migrate: applies the migrations to the configured database (the server also does it at start). */
await withDatabase('migrations applied', async () => {});
