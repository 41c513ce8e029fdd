import { request } from './api-client';
import type { CallAnswer, CallArgs, JsonRouteKey } from './api-routes';

/** One page of a list: its items, the total in `x-total-count`, and `capped` when the server stopped counting ("1,000+"). */
export interface Page<T> {
  items: T[];
  total: number;
  capped: boolean;
}
type Item<A> = A extends readonly (infer T)[] ? T : never;
/** A list route's page (`call` for routes that answer an array and count in `x-total-count`). */
export async function callPage<K extends JsonRouteKey>(
  key: K,
  ...args: CallArgs<K>
): Promise<Page<Item<CallAnswer<K>>>> {
  const { data, headers } = await request(key, args);
  const items = data as Item<CallAnswer<K>>[];
  return {
    items,
    total: Number(headers.get('x-total-count') ?? items.length),
    capped: headers.get('x-total-capped') === 'true',
  };
}
