import { describe, expect, it } from 'vitest';
import { defaultJournalFile, type PathEnv } from '../src/paths.ts';

const at = (over: Partial<PathEnv>): PathEnv => ({
  platform: 'linux',
  env: {},
  home: '/home/ravi',
  exists: () => false,
  ...over,
});

describe("the agent's journal lives in the user's application-data folder", () => {
  it.each([
    [
      'Windows: %APPDATA%',
      at({ platform: 'win32', home: 'C:\\Users\\Counter', env: { APPDATA: 'C:\\Users\\Counter\\AppData\\Roaming' } }),
      'C:\\Users\\Counter\\AppData\\Roaming\\shop-print-agent\\journal.jsonl',
    ],
    [
      'Windows without APPDATA',
      at({ platform: 'win32', home: 'C:\\Users\\Counter' }),
      'C:\\Users\\Counter\\AppData\\Roaming\\shop-print-agent\\journal.jsonl',
    ],
    [
      'Linux: XDG_STATE_HOME',
      at({ env: { XDG_STATE_HOME: '/var/lib/ravi-state' } }),
      '/var/lib/ravi-state/shop-print-agent/journal.jsonl',
    ],
    ['Linux: ~/.local/state', at({}), '/home/ravi/.local/state/shop-print-agent/journal.jsonl'],
    [
      'Linux: a relative XDG_STATE_HOME is ignored, as the XDG spec says',
      at({ env: { XDG_STATE_HOME: 'state' } }),
      '/home/ravi/.local/state/shop-print-agent/journal.jsonl',
    ],
    [
      'macOS',
      at({ platform: 'darwin', home: '/Users/ravi' }),
      '/Users/ravi/Library/Application Support/shop-print-agent/journal.jsonl',
    ],
    [
      'an agent upgraded in place keeps its journal',
      at({ exists: (f) => f === '/home/ravi/.shop-print-agent/journal.jsonl' }),
      '/home/ravi/.shop-print-agent/journal.jsonl',
    ],
  ])('%s', (_name, env, expected) => {
    expect(defaultJournalFile(env)).toBe(expected);
  });
});
