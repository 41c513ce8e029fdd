import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * `npm run serve` from package.json (how `npm start` runs the built shop), split into its environment variables and
 * node's arguments, so the bench and the production-build test start the shop exactly as it ships.
 */
export function serveCommand(): { script: string; env: Record<string, string>; args: string[] } {
  const script = (
    JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }
  ).scripts.serve!;
  const words = script.trim().split(/\s+/);
  const env: Record<string, string> = {};
  while (words[0] && /^[A-Z_]+=/.test(words[0])) {
    const [k, v] = words.shift()!.split('=') as [string, string];
    env[k] = v;
  }
  if (words.shift() !== 'node') throw new Error(`npm run serve is not a node command: ${script}`);
  return { script, env, args: words };
}
