import { EventEmitter } from 'node:events';

/** What the back office screens need to hear about, live. */
export type ShopEvent =
  | { type: 'order.paid'; orderId: number; orderNumber: string; deliveryType: string; at: string; userId?: number }
  | {
      type: 'order.status';
      orderId: number;
      orderNumber: string;
      from: string | null;
      to: string;
      at: string;
      userId?: number;
    }
  | { type: 'service.changed'; serviceId: number | null; at: string }
  /** The shop wrote to the customer about an order (their open tracking page shows it at once). */
  | { type: 'order.message'; orderId: number; orderNumber: string; at: string; userId?: number }
  /** A print job was made or changed state (the counter's cards; the agents' waiting polls). */
  | { type: 'print.job'; jobId: number; orderId: number; state: string; at: string }
  /** An agent or its printers changed: reported states, roles, token revoked (the admin's printer screen). */
  | { type: 'print.agent'; agentId: number; at: string }
  /** Sessions revoked on one server copy: the others drop them from their caches. */
  | { type: 'sessions.forget'; tokenHash?: string; userId?: number; staffId?: number; at: string };

/**
 * Live events: in-process by default; PostgreSQL LISTEN/NOTIFY in production so every server copy sees every event.
 */
export interface EventBus {
  readonly kind: 'memory' | 'postgres';
  /** For PostgreSQL: whether the listening connection is up (it reconnects by itself). */
  readonly connected?: boolean;
  publish(event: ShopEvent): Promise<void>;
  subscribe(listener: (event: ShopEvent) => void): () => void;
  close(): Promise<void>;
}

export class MemoryEventBus implements EventBus {
  readonly kind = 'memory' as const;
  private readonly emitter = new EventEmitter().setMaxListeners(0);

  async publish(event: ShopEvent): Promise<void> {
    this.emitter.emit('event', event);
  }

  subscribe(listener: (event: ShopEvent) => void): () => void {
    this.emitter.on('event', listener);
    return () => this.emitter.off('event', listener);
  }

  async close(): Promise<void> {
    this.emitter.removeAllListeners();
  }
}
