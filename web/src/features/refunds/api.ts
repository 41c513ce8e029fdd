import type { HandBack, RefundRequest } from '@shop/shared/refunds/schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

/** The admin's view of an order's refunds (who refunded, the provider's refund id). */
export function useAdminRefunds(orderId: number, enabled = true) {
  return useQuery({
    queryKey: ['admin', 'refunds', orderId],
    queryFn: () => call('GET /api/admin/orders/:id/refunds', { params: { id: orderId } }),
    enabled,
    // Read afresh each time the dialog opens: a refund may have settled or bounced at Razorpay since (the app's
    // queries are otherwise kept until something here changes them).
    refetchOnMount: 'always',
  });
}

export function useRefund(orderId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: RefundRequest) => call('POST /api/admin/orders/:id/refunds', { params: { id: orderId }, body }),
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: ['admin', 'refunds', orderId] });
      // The order's card says "₹42.00 paid · ₹10.00 refunded".
      void qc.invalidateQueries({ queryKey: ['orders'] });
    },
  });
}

/** A refund the bank refused, recorded as given back at the counter. */
export function useHandBack(orderId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ refundId, ...body }: HandBack & { refundId: number }) =>
      call('POST /api/admin/orders/:id/refunds/:refundId/hand-back', { params: { id: orderId, refundId }, body }),
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: ['admin', 'refunds', orderId] });
      // The day report's cash in the drawer, and the order's card ("₹11.00 to give back at the counter").
      void qc.invalidateQueries({ queryKey: ['admin', 'reports'] });
      void qc.invalidateQueries({ queryKey: ['orders'] });
    },
  });
}

/** The customer's view on tracking: only when the order is paid. */
export function useOrderRefunds(orderNumber: string, enabled: boolean) {
  return useQuery({
    queryKey: ['orders', orderNumber, 'refunds'],
    queryFn: () => call('GET /api/orders/:ref/refunds', { params: { ref: orderNumber } }),
    enabled,
    staleTime: 60_000,
  });
}
