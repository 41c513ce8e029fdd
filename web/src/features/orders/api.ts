import type { PdfUploadResult } from '@shop/shared/files/schemas';
import type {
  DraftOrderView as DraftOrder,
  OrderDetailView as OrderDetail,
  OrderView as Order,
  PrintChoices,
} from '@shop/shared/orders/order';
import type { OrderDocumentInput, OrderSummary } from '@shop/shared/orders/schemas';
import type { PrintingType } from '@shop/shared/common/options';
import type { CostResult, DocumentCostResult, OrderCostResult } from '@shop/shared/pricing/schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ordersText } from './texts';
import { ApiError, call, routeUrl, type CallAnswer, type CallQuery } from '@/lib/api-client';
import { callPage } from '@/lib/api-page';

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
export type OrderListQuery = CallQuery<'GET /api/orders/user'>;

/** The customer's orders, newest first, one page; the total comes from X-Total-Count. */
export const getMyOrders = (q: OrderListQuery = {}) => callPage('GET /api/orders/user', { query: q });

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
    queryFn: () => call('GET /api/orders/drafts'),
    staleTime: 5_000,
  });
export const reopenDraftPayment = (orderNumber: string) =>
  call('POST /api/orders/drafts/:ref/pay', { params: { ref: orderNumber } });
export const discardDraft = (orderNumber: string) =>
  call('DELETE /api/orders/drafts/:ref', { params: { ref: orderNumber } });

export const getOrderSummary = (q: Omit<OrderListQuery, 'limit' | 'offset'> = {}) =>
  call('GET /api/orders/user/summary', { query: q });
export const useOrderSummary = (q: Omit<OrderListQuery, 'limit' | 'offset'> = {}) =>
  useQuery({
    queryKey: ['orders', 'summary', q],
    queryFn: () => getOrderSummary(q),
    refetchInterval: 10_000,
    staleTime: 5_000,
    placeholderData: keepPreviousData,
  });

export const getOrder = (orderNumber: string) => call('GET /api/orders/:ref', { params: { ref: orderNumber } });
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
/** "Print again": the order's documents and choices for a new order (files the shop no longer keeps are null). */
export const getReorder = (orderNumber: string) =>
  call('GET /api/orders/:ref/reorder', { params: { ref: orderNumber } });

// ---- Ordering

/** How a document prints as the wizard holds it (the reorder answer's choices). */
export type PrintOptionsForm = PrintChoices & { serviceName?: string };

/** One document of an order as the quote and the payment order take it (`orderDocumentSchema` in shared). */
export type OrderDocumentBody = OrderDocumentInput;

/**
 * The print choices as the quote and the payment order take them. The wizard keeps the printing type as text, as
 * shared's PrintChoice does; it always comes from a service's `printing_type`, and the server refuses any other with
 * 400 'Choose a printing type'.
 */
export const optionsBody = (options: PrintOptionsForm): OrderDocumentBody['options'] => ({
  ...options,
  printingType: options.printingType as PrintingType,
});
/** Which pages of an uploaded PDF hold colour (found once by the server). */
export const getColourPages = (fileId: string) => call('GET /api/pdf/:fileId/colours', { params: { fileId } });
/** Asked again when the shop was busy with the customer's other pages (429) or with others' (503). */
export const useColourPages = (fileId: string | undefined, enabled: boolean) =>
  useQuery({
    queryKey: ['colours', fileId],
    queryFn: () => getColourPages(fileId!),
    enabled: enabled && !!fileId,
    retry: (count, err) => count < 6 && err instanceof ApiError && (err.status === 429 || err.status === 503),
    retryDelay: (count) => Math.min(500 * 2 ** count, 8_000),
  });
/** A picture of page `page` of an upload: a thumbnail, or `large` for the closer look. */
export const pageImageUrl = (fileId: string, page: number, size?: 'large') =>
  routeUrl('GET /api/pdf/:fileId/pages/:page', { params: { fileId, page }, query: { size } });
/** The price of an order of documents (the server's, from the stored files' pages). */
export const calculateOrderCost = (documents: OrderDocumentBody[]) =>
  // An order's quote (a body with `documents`) answers with the order's figures.
  call('POST /api/pdf/calculate-cost', { body: { documents } }) as Promise<OrderCostResult>;

export class UploadError extends Error {}

/** The routes that take a customer's file: the wizard's, and the counter's walk-in form (same pipeline and limits). */
export type UploadRoute = 'POST /api/pdf/upload' | 'POST /api/counter/uploads';

/**
 * Uploads one PDF with real progress (XMLHttpRequest reports upload progress; fetch does not), to the route of its
 * contract (its path from routeUrl, its answer typed by it).
 */
export function uploadPdf(
  file: File,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
  route: UploadRoute = 'POST /api/pdf/upload',
): Promise<PdfUploadResult & CallAnswer<UploadRoute>> {
  return new Promise((resolve, reject) => {
    // oxlint-disable-next-line no-restricted-globals -- upload progress needs XMLHttpRequest; the path is the contract's
    const xhr = new XMLHttpRequest();
    xhr.open('POST', routeUrl(route));
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
      if (xhr.status >= 200 && xhr.status < 300) return resolve(body as CallAnswer<UploadRoute>);
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
