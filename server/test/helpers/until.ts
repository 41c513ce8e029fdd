/**
 * Waits for something the shop does by itself, in the background (a mail sent, a stream ended, a job printed): polls
 * `probe` every 50 ms and answers its first truthy value. Fails after `ms`, naming `what` (a function: worked out at
 * the failure, to say what the shop was doing then). Never a fixed sleep.
 */
export async function until<T>(
  probe: () => Promise<T | undefined | null | false> | T | undefined | null | false,
  what: string | (() => string) = 'condition',
  ms = 30_000,
): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > end) throw new Error(`${typeof what === 'function' ? what() : what} not reached within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
