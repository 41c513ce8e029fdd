import type { AnswerOf } from '@shop/shared/common/contract';
import type { invoiceRoutes, InvoiceSummary } from '@shop/shared/gst/routes';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type { InvoiceSummary };

/** The order's receipt / bill / invoice and credit notes (owner, staff or admin); only once the order is paid. */
export function useOrderInvoices(orderNumber: string, enabled: boolean) {
  return useQuery({
    queryKey: ['orders', orderNumber, 'invoices'],
    queryFn: () =>
      api<AnswerOf<typeof invoiceRoutes.ofOrder>>(`/api/orders/${encodeURIComponent(orderNumber)}/invoices`),
    enabled,
    staleTime: 60_000,
  });
}

export const invoicePdfUrl = (orderNumber: string, id: number) =>
  `/api/orders/${encodeURIComponent(orderNumber)}/invoices/${id}/pdf`;
export const monthCsvUrl = (month: string) => `/api/admin/invoices.csv?month=${encodeURIComponent(month)}`;
export const gstr1ZipUrl = (month: string) => `/api/admin/gstr1.zip?month=${encodeURIComponent(month)}`;
export const gstr1SectionUrl = (month: string, section: string) =>
  `/api/admin/gstr1/${section}?month=${encodeURIComponent(month)}`;

/** The admin's GST settings: status, GSTIN, authorised signatory and signature image (decision 037). */
export function useGstSettings() {
  return useQuery({
    queryKey: ['admin', 'gst-settings'],
    queryFn: () => api<AnswerOf<typeof invoiceRoutes.settings>>('/api/admin/gst/settings'),
  });
}
