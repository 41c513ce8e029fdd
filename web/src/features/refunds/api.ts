import type { AnswerOf } from '@shop/shared/common/contract';
import type { refundRoutes } from '@shop/shared/refunds/routes';
import type { OrderRefunds, RefundRequest } from '@shop/shared/refunds/schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The admin's view of an order's refunds (who refunded, the provider's refund id). */
export function useAdminRefunds(orderId: number, enabled = true) {
  return useQuery({
    queryKey: ['admin', 'refunds', orderId],
    queryFn: () => api<OrderRefunds>(`/api/admin/orders/${orderId}/refunds`),
    enabled,
  });
}

export function useRefund(orderId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: RefundRequest) =>
      api<AnswerOf<typeof refundRoutes.refund, 201>>(`/api/admin/orders/${orderId}/refunds`, { method: 'POST', body }),
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: ['admin', 'refunds', orderId] });
      // The order's card says "₹42.00 paid · ₹10.00 refunded".
      void qc.invalidateQueries({ queryKey: ['orders'] });
    },
  });
}

/** The customer's view on tracking: only when the order is paid. */
export function useOrderRefunds(orderNumber: string, enabled: boolean) {
  return useQuery({
    queryKey: ['orders', orderNumber, 'refunds'],
    queryFn: () => api<OrderRefunds>(`/api/orders/${encodeURIComponent(orderNumber)}/refunds`),
    enabled,
    staleTime: 60_000,
  });
}
