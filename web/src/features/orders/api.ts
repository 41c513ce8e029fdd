import type { ColourPages } from '@shop/shared/files/routes';
import type { PdfUploadResult } from '@shop/shared/files/schemas';
import type {
  DraftOrderView as DraftOrder,
  OrderDetailView as OrderDetail,
  OrderView as Order,
  PrintChoices,
} from '@shop/shared/orders/order';
import type { OrderDocumentInput, OrderSummary } from '@shop/shared/orders/schemas';
import type { VerifiedPayment } from '@shop/shared/payments/routes';
import type {
  CreatePaymentOrderResponse,
  SandboxCompleteResponse,
  VerifyPaymentInput,
} from '@shop/shared/payments/schemas';
import type { CostResult, DocumentCostResult, OrderCostResult } from '@shop/shared/pricing/schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ordersText } from './texts';
import { api, apiPage, ApiError } from '@/lib/api-client';

export type {
  CostResult,
  DocumentCostResult,
  DraftOrder,
  Order,
  OrderCostResult,
  OrderDetail,
  OrderSummary,
  PdfUploadResult,
};

/** The customer's list filters (`orderHistoryQuerySchema` in shared; the server falls back to defaults for bad values). */
export interface OrderListQuery {
  limit?: number;
  offset?: number;
  search?: string;
  status?: string;
  deliveryType?: string;
}

/** The customer's orders, newest first, one page; the total comes from X-Total-Count. */
export const getMyOrders = (q: OrderListQuery = {}) => apiPage<Order>('/api/orders/user', { ...q });

/** The dashboard refetches every 10 s, in the background too; the history list every 10 s. */
export const myOrdersQueryOptions = (q: OrderListQuery = {}, background = false) =>
  queryOptions({
    queryKey: ['orders', 'user', q],
    queryFn: () => getMyOrders(q),
    refetchInterval: 10_000,
    refetchIntervalInBackground: background,
    staleTime: 5_000,
    placeholderData: keepPreviousData,
  });
export const useMyOrders = (q: OrderListQuery = {}, background = false) =>
  useQuery(myOrdersQueryOptions(q, background));

/** The caller's unpaid orders, open for payment (decision 002). */
export const useDraftOrders = () =>
  useQuery({
    queryKey: ['orders', 'drafts'],
    queryFn: () => api<DraftOrder[]>('/api/orders/drafts'),
    staleTime: 5_000,
  });
export const reopenDraftPayment = (orderNumber: string) =>
  api<CreatePaymentOrderResponse>(`/api/orders/drafts/${encodeURIComponent(orderNumber)}/pay`, { method: 'POST' });
export const discardDraft = (orderNumber: string) =>
  api<void>(`/api/orders/drafts/${encodeURIComponent(orderNumber)}`, { method: 'DELETE' });

export const getOrderSummary = (q: Omit<OrderListQuery, 'limit' | 'offset'> = {}) =>
  api<OrderSummary>('/api/orders/user/summary', { query: q as Record<string, string> });
export const useOrderSummary = (q: Omit<OrderListQuery, 'limit' | 'offset'> = {}) =>
  useQuery({
    queryKey: ['orders', 'summary', q],
    queryFn: () => getOrderSummary(q),
    refetchInterval: 10_000,
    staleTime: 5_000,
    placeholderData: keepPreviousData,
  });

export const getOrder = (orderNumber: string) => api<OrderDetail>(`/api/orders/${encodeURIComponent(orderNumber)}`);
/** Tracking: retried 3 times (not on 404), refreshed every 10 s so status changes show up. */
export const orderQueryOptions = (orderNumber: string) =>
  queryOptions({
    queryKey: ['orders', 'detail', orderNumber],
    queryFn: () => getOrder(orderNumber),
    retry: (count, err) => !(err instanceof ApiError && err.status === 404) && count < 3,
    refetchInterval: 10_000,
    staleTime: 5_000,
  });
export const useOrder = (orderNumber: string) => useQuery(orderQueryOptions(orderNumber));

// ---- Ordering

export type PrintOptionsForm = PrintChoices & { serviceName?: string };

/** One document of an order as the wizard sends it (`orderDocumentSchema` in shared). */
export type OrderDocumentBody = Omit<OrderDocumentInput, 'options'> & { options: PrintOptionsForm };
/** Which pages of an uploaded PDF hold colour (found once by the server). */
export const getColourPages = (fileId: string) => api<ColourPages>(`/api/pdf/${encodeURIComponent(fileId)}/colours`);
/** Asked again when the shop was busy with the customer's other pages (429) or with others' (503). */
export const useColourPages = (fileId: string | undefined, enabled: boolean) =>
  useQuery({
    queryKey: ['colours', fileId],
    queryFn: () => getColourPages(fileId!),
    enabled: enabled && !!fileId,
    retry: (count, err) => count < 6 && err instanceof ApiError && (err.status === 429 || err.status === 503),
    retryDelay: (count) => Math.min(500 * 2 ** count, 8_000),
  });
/** The price of an order of documents (the server's, from the stored files' pages). */
export const calculateOrderCost = (documents: OrderDocumentBody[]) =>
  api<OrderCostResult>('/api/pdf/calculate-cost', { method: 'POST', body: { documents } });

export const calculateCost = (fileId: string, pageCount: number, options: PrintOptionsForm) =>
  api<CostResult>('/api/pdf/calculate-cost', { method: 'POST', body: { fileId, pdfInfo: { pageCount }, options } });

export type { CreatePaymentOrderResponse, SandboxCompleteResponse };
export const createPaymentOrder = (body: Record<string, unknown>) =>
  api<CreatePaymentOrderResponse>('/api/razorpay/create-order', { method: 'POST', body });
export const completeSandboxPayment = (razorpay_order_id: string, outcome: 'success' | 'failure') =>
  api<SandboxCompleteResponse>('/api/payments/sandbox/complete', {
    method: 'POST',
    body: { razorpay_order_id, outcome },
  });
export const verifyPayment = (body: VerifyPaymentInput) =>
  api<VerifiedPayment>('/api/razorpay/verify-payment', { method: 'POST', body });

export class UploadError extends Error {}

/**
 * Uploads one PDF with real progress (XMLHttpRequest reports upload progress; fetch does not). The counter's walk-in
 * form sends to its own route (`/api/counter/uploads`): the same pipeline and limits.
 */
export function uploadPdf(
  file: File,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
  url = '/api/pdf/upload',
): Promise<PdfUploadResult> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.responseType = 'text';
    xhr.timeout = 5 * 60_000;
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(Math.round((e.loaded / e.total) * 100));
    xhr.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        return reject(
          new UploadError(
            xhr.status >= 400 ? ordersText('upload.status', { status: xhr.status }) : ordersText('upload.format'),
          ),
        );
      }
      if (xhr.status >= 200 && xhr.status < 300) return resolve(body as PdfUploadResult);
      const message = (body as { message?: string })?.message;
      reject(new UploadError(message || ordersText('upload.status', { status: xhr.status })));
    };
    xhr.onerror = () => reject(new UploadError(ordersText('upload.network')));
    xhr.ontimeout = () => reject(new UploadError(ordersText('upload.timeout')));
    xhr.onabort = () => reject(new UploadError(ordersText('upload.aborted')));
    signal?.addEventListener('abort', () => xhr.abort());
    const fd = new FormData();
    fd.append('file', file);
    xhr.send(fd);
  });
}
