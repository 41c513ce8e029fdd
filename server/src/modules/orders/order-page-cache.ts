import { backOfficeOrderRoutes } from '@shop/shared/orders/back-office-routes';
import type { BackOfficeQuery } from '@shop/shared/orders/back-office-routes';
import type { FastifyReply } from 'fastify';
import type { AppContext } from '../../context.ts';
import { answerJson, sendJson } from '../../plugins/contracts.ts';
import { toBackOfficeOrderDto, withDueTime } from './back-office-dto.ts';
import { withDocuments } from './order-documents.ts';
import { withRefunded } from './refunded.ts';
import {
  backOfficeStats,
  counterCounts,
  listBackOfficeOrders,
  type OrderListViewer,
} from './back-office.repository.ts';

/** How long one answer may be reused when no order event arrives in between. */
const PAGE_TTL_MS = 3_000;
const MAX_PAGES = 500;

interface OrderPage {
  /** The JSON array the admin and staff lists answer with, serialised once. */
  json: string;
  total: number;
  /** More orders than ORDER_TOTAL_CAP match: `total` is that cap. */
  capped: boolean;
}

/**
 * Keeps `load()`'s promise for PAGE_TTL_MS under a key; a failed load is forgotten at once. Cleared as a whole by
 * `clear()`, and when more than `max` keys are held.
 */
class Memo<T> {
  private readonly entries = new Map<string, { value: Promise<T>; until: number }>();
  constructor(private readonly max: number) {}
  clear() {
    this.entries.clear();
  }
  get(key: string, load: () => Promise<T>): Promise<T> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.until > now) return hit.value;
    if (this.entries.size >= this.max) this.entries.clear();
    const value = load();
    this.entries.set(key, { value, until: now + PAGE_TTL_MS });
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    return value;
  }
}

/**
 * Every open counter and admin screen asks for the same few pages every 5 s (and again on every push). The
 * answers are kept, serialised, for at most 3 s, and dropped at once when any order is paid, changes status or
 * is visited: those events reach every server copy (PostgreSQL LISTEN/NOTIFY), so no screen shows a stale queue.
 */
export class OrderPageCache {
  private readonly pages = new Memo<OrderPage>(MAX_PAGES);
  private readonly counts = new Memo<Awaited<ReturnType<typeof backOfficeStats>>>(1);
  private readonly chips = new Memo<Awaited<ReturnType<typeof counterCounts>>>(1);
  /** Both lists answer the same shape: serialised and checked as their contract says. */
  private readonly pageJson: (orders: ReturnType<typeof toBackOfficeOrderDto>[]) => string;
  constructor(private readonly ctx: AppContext) {
    this.pageJson = answerJson(ctx.config, backOfficeOrderRoutes.adminList);
  }

  clear() {
    this.pages.clear();
    this.counts.clear();
    this.chips.clear();
  }

  /** The counter's chip counts, kept like the pages (every open counter asks with every refresh). */
  counterCounts() {
    return this.chips.get('', () => counterCounts(this.ctx.db));
  }

  /** The admin dashboard's counts (aggregate queries over every order), kept like the pages. */
  stats() {
    return this.counts.get('', () => backOfficeStats(this.ctx.db));
  }

  get(q: BackOfficeQuery, viewer: OrderListViewer): Promise<OrderPage> {
    return this.pages.get(`${viewer}:${JSON.stringify(q)}`, () =>
      listBackOfficeOrders(this.ctx.db, q, viewer).then(async ({ rows, total, capped }) => ({
        json: this.pageJson(
          await withRefunded(
            this.ctx.db,
            (await withDocuments(this.ctx.db, rows, toBackOfficeOrderDto)).map(withDueTime),
          ),
        ),
        total,
        capped,
      })),
    );
  }

  /** Answers an order list request: the page as JSON, its total in `x-total-count` (`x-total-capped` when more). */
  async send<R extends FastifyReply>(reply: R, q: BackOfficeQuery, viewer: OrderListViewer): Promise<R> {
    const { json, total, capped } = await this.get(q, viewer);
    if (capped) reply.header('x-total-capped', 'true');
    reply.header('x-total-count', String(total));
    return sendJson(reply, json);
  }
}

/** The back-office page cache of an app (ctx.orderPages), cleared by every order or catalogue event from any server copy. */
export function createOrderPageCache(ctx: AppContext): OrderPageCache {
  const cache = new OrderPageCache(ctx);
  ctx.events.subscribe((e) => {
    if (e.type === 'order.paid' || e.type === 'order.status' || e.type === 'service.changed') cache.clear();
  });
  return cache;
}
