import type { OrderMessageDto } from '@shop/shared/orders/messages';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Notes from the shop about an order (the customer's tracking page; staff and the admin too). */
export function useOrderMessages(orderNumber: string, enabled = true) {
  return useQuery({
    queryKey: ['orders', orderNumber, 'messages'],
    queryFn: () => api<OrderMessageDto[]>(`/api/orders/${encodeURIComponent(orderNumber)}/messages`),
    enabled,
    refetchInterval: 30_000,
  });
}

export function useSendMessage(orderNumber: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: string) =>
      api<OrderMessageDto>(`/api/staff/orders/${encodeURIComponent(orderNumber)}/messages`, {
        method: 'POST',
        body: { body },
      }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['orders', orderNumber, 'messages'] }),
  });
}
