import { EventEmitter } from 'node:events';
import pg from 'pg';
import type { EventBus, ShopEvent } from './events.ts';

const CHANNEL = 'shop_events';

/**
 * PostgreSQL LISTEN/NOTIFY: every server copy on the same database hears every event.
 * The listening client reconnects by itself when the database goes away and comes back.
 */
export class PgEventBus implements EventBus {
  readonly kind = 'postgres' as const;
  private readonly emitter = new EventEmitter().setMaxListeners(0);
  private client: pg.Client | null = null;
  private closed = false;
  private retry: NodeJS.Timeout | null = null;

  constructor(
    private readonly pool: pg.Pool,
    private readonly url: string,
  ) {}

  async start(): Promise<void> {
    await this.connect();
  }

  private async connect(): Promise<void> {
    if (this.closed) return;
    const client = new pg.Client({ connectionString: this.url });
    client.on('error', () => this.scheduleReconnect());
    client.on('end', () => this.scheduleReconnect());
    client.on('notification', (msg) => {
      if (msg.channel !== CHANNEL || !msg.payload) return;
      try {
        this.emitter.emit('event', JSON.parse(msg.payload) as ShopEvent);
      } catch {
        /* ignore malformed payloads */
      }
    });
    await client.connect();
    await client.query(`LISTEN ${CHANNEL}`);
    this.client = client;
  }

  private scheduleReconnect() {
    if (this.closed || this.retry) return;
    this.client = null;
    this.retry = setTimeout(() => {
      this.retry = null;
      this.connect().catch(() => this.scheduleReconnect());
    }, 1000);
  }

  async publish(event: ShopEvent): Promise<void> {
    await this.pool.query('SELECT pg_notify($1, $2)', [CHANNEL, JSON.stringify(event)]);
  }

  subscribe(listener: (event: ShopEvent) => void): () => void {
    this.emitter.on('event', listener);
    return () => this.emitter.off('event', listener);
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    this.emitter.removeAllListeners();
    await this.client?.end().catch(() => {});
  }
}
