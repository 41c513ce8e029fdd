import type { FastifyReply } from 'fastify';
import type { AppContext } from '../../context.ts';
import { toBackOfficeOrderDto, withDueTime } from './back-office-dto.ts';
import { withDocuments } from './order-documents.ts';
import { backOfficeStats, counterCounts, listBackOfficeOrders, type BackOfficeQuery, type OrderListViewer } from './back-office.repository.ts';

/** How long one page answer may be reused when no order event arrives in between. */
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
 * Every open counter and admin screen asks for the same few pages every 5 s (and again on every push). The
 * answers are kept, serialised, for at most 3 s, and dropped at once when any order is paid, changes status or
 * is visited: those events reach every server copy (PostgreSQL LISTEN/NOTIFY), so no screen shows a stale queue.
 */
export class OrderPageCache {
  private readonly pages = new Map<string, { page: Promise<OrderPage>; until: number }>();
  private counts: { value: ReturnType<typeof backOfficeStats>; until: number } | null = null;
  private chips: { value: ReturnType<typeof counterCounts>; until: number } | null = null;
  constructor(private readonly ctx: AppContext) {}

  clear() {
    this.pages.clear();
    this.counts = null;
    this.chips = null;
  }

  /** The counter's chip counts, kept like the pages (every open counter asks with every refresh). */
  counterCounts(): ReturnType<typeof counterCounts> {
    const now = Date.now();
    if (this.chips && this.chips.until > now) return this.chips.value;
    const value = counterCounts(this.ctx.db);
    const entry = { value, until: now + PAGE_TTL_MS };
    this.chips = entry;
    value.catch(() => {
      if (this.chips === entry) this.chips = null;
    });
    return value;
  }

  /** The admin dashboard's counts (aggregate queries over every order), kept like the pages. */
  stats(): ReturnType<typeof backOfficeStats> {
    const now = Date.now();
    if (this.counts && this.counts.until > now) return this.counts.value;
    const value = backOfficeStats(this.ctx.db);
    const entry = { value, until: now + PAGE_TTL_MS };
    this.counts = entry;
    value.catch(() => {
      if (this.counts === entry) this.counts = null;
    });
    return value;
  }

  get(q: BackOfficeQuery, viewer: OrderListViewer): Promise<OrderPage> {
    const key = `${viewer}:${JSON.stringify(q)}`;
    const now = Date.now();
    const hit = this.pages.get(key);
    if (hit && hit.until > now) return hit.page;
    if (this.pages.size >= MAX_PAGES) this.pages.clear();
    const page = listBackOfficeOrders(this.ctx.db, q, viewer).then(async ({ rows, total, capped }) => ({
      json: JSON.stringify((await withDocuments(this.ctx.db, rows.map(toBackOfficeOrderDto))).map(withDueTime)),
      total,
      capped,
    }));
    this.pages.set(key, { page, until: now + PAGE_TTL_MS });
    page.catch(() => {
      if (this.pages.get(key)?.page === page) this.pages.delete(key);
    });
    return page;
  }

  /** Answers an order list request: the page as JSON, its total in `x-total-count` (`x-total-capped` when more). */
  async send(reply: FastifyReply, q: BackOfficeQuery, viewer: OrderListViewer) {
    const { json, total, capped } = await this.get(q, viewer);
    if (capped) reply.header('x-total-capped', 'true');
    return reply.header('x-total-count', String(total)).type('application/json; charset=utf-8').send(json);
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
