import type { AnswerOf } from '@shop/shared/common/contract';
import type { invoiceRoutes, InvoiceSummary } from '@shop/shared/gst/routes';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type { InvoiceSummary };

/** The order's receipt / bill / invoice and credit notes (owner, staff or admin); only once the order is paid. */
export function useOrderInvoices(orderNumber: string, enabled: boolean) {
  return useQuery({
    queryKey: ['orders', orderNumber, 'invoices'],
    queryFn: () => api<AnswerOf<typeof invoiceRoutes.ofOrder>>(`/api/orders/${encodeURIComponent(orderNumber)}/invoices`),
    enabled,
    staleTime: 60_000,
  });
}

export const invoicePdfUrl = (orderNumber: string, id: number) => `/api/orders/${encodeURIComponent(orderNumber)}/invoices/${id}/pdf`;
export const monthCsvUrl = (month: string) => `/api/admin/invoices.csv?month=${encodeURIComponent(month)}`;
