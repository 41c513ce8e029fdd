import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Where the agent keeps its journal (decision 035): the user's application-data folder of each system, so it survives
 * restarts and upgrades and is the user's own. An agent that already kept one in the old place (~/.shop-print-agent)
 * keeps using it: moving it would forget what was submitted, and forgetting could print a job twice.
 */
export interface PathEnv {
  platform: NodeJS.Platform;
  env: Record<string, string | undefined>;
  home: string;
  exists: (file: string) => boolean;
}

const here: PathEnv = {
  platform: process.platform,
  env: process.env,
  home: os.homedir(),
  exists: (f) => fs.existsSync(f),
};

export function defaultJournalFile(at: PathEnv = here): string {
  const p = at.platform === 'win32' ? path.win32 : path.posix;
  const legacy = p.join(at.home, '.shop-print-agent', 'journal.jsonl');
  if (at.exists(legacy)) return legacy;
  const dir =
    at.platform === 'win32'
      ? p.join(at.env.APPDATA || p.join(at.home, 'AppData', 'Roaming'), 'shop-print-agent')
      : at.platform === 'darwin'
        ? p.join(at.home, 'Library', 'Application Support', 'shop-print-agent')
        : p.join(
            at.env.XDG_STATE_HOME && p.isAbsolute(at.env.XDG_STATE_HOME)
              ? at.env.XDG_STATE_HOME
              : p.join(at.home, '.local', 'state'),
            'shop-print-agent',
          );
  return p.join(dir, 'journal.jsonl');
}
