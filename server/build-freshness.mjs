// Whether a bundle in server/dist was built from the code as it is now (decision 049). server/run-cli.mjs rebuilds the
// tools when theirs is not; the tests' server processes run the build only when it is
// (server/test/faults-payments/server-process.ts), else the TypeScript sources.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

/** The newest modification time of the files the bundles are made from. */
export function newestSource() {
  let newest = fs.statSync(path.join(here, '../package.json')).mtimeMs;
  for (const dir of ['src', '../shared/src', '../print-agent/src']) {
    for (const entry of fs.readdirSync(path.join(here, dir), { recursive: true, withFileTypes: true })) {
      if (entry.isFile()) newest = Math.max(newest, fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
    }
  }
  return newest;
}

/** True when `bundle` exists and is not older than any of its sources. */
export function builtFromLatest(bundle) {
  const built = fs.statSync(bundle, { throwIfNoEntry: false });
  return !!built && built.mtimeMs >= newestSource();
}
