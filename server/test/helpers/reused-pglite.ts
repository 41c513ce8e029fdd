import type { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { schema, type Database, type Db } from '../../src/db/client.ts';

/**
 * In-memory PGlite databases handed out again within a test worker process (decision 043's addendum): opening one
 * costs about 0.7 to 1 CPU s (the 9 MB WebAssembly instantiated, its file bundle and the 42 MB migrated template
 * unpacked into its in-memory file system, PostgreSQL started), against about 0.05 s to empty one. A test app's
 * database is closed by the app; here that empties it to what the migrated template holds and keeps it for the next
 * one:
 * - every table of the shop's schema with a row in it is truncated, its identities restarted, and every sequence that
 *   was used is set back to its start (the migrations' own bookkeeping in `drizzle` stays, as in the template);
 * - `DISCARD ALL` ends whatever the session changed: settings, prepared statements, LISTEN, advisory locks, temporary
 *   tables;
 * - the app's handle is closed for good: anything it still runs after its close (a late timer, a straggling job) fails
 *   as on a closed PGlite ("PGlite is closed") instead of writing into the next test's database.
 * A database that cannot be emptied (closed by its test, a failed statement) is closed and not kept.
 */

/** At most this many kept per worker process (each holds PostgreSQL's memory: tens of MB). */
const MAX_KEPT = 2;
const kept: PGlite[] = [];

/** How many this process opened and how many it handed out again (read by the test that checks the reuse). */
export const reuseCounts = { opened: 0, reused: 0 };

/** How many are kept, emptied, for the next caller. */
export const keptCount = () => kept.length;

const EMPTY = `DO $$
DECLARE
  r record;
  used text := '';
  has_rows boolean;
BEGIN
  FOR r IN SELECT tablename FROM pg_tables WHERE schemaname = 'public' LOOP
    EXECUTE format('SELECT EXISTS (SELECT 1 FROM public.%I)', r.tablename) INTO has_rows;
    IF has_rows THEN used := used || ', public.' || quote_ident(r.tablename); END IF;
  END LOOP;
  IF used <> '' THEN EXECUTE 'TRUNCATE ' || substr(used, 3) || ' RESTART IDENTITY CASCADE'; END IF;
  PERFORM setval(format('%I.%I', schemaname, sequencename)::regclass, start_value, false)
    FROM pg_sequences WHERE schemaname = 'public' AND last_value IS NOT NULL;
END $$`;

async function keep(client: PGlite) {
  if (client.closed) return;
  if (kept.length < MAX_KEPT)
    try {
      await client.exec(EMPTY);
      // Not in a transaction block: a statement of its own.
      await client.exec('DISCARD ALL');
      kept.push(client);
      return;
    } catch {
      // Not emptied: closed below.
    }
  await client.close().catch(() => {});
}

/**
 * A migrated in-memory PGlite: one this process kept (emptied), or a new one from `open`. Its `close` empties it and
 * keeps it for the next caller.
 */
export async function reusedPglite(open: () => Promise<Database>): Promise<Database> {
  let client = kept.pop();
  if (client) reuseCounts.reused++;
  else {
    const database = await open();
    client = (database.db as unknown as { $client: PGlite }).$client;
    reuseCounts.opened++;
  }
  const real = client;
  let closed = false;
  // The app's own view of it: every method runs on the real client (PGlite keeps its state in private fields) until
  // the app closes it.
  const view = new Proxy(real, {
    get(target, prop) {
      if (prop === 'closed') return closed || target.closed;
      const value: unknown = Reflect.get(target, prop, target);
      if (typeof value !== 'function' || prop === 'constructor') return value;
      return (...args: unknown[]) => {
        if (closed) throw new Error('PGlite is closed');
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  return {
    db: drizzle(view, { schema }) as unknown as Db,
    kind: 'pglite',
    close: async () => {
      if (closed) return;
      closed = true;
      await keep(real);
    },
  };
}
