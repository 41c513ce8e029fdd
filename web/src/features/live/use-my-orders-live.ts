import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { routeUrl } from '@/lib/api-client';

/**
 * A signed-in customer's pages follow their own orders live: the server pushes each status change of their orders
 * and each message the shop writes about one (GET /api/orders/events), and the order queries refresh at once; a
 * change to the catalogue refreshes the services, so an open order wizard offers what the shop prints now. Without
 * the stream the pages keep polling.
 */
export function useMyOrdersLive(enabled: boolean): void {
  const qc = useQueryClient();
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    const es = new EventSource(routeUrl('GET /api/orders/events'));
    es.addEventListener('order.status', () => void qc.invalidateQueries({ queryKey: ['orders'] }));
    es.addEventListener('order.message', (e) => {
      const orderNumber = readOrderNumber((e as MessageEvent<string>).data);
      void qc.invalidateQueries({ queryKey: orderNumber ? ['orders', orderNumber, 'messages'] : ['orders'] });
    });
    es.addEventListener('service.changed', () => {
      void qc.invalidateQueries({ queryKey: ['services'] });
      void qc.invalidateQueries({ queryKey: ['service'] });
    });
    return () => es.close();
  }, [enabled, qc]);
}

function readOrderNumber(data: string): string | null {
  try {
    const parsed = JSON.parse(data) as { orderNumber?: unknown };
    return typeof parsed.orderNumber === 'string' ? parsed.orderNumber : null;
  } catch {
    return null;
  }
}
