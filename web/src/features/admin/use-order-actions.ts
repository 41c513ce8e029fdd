import { useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useSetStatus, type BackOfficeOrder } from './api';

/** Status change and file download with the spec's messages; a download of an unvisited order makes it visited. */
export function useOrderActions(scope: 'admin' | 'staff') {
  const setStatus = useSetStatus(scope);
  const qc = useQueryClient();
  return {
    busy: setStatus.isPending,
    changeStatus: async (order: BackOfficeOrder, status: string) => {
      try {
        await setStatus.mutateAsync({ id: order.id, status });
        toast({ title: 'Status updated', description: `Order status updated to ${status}` });
      } catch (err) {
        toast({ title: 'Error', description: errorMessage(err, 'Failed to update order status'), variant: 'destructive' });
      }
    },
    download: (order: BackOfficeOrder) => {
      const w = window.open(order.download_url, '_blank', 'noopener');
      if (!w) window.location.assign(order.download_url);
      setTimeout(() => void qc.invalidateQueries({ queryKey: ['orders'] }), 800);
    },
  };
}
