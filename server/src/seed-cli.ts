import { withDatabase } from './db/cli.ts';
import { seedDatabase } from './seed.ts';

/** npm run db:seed: the demo catalogue on an empty database and the admin account (idempotent, as at every start). */
await withDatabase('seeded', async (database, config, log) => {
  await seedDatabase({ db: database.db, config, log });
});
