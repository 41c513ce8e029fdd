import type { AppContext } from '../../context.ts';
import { OrderPageCache } from './back-office.repository.ts';

const caches = new WeakMap<AppContext, OrderPageCache>();

/** The back-office page cache of this app, cleared by every order event (paid, status) from any server copy. */
export function orderPageCache(ctx: AppContext): OrderPageCache {
  let cache = caches.get(ctx);
  if (!cache) {
    const created = new OrderPageCache(ctx.db);
    ctx.events.subscribe((e) => {
      if (e.type === 'order.paid' || e.type === 'order.status') created.clear();
    });
    caches.set(ctx, created);
    cache = created;
  }
  return cache;
}
