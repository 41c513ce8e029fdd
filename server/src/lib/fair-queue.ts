/** A job waiting its turn (in the PDF worker pool, or for LibreOffice): whose it is and how heavy (its input's size in bytes). */
export interface QueuedJob {
  owner: string;
  weight: number;
}

/**
 * A waiting room shared fairly between customers (decision 010; the PDF worker pool and LibreOffice use it): each
 * customer's jobs in their own queue, in order of arrival; customers served in turn (the one served longest ago first,
 * never-served first of all), and never two jobs of one customer at once. The caller decides when a job may start;
 * this decides which.
 */
export class FairQueue<J extends QueuedJob> {
  /** Waiting jobs per customer, in order of arrival. */
  private readonly queues = new Map<string, J[]>();
  /** When each customer with work here was last served: the one served longest ago goes next. */
  private readonly lastServed = new Map<string, number>();
  private readonly runningOwners = new Set<string>();
  private turns = 0;
  /** Jobs waiting, all customers together. */
  waiting = 0;

  /** How many of this customer's jobs wait (not counting one running); with `match`, only those it accepts. */
  waitingOf(owner: string, match?: (job: J) => boolean): number {
    const queue = this.queues.get(owner);
    if (!queue) return 0;
    return match ? queue.filter(match).length : queue.length;
  }

  add(job: J) {
    const queue = this.queues.get(job.owner) ?? [];
    queue.push(job);
    this.queues.set(job.owner, queue);
    this.waiting++;
  }

  /**
   * The next job to start, now counted as running: the waiting customer served longest ago with nothing running;
   * with `maxWeight`, only a customer whose next job weighs at most that (a big job is already running).
   */
  take(maxWeight = Number.POSITIVE_INFINITY): J | null {
    let pick: string | null = null;
    let pickTurn = Number.POSITIVE_INFINITY;
    for (const [owner, queue] of this.queues) {
      if (this.runningOwners.has(owner) || queue[0]!.weight > maxWeight) continue;
      const turn = this.lastServed.get(owner) ?? -1;
      if (turn < pickTurn) [pick, pickTurn] = [owner, turn];
    }
    if (pick === null) return null;
    const queue = this.queues.get(pick)!;
    const job = queue.shift()!;
    if (queue.length === 0) this.queues.delete(pick);
    this.lastServed.set(pick, ++this.turns);
    this.runningOwners.add(pick);
    this.waiting--;
    return job;
  }

  /** A job of `owner` ended. A customer with nothing left here is forgotten: coming back, they wait like anyone new. */
  done(owner: string) {
    this.runningOwners.delete(owner);
    if (!this.queues.has(owner)) this.lastServed.delete(owner);
  }

  /** Takes a waiting job out (its customer gave up on it); false when it is not waiting (started, or gone). */
  remove(job: J): boolean {
    const queue = this.queues.get(job.owner);
    const at = queue?.indexOf(job) ?? -1;
    if (!queue || at < 0) return false;
    queue.splice(at, 1);
    this.waiting--;
    if (queue.length === 0) {
      this.queues.delete(job.owner);
      if (!this.runningOwners.has(job.owner)) this.lastServed.delete(job.owner);
    }
    return true;
  }

  /** Empties the room; the jobs that were waiting are returned (to be refused). */
  clear(): J[] {
    const waiting = [...this.queues.values()].flat();
    this.queues.clear();
    this.lastServed.clear();
    this.waiting = 0;
    return waiting;
  }
}
