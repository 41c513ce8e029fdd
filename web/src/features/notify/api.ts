import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

/** Notes from the shop about an order (the customer's tracking page; staff and the admin too). */
export function useOrderMessages(orderNumber: string, enabled = true) {
  return useQuery({
    queryKey: ['orders', orderNumber, 'messages'],
    queryFn: () => call('GET /api/orders/:ref/messages', { params: { ref: orderNumber } }),
    enabled,
    refetchInterval: 30_000,
  });
}

export function useSendMessage(orderNumber: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: string) =>
      call('POST /api/staff/orders/:ref/messages', { params: { ref: orderNumber }, body: { body } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['orders', orderNumber, 'messages'] }),
  });
}
