import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.ts';
import { isDatabaseUnavailable } from '../../src/plugins/errors.ts';
import { createCustomer, createPaidOrder } from '../factories/index.ts';
import { createTestApp, openTestDatabase } from '../helpers/app.ts';
import { keptCount, reuseCounts } from '../helpers/reused-pglite.ts';

/**
 * The suites' in-memory databases are handed out again within a worker process once their app is closed
 * (helpers/reused-pglite.ts, decision 043's addendum). A test must not be able to tell: the next one gets what the migrated
 * template holds, and the closed app can no longer reach it.
 */

const rows = async (database: Database, query: string) =>
  (await database.db.execute(sql.raw(query))) as unknown as { rows: Array<Record<string, unknown>> };

/** Every table of the shop's schema with its number of rows. */
async function tableCounts(database: Database) {
  const tables = (await rows(database, `SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY 1`)).rows;
  const counts: Record<string, number> = {};
  for (const { tablename } of tables)
    counts[tablename as string] = Number(
      (await rows(database, `SELECT count(*) AS n FROM public."${tablename as string}"`)).rows[0]!.n,
    );
  return counts;
}

describe('an in-memory test database handed out again', () => {
  it('is as the migrated template: no rows, sequences at their start, the session as new; the old app is cut off', async () => {
    const fresh = await openTestDatabase('pglite');
    const template = {
      tables: await tableCounts(fresh),
      migrations: (await rows(fresh, 'SELECT count(*) AS n FROM drizzle.__drizzle_migrations')).rows,
    };
    await fresh.close();

    const app = await createTestApp();
    const customer = await createCustomer(app, { name: 'Padma' });
    await createPaidOrder(app, customer.record.id);
    const used = app.ctx.database;
    expect(Object.values(await tableCounts(used)).some((n) => n > 0)).toBe(true);
    // What a session can leave behind: a setting, an advisory lock, a prepared statement, a temporary table.
    await rows(used, `SET statement_timeout = '4321ms'`);
    await rows(used, 'SELECT pg_advisory_lock(4321)');
    await rows(used, 'PREPARE left_behind AS SELECT 1');
    await rows(used, 'CREATE TEMP TABLE left_behind (n int)');
    const before = { ...reuseCounts };
    await app.close();

    // The closed app's handle fails as on a closed PGlite: the shop's own code takes it for a stopped database.
    const late = await rows(used, 'SELECT 1').then(
      () => null,
      (err: unknown) => err,
    );
    expect(isDatabaseUnavailable(late)).toBe(true);

    const again = await openTestDatabase('pglite');
    try {
      expect(reuseCounts.reused).toBe(before.reused + 1);
      expect(await tableCounts(again)).toEqual(template.tables);
      expect((await rows(again, 'SELECT count(*) AS n FROM drizzle.__drizzle_migrations')).rows).toEqual(
        template.migrations,
      );
      expect(
        (
          await rows(
            again,
            `SELECT sequencename FROM pg_sequences WHERE schemaname = 'public' AND last_value IS NOT NULL`,
          )
        ).rows,
      ).toEqual([]);
      expect((await rows(again, 'SHOW statement_timeout')).rows).toEqual([{ statement_timeout: '0' }]);
      expect((await rows(again, `SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory'`)).rows).toEqual([
        { n: 0 },
      ]);
      expect((await rows(again, 'SELECT count(*)::int AS n FROM pg_prepared_statements')).rows).toEqual([{ n: 0 }]);
      expect((await rows(again, `SELECT count(*)::int AS n FROM pg_class WHERE relname = 'left_behind'`)).rows).toEqual(
        [{ n: 0 }],
      );

      // The first order of the next app is numbered as in a new shop.
      const next = await createTestApp({ database: again });
      try {
        const order = await createPaidOrder(next, (await createCustomer(next, { name: 'Ravi' })).record.id);
        expect(order.id).toBe(1);
      } finally {
        await next.close();
      }
    } finally {
      await again.close();
    }
  });

  it('is not handed out again once its test closed the PGlite itself', async () => {
    const database = await openTestDatabase('pglite');
    await (database.db as unknown as { $client: PGlite }).$client.close();
    const kept = keptCount();
    await database.close();
    expect(keptCount()).toBe(kept);
    // An emptied one is kept.
    const other = await openTestDatabase('pglite');
    const keptBefore = keptCount();
    await other.close();
    expect(keptCount()).toBe(keptBefore + 1);
  });
});
