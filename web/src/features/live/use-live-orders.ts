import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { routeUrl } from '@/lib/api-client';

/**
 * Listens to the server's push stream (Server-Sent Events) and refreshes the order lists the moment an order is
 * paid or changes status. While the stream is down, the lists keep polling every 5 s (their refetchInterval).
 */
export function useLiveOrders(): { connected: boolean } {
  const qc = useQueryClient();
  const [connected, setConnected] = useState(false);
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const es = new EventSource(routeUrl('GET /api/events'));
    const refresh = () => void qc.invalidateQueries({ queryKey: ['orders'] });
    es.onopen = () => setConnected(true);
    es.onerror = () => setConnected(false);
    es.addEventListener('order.paid', refresh);
    es.addEventListener('order.status', refresh);
    es.addEventListener('service.changed', () => void qc.invalidateQueries({ queryKey: ['services'] }));
    // Print jobs move on as the printer works (features/printing); agents and printers for the admin's screen.
    es.addEventListener('print.job', () => void qc.invalidateQueries({ queryKey: ['print-jobs'] }));
    es.addEventListener('print.agent', () => {
      void qc.invalidateQueries({ queryKey: ['print-agents'] });
      void qc.invalidateQueries({ queryKey: ['printers'] });
    });
    return () => es.close();
  }, [qc]);
  return { connected };
}
