import type { BackOfficeOrderView as BackOfficeOrder } from '@shop/shared/orders/order';
import type { PickupCode } from '@shop/shared/pickup/schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The customer's own pickup code and its QR code (SVG text). */
export function usePickupCode(orderNumber: string, enabled: boolean) {
  return useQuery({
    queryKey: ['orders', orderNumber, 'pickup'],
    queryFn: () => api<PickupCode>(`/api/orders/${encodeURIComponent(orderNumber)}/pickup`),
    enabled,
    staleTime: Infinity,
    retry: false,
  });
}

/** The counter marks an order collected with the customer's code (order number or id). */
export function useCollect() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ ref, code }: { ref: string | number; code: string }) =>
      api<BackOfficeOrder>(`/api/staff/orders/${encodeURIComponent(String(ref))}/collect`, {
        method: 'POST',
        body: { code },
      }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['orders'] }),
  });
}

/** The order waiting to be collected with this pickup code (the counter's search box: typed, or scanned). */
export const findByPickupCode = (code: string) =>
  api<BackOfficeOrder>('/api/staff/orders/find-by-pickup-code', { method: 'POST', body: { code } });
