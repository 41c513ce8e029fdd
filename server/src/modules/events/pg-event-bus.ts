import crypto from 'node:crypto';
import { EventEmitter } from 'node:events';
import pg from 'pg';
import type { EventBus, ShopEvent } from './events.ts';

const CHANNEL = 'shop_events';
/** Reconnection waits: 250 ms, doubling up to 5 s, while the database is away. */
const FIRST_RETRY_MS = 250;
const MAX_RETRY_MS = 5_000;
const CONNECT_TIMEOUT_MS = 5_000;

/**
 * PostgreSQL LISTEN/NOTIFY: every server copy on the same database hears every event.
 * The listening client reconnects by itself, with backoff, when the database goes away and comes back; Server-Sent
 * Events streams stay open meanwhile and receive events again once it is back. This copy's own events reach its own
 * subscribers directly (not through the database), so they are never lost to a moment without a listening connection;
 * the notifications carry this copy's id so it does not hear them twice.
 */
export class PgEventBus implements EventBus {
  readonly kind = 'postgres' as const;
  private readonly emitter = new EventEmitter().setMaxListeners(0);
  private client: pg.Client | null = null;
  private closed = false;
  private retry: NodeJS.Timeout | null = null;
  private retryMs = FIRST_RETRY_MS;
  /** Each connection attempt's number: events of an older, dropped client are ignored. */
  private attempt = 0;
  private readonly origin = crypto.randomBytes(8).toString('hex');

  constructor(
    private readonly pool: pg.Pool,
    private readonly url: string,
    private readonly log?: { warn(obj: object, msg: string): void; info(obj: object, msg: string): void },
  ) {}

  /** Whether the listening connection is up right now. */
  get connected(): boolean {
    return this.client !== null;
  }

  async start(): Promise<void> {
    await this.connect();
  }

  private async connect(): Promise<void> {
    if (this.closed) return;
    const attempt = ++this.attempt;
    const client = new pg.Client({
      connectionString: this.url,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      keepAlive: true,
    });
    const lost = (err?: Error) => {
      if (attempt !== this.attempt) return;
      const wasUp = this.client === client;
      this.client = null;
      client.removeAllListeners('notification');
      void client.end().catch(() => {});
      if (wasUp)
        this.log?.warn(
          { err: err ? { message: err.message, code: (err as { code?: string }).code } : undefined },
          'live events: lost the database, reconnecting',
        );
      this.scheduleReconnect();
    };
    client.on('error', lost);
    client.on('end', () => lost());
    client.on('notification', (msg) => {
      if (msg.channel !== CHANNEL || !msg.payload) return;
      let parsed: { origin?: string; event?: ShopEvent };
      try {
        parsed = JSON.parse(msg.payload) as { origin?: string; event?: ShopEvent };
      } catch {
        return; // not ours
      }
      if (parsed.origin === this.origin || !parsed.event || typeof parsed.event.type !== 'string') return;
      this.emitter.emit('event', parsed.event);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
    } catch (err) {
      client.removeAllListeners();
      client.on('error', () => {});
      void client.end().catch(() => {});
      if (attempt === this.attempt) {
        // The first start reports the failure to the caller; later attempts keep trying.
        if (!this.everConnected) throw err;
        this.scheduleReconnect();
      }
      return;
    }
    if (attempt !== this.attempt || this.closed) {
      void client.end().catch(() => {});
      return;
    }
    if (this.everConnected) this.log?.info({}, 'live events: listening again');
    this.everConnected = true;
    this.client = client;
    this.retryMs = FIRST_RETRY_MS;
  }

  private everConnected = false;

  private scheduleReconnect() {
    if (this.closed || this.retry) return;
    const wait = this.retryMs;
    this.retryMs = Math.min(this.retryMs * 2, MAX_RETRY_MS);
    this.retry = setTimeout(() => {
      this.retry = null;
      void this.connect().catch(() => this.scheduleReconnect());
    }, wait);
    this.retry.unref();
  }

  async publish(event: ShopEvent): Promise<void> {
    this.emitter.emit('event', event);
    await this.pool.query('SELECT pg_notify($1, $2)', [CHANNEL, JSON.stringify({ origin: this.origin, event })]);
  }

  subscribe(listener: (event: ShopEvent) => void): () => void {
    this.emitter.on('event', listener);
    return () => this.emitter.off('event', listener);
  }

  async close(): Promise<void> {
    this.closed = true;
    this.attempt++;
    if (this.retry) clearTimeout(this.retry);
    this.emitter.removeAllListeners();
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => {});
  }
}
