import { DataDirLockedError, lockDataDir } from '../lib/data-dir-lock.ts';
import { ConfigError, loadConfig, type Config } from './env.ts';

/**
 * For the shop's programs run from a terminal (the server, backup, restore, doctor, migrate, seed): the configuration
 * the environment gives, or what is wrong with it in one line (`say`, to stderr by default) and exit code 1.
 */
export function loadConfigOrExit(say: (message: string) => void = (m) => console.error(m)): Config {
  try {
    return loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      say(err.message);
      process.exit(1);
    }
    throw err;
  }
}

/**
 * The data folder taken for this program (lib/data-dir-lock.ts), or, when a running program holds it, `lockedMessage`
 * (by default the lock's own words) and exit code 1. Returns the release.
 */
export function lockDataDirOrExit(dataDir: string, lockedMessage?: string): () => void {
  try {
    return lockDataDir(dataDir);
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      console.error(lockedMessage ?? err.message);
      process.exit(1);
    }
    throw err;
  }
}
