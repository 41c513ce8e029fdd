import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

/** The customer's own pickup code and its QR code (SVG text). */
export function usePickupCode(orderNumber: string, enabled: boolean) {
  return useQuery({
    queryKey: ['orders', orderNumber, 'pickup'],
    queryFn: () => call('GET /api/orders/:ref/pickup', { params: { ref: orderNumber } }),
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
      call('POST /api/staff/orders/:ref/collect', { params: { ref }, body: { code } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['orders'] }),
  });
}

/** The order waiting to be collected with this pickup code (the counter's search box: typed, or scanned). */
export const findByPickupCode = (code: string) =>
  call('POST /api/staff/orders/find-by-pickup-code', { body: { code } });
