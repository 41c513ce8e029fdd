import fs from 'node:fs';
import path from 'node:path';

/**
 * The agent's memory across crashes: a line is written (and flushed to disk) before a job goes to CUPS, another
 * when CUPS has it, a last one when the server knows the outcome. An agent killed between "submitting" and the
 * server's acknowledgement finds the entry at restart and asks CUPS for the job by name instead of printing again.
 */
export type JournalEvent = 'submitting' | 'submitted' | 'done';
export interface JournalEntry {
  key: string;
  queue: string;
  event: JournalEvent;
  cupsJobId?: number;
  at: string;
}

/** Finished entries kept when the file is rewritten at start (the rest is history). */
const KEEP_DONE = 500;

export class Journal {
  private entries = new Map<string, JournalEntry>();
  private fd: number;

  constructor(readonly file: string) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    if (fs.existsSync(file)) {
      for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
        if (!line.trim()) continue;
        try {
          const e = JSON.parse(line) as JournalEntry;
          if (typeof e.key === 'string' && typeof e.event === 'string')
            this.entries.set(e.key, { ...this.entries.get(e.key), ...e });
        } catch {
          // A line cut short by a crash mid-write: the entries before it stand.
        }
      }
    }
    this.compact();
    this.fd = fs.openSync(file, 'a', 0o600);
  }

  /** Rewrites the file with what still matters: unfinished jobs and the most recent finished ones. */
  private compact() {
    const all = [...this.entries.values()];
    const open = all.filter((e) => e.event !== 'done');
    const done = all.filter((e) => e.event === 'done').slice(-KEEP_DONE);
    this.entries = new Map([...done, ...open].map((e) => [e.key, e]));
    const tmp = `${this.file}.tmp`;
    fs.writeFileSync(
      tmp,
      [...this.entries.values()].map((e) => JSON.stringify(e)).join('\n') + (this.entries.size ? '\n' : ''),
      { mode: 0o600 },
    );
    const fd = fs.openSync(tmp, 'r');
    fs.fsyncSync(fd);
    fs.closeSync(fd);
    fs.renameSync(tmp, this.file);
  }

  get(key: string): JournalEntry | undefined {
    return this.entries.get(key);
  }

  /** Jobs CUPS has (or may have) that the server has not yet heard the end of. */
  unfinished(): JournalEntry[] {
    return [...this.entries.values()].filter((e) => e.event !== 'done');
  }

  record(key: string, queue: string, event: JournalEvent, cupsJobId?: number) {
    const entry: JournalEntry = {
      ...this.entries.get(key),
      key,
      queue,
      event,
      ...(cupsJobId ? { cupsJobId } : {}),
      at: new Date().toISOString(),
    };
    this.entries.set(key, entry);
    fs.writeSync(this.fd, `${JSON.stringify(entry)}\n`);
    // On disk before CUPS is asked to print: this line is what prevents a second copy after a crash.
    fs.fsyncSync(this.fd);
  }

  close() {
    fs.closeSync(this.fd);
  }
}
