/**
 * The order model (a header and its documents, docs/decisions/036): reading, showing, moving and downloading orders.
 * The module's front door: other code imports only what is named here (docs/decisions/045-module-front-doors.md).
 */
// Its answers, registered for plugins/answer-language.ts to put into the caller's language.
import './i18n/index.ts';

export { addressText, toBackOfficeOrderDto, withDueTime } from './back-office-dto.ts';
export { backOfficeOrderRoutes } from './back-office.routes.ts';
export { documentWords } from './document-words.ts';
export { assertDocumentDownloadable, filesOnceSensitive } from './download-guard.ts';
export {
  documentAt,
  documentNamesOf,
  documentsByOrder,
  documentsOf,
  documentsOfOrderRow,
  hasFinishing,
  type OrderDocumentRow,
  printCopyName,
  printedPagesOf,
  withDocuments,
  withOneOrder,
} from './order-documents.ts';
export { toOrderDto } from './order-dto.ts';
export { filesDueAt, orderFilesOf } from './order-files.ts';
export { createOrderPageCache } from './order-page-cache.ts';
export { changeOrderStatus, markOrderVisited, type StatusActor } from './order-status.service.ts';
export {
  type OrdersContext,
  type OrderStatusChange,
  type OrderStatusListener,
  transitionOrder,
} from './order-transition.ts';
export { findOrderById, findOrderByNumber, findOrderByProviderOrderId, type OrderRow } from './orders.repository.ts';
export { ordersRoutes } from './orders.routes.ts';
export { findOwnPaidOrder, findVisibleOrder, noteBackOfficeDownload, pdfDownloadHeaders } from './orders.service.ts';
export { reorderRoutes } from './reorder.routes.ts';
