import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface InvoiceSummary {
  id: number;
  kind: 'invoice' | 'credit_note';
  documentType: 'receipt' | 'bill_of_supply' | 'tax_invoice';
  serial: string;
  issuedAt: string;
  total: number;
}

/** The order's receipt / bill / invoice and credit notes (owner, staff or admin); only once the order is paid. */
export function useOrderInvoices(orderNumber: string, enabled: boolean) {
  return useQuery({
    queryKey: ['orders', orderNumber, 'invoices'],
    queryFn: () => api<{ invoices: InvoiceSummary[] }>(`/api/orders/${encodeURIComponent(orderNumber)}/invoices`),
    enabled,
    staleTime: 60_000,
  });
}

export const invoicePdfUrl = (orderNumber: string, id: number) => `/api/orders/${encodeURIComponent(orderNumber)}/invoices/${id}/pdf`;
export const monthCsvUrl = (month: string) => `/api/admin/invoices.csv?month=${encodeURIComponent(month)}`;
