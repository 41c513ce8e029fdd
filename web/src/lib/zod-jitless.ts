/**
 * Imported first by main.tsx, before anything that builds a zod schema: zod 4 otherwise probes `new Function` when
 * a schema is made, which the page's Content-Security-Policy (no 'unsafe-eval') blocks and the browser reports as a
 * violation on every screen with a form. Forms parse a few fields; the interpreted path is plenty. zod reads this
 * global config object when it loads (zod/v4/core/core.js); the server keeps zod's compiled parsers.
 */
const KEY = '__zod_globalConfig';
const g = globalThis as unknown as Record<string, Record<string, unknown> | undefined>;
g[KEY] = { ...g[KEY], jitless: true };

export {};
