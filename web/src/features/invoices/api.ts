import type { InvoiceSummary } from '@shop/shared/gst/routes';
import { useQuery } from '@tanstack/react-query';
import { call, routeUrl, type CallParams } from '@/lib/api-client';

export type { InvoiceSummary };

/** The order's receipt / bill / invoice and credit notes (owner, staff or admin); only once the order is paid. */
export function useOrderInvoices(orderNumber: string, enabled: boolean) {
  return useQuery({
    queryKey: ['orders', orderNumber, 'invoices'],
    queryFn: () => call('GET /api/orders/:ref/invoices', { params: { ref: orderNumber } }),
    enabled,
    staleTime: 60_000,
  });
}

export const invoicePdfUrl = (orderNumber: string, id: number) =>
  routeUrl('GET /api/orders/:ref/invoices/:id/pdf', { params: { ref: orderNumber, id } });
export const monthCsvUrl = (month: string) => routeUrl('GET /api/admin/invoices.csv', { query: { month } });
export const gstr1ZipUrl = (month: string) => routeUrl('GET /api/admin/gstr1.zip', { query: { month } });
/** One GSTR-1 section's CSV (b2b, b2cs…). */
export const gstr1SectionUrl = (month: string, section: CallParams<'GET /api/admin/gstr1/:section'>['section']) =>
  routeUrl('GET /api/admin/gstr1/:section', { params: { section }, query: { month } });
/** The admin's signature image, as the settings card shows it. */
export const signatureImageUrl = (id: number) => routeUrl('GET /api/admin/gst/signature/:id', { params: { id } });

/** The admin's GST settings: status, GSTIN, authorised signatory and signature image (decision 037). */
export function useGstSettings() {
  return useQuery({
    queryKey: ['admin', 'gst-settings'],
    queryFn: () => call('GET /api/admin/gst/settings'),
  });
}
export const saveSignatory = (signatoryName: string | null) =>
  call('PUT /api/admin/gst/settings', { body: { signatoryName } });
/** The signature image as a data URL (PNG or JPEG). */
export const setSignatureImage = (image: string) => call('PUT /api/admin/gst/signature', { body: { image } });
export const clearSignatureImage = () => call('DELETE /api/admin/gst/signature');
