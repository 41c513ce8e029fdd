import { PGlite } from '@electric-sql/pglite';

/**
 * Creates a new PGlite data folder. Run in a child process by openDatabase: PGlite's initdb step leaves
 * several hundred MB of WASM memory behind in the process that ran it, and the shop runs on small machines.
 */
const dir = process.argv[2];
if (!dir) {
  console.error('usage: pglite-init <dataDir>');
  process.exit(2);
}
const db = new PGlite(dir);
await db.waitReady;
await db.query('select 1');
await db.close();
