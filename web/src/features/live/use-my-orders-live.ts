import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

/**
 * A signed-in customer's pages follow their own orders live: the server pushes each status change of their orders
 * (GET /api/orders/events) and the order queries refresh at once. Without the stream the pages keep polling.
 */
export function useMyOrdersLive(enabled: boolean): void {
  const qc = useQueryClient();
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    const es = new EventSource('/api/orders/events');
    es.addEventListener('order.status', () => void qc.invalidateQueries({ queryKey: ['orders'] }));
    return () => es.close();
  }, [enabled, qc]);
}
