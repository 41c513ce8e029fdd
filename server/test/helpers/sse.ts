/** A Server-Sent Events client for tests: reads `/api/events` as the back-office screens do and keeps every event. */

export interface StreamEvent {
  type: string;
  data: Record<string, unknown>;
  /** Index in arrival order. */
  index: number;
  /** When it arrived (performance.now()), for timing a push. */
  at: number;
}

export interface EventStream {
  status: number;
  events: StreamEvent[];
  /** Whether the server ended the stream. */
  ended: () => boolean;
  /**
   * The first event from `from` on (default: any) that matches, waiting up to `timeoutMs` for it to arrive.
   * Rejects naming what arrived meanwhile.
   */
  waitFor: (match: (e: StreamEvent) => boolean, timeoutMs: number, from?: number) => Promise<StreamEvent>;
  close: () => void;
}

export async function openEventStream(url: string, headers: Record<string, string>): Promise<EventStream> {
  const ac = new AbortController();
  const res = await fetch(url, { headers, signal: ac.signal });
  const events: StreamEvent[] = [];
  const waiters = new Set<() => void>();
  let ended = false;
  const stream: EventStream = {
    status: res.status,
    events,
    ended: () => ended,
    close: () => ac.abort(),
    waitFor: (match, timeoutMs, from = 0) =>
      new Promise<StreamEvent>((resolve, reject) => {
        const check = () => {
          const hit = events.slice(from).find(match);
          if (!hit) return false;
          cleanup();
          resolve(hit);
          return true;
        };
        const timer = setTimeout(() => {
          cleanup();
          const seen = events.slice(from).map((e) => e.type);
          reject(
            new Error(
              `no matching event within ${timeoutMs} ms (received: ${seen.join(', ') || 'nothing'}${ended ? '; stream ended' : ''})`,
            ),
          );
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          waiters.delete(onEvent);
        };
        const onEvent = () => void check();
        if (!check()) waiters.add(onEvent);
      }),
  };
  if (!res.ok || !res.body) {
    ended = true;
    return stream;
  }
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  void (async () => {
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) !== -1) {
          const frame = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          let type = 'message';
          const data: string[] = [];
          for (const line of frame.split('\n')) {
            if (line.startsWith('event: ')) type = line.slice(7);
            else if (line.startsWith('data: ')) data.push(line.slice(6));
          }
          if (!data.length) continue; // comments (connected, pings) and retry hints
          events.push({
            type,
            data: JSON.parse(data.join('\n')) as Record<string, unknown>,
            index: events.length,
            at: performance.now(),
          });
          for (const w of [...waiters]) w();
        }
      }
    } catch {
      /* aborted by close() or the connection dropped */
    } finally {
      ended = true;
      for (const w of [...waiters]) w();
    }
  })();
  return stream;
}
